import type { Database } from '@/types/database';

export type PropertyType = Database['public']['Enums']['property_type'];
export const propertyTypes: readonly PropertyType[] = ['hotel', 'other'];

export interface PropertyFormValues {
  name: string;
  type: PropertyType | '';
  address: string;
}

/** The spec: any stored type other than hotel is shown as other. */
export function displayPropertyType(stored: string | null | undefined): PropertyType {
  return stored === 'hotel' ? 'hotel' : 'other';
}
