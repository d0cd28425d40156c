import type { PropertyFormValues, PropertyType } from './types';

/** The bounds of the database's validate_property trigger, for the messages that name them. */
export const propertyLimits = { name: 120, address: 300 } as const;

export type PropertyFormErrors = Partial<Record<'name' | 'type' | 'address', string>>;

/**
 * Name and type are required (checked before sending); the address is optional. Lengths are the database's
 * rule: its refusal names the field (`errors.ts`). Values are i18n keys in `properties`.
 */
export function validatePropertyForm(values: PropertyFormValues): PropertyFormErrors {
  const errors: PropertyFormErrors = {};
  if (values.name.trim() === '') errors.name = 'validation.nameRequired';
  if (values.type !== 'hotel' && values.type !== 'other') errors.type = 'validation.typeRequired';
  return errors;
}

export interface PropertyInput {
  name: string;
  type: PropertyType;
  address: string | null;
}

/** What is sent to the database once the form is valid: trimmed, empty address stored as null. */
export function toPropertyInput(values: PropertyFormValues): PropertyInput {
  const address = values.address.trim();
  return { name: values.name.trim(), type: values.type === 'hotel' ? 'hotel' : 'other', address: address === '' ? null : address };
}
