/**
 * Stripe's API takes `application/x-www-form-urlencoded` bodies with bracketed keys, as the SDK writes them
 * (`line_items[0][price]=price_x&metadata[user_id]=…`). This turns such a body into nested objects and arrays,
 * built without prototypes; a key that names a prototype (`__proto__[role]`) is refused as Stripe refuses any
 * parameter it does not know.
 */
import { emptyRecord, isPrototypeKey } from '../untrusted-input.ts';
import { StripeApiError } from './errors.ts';

export type FormValue = string | FormObject | FormValue[];
export interface FormObject {
  [key: string]: FormValue;
}

export function parseStripeForm(body: string): FormObject {
  const root: FormObject = emptyRecord();
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const path = keyPath(rawKey);
    if (path.some(isPrototypeKey)) {
      throw new StripeApiError(400, 'invalid_request_error', `Received unknown parameter: ${rawKey}`, 'parameter_unknown', rawKey);
    }
    let node: FormObject = root;
    path.forEach((segment, index) => {
      if (index === path.length - 1) {
        node[segment] = value;
        return;
      }
      const next = node[segment];
      if (typeof next === 'object' && !Array.isArray(next)) {
        node = next;
      } else {
        const created: FormObject = emptyRecord();
        node[segment] = created;
        node = created;
      }
    });
  }
  return arraysFromNumericKeys(root) as FormObject;
}

function keyPath(key: string): string[] {
  const head = key.split('[', 1)[0]!;
  const rest = [...key.slice(head.length).matchAll(/\[([^\]]*)\]/g)].map((match) => match[1]!);
  return [head, ...rest];
}

/** `{ "0": {...}, "1": {...} }` (what `a[0]`, `a[1]` produce) becomes an array, recursively. */
function arraysFromNumericKeys(value: FormValue): FormValue {
  if (typeof value === 'string' || Array.isArray(value)) return value;
  const keys = Object.keys(value);
  const converted: FormObject = emptyRecord();
  for (const key of keys) converted[key] = arraysFromNumericKeys(value[key]!);
  if (keys.length > 0 && keys.every((key) => /^\d+$/.test(key))) {
    return keys.sort((a, b) => Number(a) - Number(b)).map((key) => converted[key]!);
  }
  return converted;
}

export function formString(value: FormValue | undefined): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

export function formObject(value: FormValue | undefined): FormObject | undefined {
  return typeof value === 'object' && !Array.isArray(value) ? value : undefined;
}

export function formArray(value: FormValue | undefined): FormValue[] {
  if (Array.isArray(value)) return value;
  // A single `a[0]` parses as an array already; an object with non-numeric keys is not a list.
  return [];
}

/** Metadata values are strings in Stripe; an empty string removes a key. */
export function formMetadata(value: FormValue | undefined): Record<string, string> {
  const object = formObject(value);
  const metadata: Record<string, string> = emptyRecord();
  if (!object) return metadata;
  for (const [key, entry] of Object.entries(object)) {
    if (typeof entry === 'string' && entry !== '') metadata[key] = entry;
  }
  return metadata;
}
