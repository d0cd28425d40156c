/**
 * A property the database refused, shown at the field it names (validate_property's DETAIL: name, type,
 * address) in the host's language. Only the required fields are checked before sending.
 */
import { invalidInputCodes, isApiError } from '@/lib/data/api-error';
import type { PropertyFormErrors } from './property-form-validation';

export function propertyFieldErrors(error: unknown): PropertyFormErrors | null {
  if (!isApiError(error) || !invalidInputCodes.has(error.code)) return null;
  const missing = /required/i.test(error.message);
  switch (error.field) {
    case 'name':
      return { name: missing ? 'validation.nameRequired' : 'validation.nameTooLong' };
    case 'type':
      return { type: 'validation.typeRequired' };
    case 'address':
      return { address: 'validation.addressTooLong' };
    default:
      return null;
  }
}
