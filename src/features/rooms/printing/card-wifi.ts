/**
 * What a room's printed card says of its guide. The WiFi a room's printed card offers to join: the room's effective network, read from its merged guide (the
 * `guide` computed field, the room's `content.wifi` over its property's), so the card shows exactly what the guest
 * guide shows. The payload is the guest guide's own (`@/lib/wifi-payload`), so a card and the guide never differ.
 */
import { valueAt } from '@/lib/guide-fields';
import { toUtf8ByteString, wifiPayload, type WifiNetwork } from '@/lib/wifi-payload';

/** The network of a merged guide, or null when the room has none (none set, or hidden with `content.wifi: null`). */
export function roomWifi(guide: unknown): WifiNetwork | null {
  const network = valueAt(guide, 'content.wifi.network');
  const ssid = typeof network === 'string' ? network.trim() : '';
  if (!ssid) return null;
  const password = valueAt(guide, 'content.wifi.password');
  // A password is kept exactly as typed (it may start or end with a space), as the guest guide shows it.
  return { ssid, password: typeof password === 'string' && password !== '' ? password : null };
}

/**
 * What the card's WiFi QR encodes, as the byte string the QR encoder writes one byte per character: the UTF-8 of
 * the `WIFI:` payload, which is what phone readers decode (see `toUtf8ByteString`).
 */
export function wifiQrData(wifi: WifiNetwork): string {
  return toUtf8ByteString(wifiPayload(wifi));
}

/** The hotel's name a merged guide shows ('' when none), printed on the room's card. */
export function roomHotelName(guide: unknown): string {
  const name = valueAt(guide, 'hotel.name');
  return typeof name === 'string' ? name.trim() : '';
}
