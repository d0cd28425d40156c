/**
 * Shared by the guest guide (its "join with your camera" QR) and the host's print sheet (a WiFi QR on each card),
 * so both write the same payload.
 *
 * The "join WiFi" QR payload that phone cameras understand (zxing's format, which Android's system parser
 * and the iOS camera follow): `WIFI:T:<WPA|nopass>;S:<ssid>;P:<password>;;`.
 *
 * Why each rule:
 * - `\ ; , : "` are backslash-escaped. `;` ends a field, `:` and `,` are separators in some readers, `\` is the
 *   escape itself; zxing's maintainer says `"` needs no escape but later wiki quotes and other generators escape
 *   it, and both zxing and Android strip a backslash before any character, so escaping it is safe everywhere.
 * - No password means an open network: `T:nopass` and no `P:` field at all.
 * - `T:WPA` covers WPA/WPA2/WPA3-Personal on Android and iOS.
 * - Hex-looking values are NOT wrapped in quotes. The old zxing advice ("enclose in quotes if it could be read as
 *   hex") dates from readers that treated hex SSIDs as raw bytes; current Android treats `S:` as text, and a
 *   quoted numeric password such as `"12345678"` (a very common hotel password) risks the quotes being taken
 *   literally. A 64-hex-digit WPA key is a raw PSK by definition, which is what readers do with it unquoted.
 * - The trailing `;;` is required in practice (zxing #516).
 */
export interface WifiNetwork {
  ssid: string;
  password?: string | null;
}

const SPECIAL_CHARACTERS = /[\\;,:"]/g;

export function escapeWifiField(value: string): string {
  return value.replace(SPECIAL_CHARACTERS, (character) => `\\${character}`);
}

export function wifiPayload({ ssid, password }: WifiNetwork): string {
  if (!ssid) throw new Error('A WiFi QR code needs a network name');
  if (!password) return `WIFI:T:nopass;S:${escapeWifiField(ssid)};;`;
  return `WIFI:T:WPA;S:${escapeWifiField(ssid)};P:${escapeWifiField(password)};;`;
}

/**
 * qr-code-styling (through qrcode-generator) writes each UTF-16 code unit as one byte (`charCode & 255`), which
 * garbles any non-Latin-1 SSID. Handing it the UTF-8 bytes as one character each makes the code carry UTF-8,
 * which is what phone readers decode.
 */
export function toUtf8ByteString(text: string): string {
  let byteString = '';
  for (const byte of new TextEncoder().encode(text)) byteString += String.fromCharCode(byte);
  return byteString;
}
