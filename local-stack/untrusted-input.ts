/**
 * Objects built from what a client sent. Auth, Storage, the Stripe stand-in and the form sink share one Node
 * process, so a parser that follows a key such as `__proto__` into `Object.prototype` would change every service
 * at once (a form POST to the Stripe stand-in once made every token without a `role` claim act as service_role).
 * Everything parsed from a request is built on objects without a prototype, so a missing key reads as undefined
 * whatever any other code did, and no key can reach a shared prototype.
 */

/** Keys that walk to a prototype in ordinary objects: parsers refuse or ignore them. */
export const prototypeKeys: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

export function isPrototypeKey(key: string): boolean {
  return prototypeKeys.has(key);
}

/** A new object without a prototype holding `source`'s own enumerable properties (an own `__proto__` stays data). */
export function withoutPrototype<T extends object>(source: T): T {
  const copy = Object.create(null) as T;
  for (const key of Object.keys(source)) {
    Object.defineProperty(copy, key, { value: (source as Record<string, unknown>)[key], enumerable: true, writable: true, configurable: true });
  }
  return copy;
}

/** JSON.parse where every object, at any depth, has no prototype. */
export function parseUntrustedJson(text: string): unknown {
  return JSON.parse(text, (_key, value: unknown) => (typeof value === 'object' && value !== null && !Array.isArray(value) ? withoutPrototype(value) : value));
}

/** An empty object without a prototype, for parsers that fill one key by key. */
export function emptyRecord<T>(): Record<string, T> {
  return Object.create(null) as Record<string, T>;
}
