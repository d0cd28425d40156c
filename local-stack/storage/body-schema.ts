/**
 * Storage validates each JSON body against its route's schema (Fastify with Ajv) before the route runs, and a body
 * of the wrong shape is a 400 naming the field as Ajv does (`body/prefix must be string`), never a 500.
 */
import { errors } from './errors.ts';

type FieldType = 'string' | 'number' | 'integer' | 'object' | 'array';

export type BodySchema = Record<string, FieldType>;

function hasType(value: unknown, type: FieldType): boolean {
  switch (type) {
    case 'integer':
      return Number.isInteger(value);
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'array':
      return Array.isArray(value);
    case 'object':
      return typeof value === 'object' && value !== null && !Array.isArray(value);
    default:
      return typeof value === type;
  }
}

/** Throws Storage's 400 for the first field present with the wrong type; nested fields are named `a/b`. */
export function checkBody(body: Record<string, unknown>, schema: BodySchema, path = 'body'): void {
  for (const [field, type] of Object.entries(schema)) {
    const value = Object.hasOwn(body, field) ? body[field] : undefined;
    if (value !== undefined && !hasType(value, type)) throw errors.invalidRequest(`${path}/${field} must be ${type}`);
  }
}

/** A required list of strings (`paths`, `prefixes`): Storage's 400 when it is missing, empty or holds anything else. */
export function stringList(body: Record<string, unknown>, field: string): string[] {
  const value = Object.hasOwn(body, field) ? body[field] : undefined;
  if (!Array.isArray(value) || value.length === 0) throw errors.invalidRequest(`body must have required property '${field}'`);
  const entries: unknown[] = value;
  return entries.map((entry, index) => {
    if (typeof entry !== 'string') throw errors.invalidRequest(`body/${field}/${index} must be string`);
    return entry;
  });
}
