import type { PropertyFormValues, PropertyType } from './types';

export const propertyLimits = { name: 120, address: 300 } as const;

export type PropertyFormErrors = Partial<Record<'name' | 'type' | 'address', string>>;

/** Name and type are required; the address is optional. Values are i18n keys in `properties`. */
export function validatePropertyForm(values: PropertyFormValues): PropertyFormErrors {
  const errors: PropertyFormErrors = {};
  const name = values.name.trim();
  if (name === '') errors.name = 'validation.nameRequired';
  else if (name.length > propertyLimits.name) errors.name = 'validation.nameTooLong';
  if (values.type !== 'hotel' && values.type !== 'other') errors.type = 'validation.typeRequired';
  if (values.address.trim().length > propertyLimits.address) errors.address = 'validation.addressTooLong';
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
