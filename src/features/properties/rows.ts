import type { Property } from './types';
import { displayPropertyType } from './types';

/** The `properties` columns the dashboard reads (DESIGN.md §3), with the embedded room count. */
export interface PropertyRow {
  id: string;
  name: string;
  type: string;
  address: string | null;
  created_at: string;
  qr_codes?: { count: number }[];
}

export const propertyColumns = 'id, name, type, address, created_at';

export function toProperty(row: PropertyRow): Property {
  return {
    id: row.id,
    name: row.name,
    type: displayPropertyType(row.type),
    address: row.address && row.address.trim() !== '' ? row.address : null,
    createdAt: row.created_at,
    roomCount: row.qr_codes?.[0]?.count ?? 0,
  };
}
