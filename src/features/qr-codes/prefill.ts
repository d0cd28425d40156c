import type { QrCode, QrFormValues } from './types';
import { emptyQrFormValues } from './types';

/**
 * A new room usually shares the hotel, the area, the look and the WiFi of the rooms before it: start
 * the form from the property's most recently created room so a host with 40 rooms types them once.
 * Name, room number, photos and the room photo are room-specific and start empty.
 */
export function prefillFromLatestRoom(rooms: readonly QrCode[]): QrFormValues {
  const empty = emptyQrFormValues();
  if (rooms.length === 0) return empty;
  const latest = rooms.reduce((a, b) => (Date.parse(b.createdAt) > Date.parse(a.createdAt) ? b : a));
  return {
    ...empty,
    hotel: { ...latest.hotel },
    area: { ...latest.area, activities: [...latest.area.activities] },
    style: { ...latest.style, roomPhotoUrl: '' },
    wifi: { ...latest.wifi },
    template: latest.template,
  };
}
