import { maxRooms, minRooms } from './types';

/** Spec §9: unit_amount / 100 with two decimals, then the uppercase currency ("6.00 EUR"). */
export function formatPrice(minorUnits: number, currency: string): string {
  return `${(minorUnits / 100).toFixed(2)} ${currency.toUpperCase()}`;
}

/**
 * The room count typed into the quantity input, or null when it must be ignored (docs/product-spec.md §5: values below
 * 1 are ignored; we also ignore fractions, non-numbers and more rooms than a checkout accepts).
 */
export function parseRooms(text: string): number | null {
  if (!/^\s*\d+\s*$/.test(text)) return null;
  const rooms = Number(text);
  return rooms >= minRooms && rooms <= maxRooms ? rooms : null;
}

/** A renewal date in the reader's language, e.g. "22 December 2026". */
export function formatDate(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'long' }).format(new Date(iso));
}
