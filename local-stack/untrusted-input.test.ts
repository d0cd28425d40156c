import { describe, expect, it } from 'vitest';
import { parseStripeForm } from './stripe/form.ts';
import { StripeApiError } from './stripe/errors.ts';
import { parseUntrustedJson, withoutPrototype } from './untrusted-input.ts';

describe('objects parsed from requests', () => {
  it('JSON objects at every depth have no prototype, and a __proto__ key stays plain data', () => {
    const parsed = parseUntrustedJson('{"__proto__":{"role":"service_role"},"a":{"b":{"c":1}},"list":[{"d":2}]}') as Record<string, Record<string, unknown>>;
    expect(Object.getPrototypeOf(parsed)).toBeNull();
    expect(Object.getPrototypeOf(parsed.a)).toBeNull();
    expect(Object.getPrototypeOf(parsed.a!.b)).toBeNull();
    expect(Object.getPrototypeOf((parsed.list as unknown as object[])[0])).toBeNull();
    expect(Object.keys(parsed)).toEqual(['__proto__', 'a', 'list']);
    expect(parsed.role).toBeUndefined();
    expect(({} as Record<string, unknown>).role).toBeUndefined();
  });

  it('a copy without a prototype reads only its own claims', () => {
    const claims = withoutPrototype({ sub: 'x' }) as Record<string, unknown>;
    expect(claims.sub).toBe('x');
    expect(claims.toString).toBeUndefined();
    expect(claims.constructor).toBeUndefined();
  });

  it.each(['__proto__[role]=service_role', 'constructor[prototype][role]=x', 'a[__proto__][role]=x', 'prototype=x'])(
    'the Stripe form parser refuses %s as an unknown parameter and pollutes nothing',
    (body) => {
      expect(() => parseStripeForm(body)).toThrow(StripeApiError);
      expect(() => parseStripeForm(body)).toThrow(/^Received unknown parameter: /);
      expect(({} as Record<string, unknown>).role).toBeUndefined();
    },
  );
});
