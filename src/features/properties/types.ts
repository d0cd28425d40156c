export type PropertyType = 'hotel' | 'other';
export const propertyTypes: readonly PropertyType[] = ['hotel', 'other'];

export interface Property {
  id: string;
  name: string;
  type: PropertyType;
  address: string | null;
  createdAt: string;
  /** Number of rooms (QR codes) of the property. */
  roomCount: number;
}

export interface PropertyFormValues {
  name: string;
  type: PropertyType | '';
  address: string;
}

/** The spec: any stored type other than hotel is shown as other. */
export function displayPropertyType(stored: string | null | undefined): PropertyType {
  return stored === 'hotel' ? 'hotel' : 'other';
}
