import { href } from '@/lib/paths';
import type { RoomSummary } from '../types';

/** The print sheet of some of a property's rooms; all of them is the whole sheet, with nothing in its address. */
export function printSheetHref(propertyId: string, rooms: readonly Pick<RoomSummary, 'roomNumber'>[], roomCount: number): string {
  return href.printSheet(propertyId, rooms.length === roomCount ? [] : rooms.map((room) => room.roomNumber));
}
