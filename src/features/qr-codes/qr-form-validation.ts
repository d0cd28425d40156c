import type { QrFormValues } from './types';

/**
 * Checks the create/edit form before anything is sent, so the host sees every problem next to its
 * field. The database enforces the same rules (DESIGN.md §3); these keep the messages in the host's
 * language. Values are i18n keys in the `qr` namespace.
 */
export type QrFieldKey =
  | 'name'
  | 'roomNumber'
  | 'hotel.name'
  | 'hotel.phone'
  | 'hotel.website'
  | 'hotel.description'
  | 'area.location'
  | 'area.activities'
  | 'area.businessLink'
  | 'style.primaryColor'
  | 'style.backgroundColor'
  | 'style.logoUrl'
  | 'style.roomPhotoUrl'
  | 'wifi.network'
  | 'wifi.password';

export type QrFormErrors = Partial<Record<QrFieldKey, string>>;

/** The same bounds as the database's validate_qr_code trigger. */
export const qrFieldLimits = {
  name: 120,
  roomNumber: 20,
  hotelName: 120,
  phone: 40,
  description: 2000,
  location: 300,
  url: 2048,
  activity: 200,
  activities: 30,
  /** A WiFi network name is at most 32 bytes (IEEE 802.11). */
  wifiNetworkBytes: 32,
  /** WPA passphrases are at most 63 characters. */
  wifiPassword: 63,
  images: 10,
} as const;

const colourPattern = /^#[0-9a-fA-F]{6}$/;

export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value.trim());
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

export function isHexColour(value: string): boolean {
  return colourPattern.test(value);
}

export function validateQrForm(values: QrFormValues): QrFormErrors {
  const errors: QrFormErrors = {};
  const tooLong = (key: QrFieldKey, value: string, max: number) => {
    if (value.length > max) errors[key] = 'validation.tooLong';
  };
  const url = (key: QrFieldKey, value: string) => {
    if (value.trim() === '') return;
    if (!isHttpUrl(value)) errors[key] = 'validation.url';
    else tooLong(key, value, qrFieldLimits.url);
  };

  if (values.name.trim() === '') errors.name = 'validation.nameAndRoomRequired';
  else tooLong('name', values.name.trim(), qrFieldLimits.name);
  if (values.roomNumber.trim() === '') errors.roomNumber = 'validation.nameAndRoomRequired';
  else tooLong('roomNumber', values.roomNumber.trim(), qrFieldLimits.roomNumber);

  tooLong('hotel.name', values.hotel.name, qrFieldLimits.hotelName);
  tooLong('hotel.phone', values.hotel.phone, qrFieldLimits.phone);
  tooLong('hotel.description', values.hotel.description, qrFieldLimits.description);
  tooLong('area.location', values.area.location, qrFieldLimits.location);
  if (new TextEncoder().encode(values.wifi.network).length > qrFieldLimits.wifiNetworkBytes) errors['wifi.network'] = 'validation.ssidTooLong';
  tooLong('wifi.password', values.wifi.password, qrFieldLimits.wifiPassword);
  if (
    values.area.activities.length > qrFieldLimits.activities ||
    values.area.activities.some((a) => a.length > qrFieldLimits.activity)
  ) {
    errors['area.activities'] = 'validation.activities';
  }

  url('hotel.website', values.hotel.website);
  url('area.businessLink', values.area.businessLink);
  url('style.logoUrl', values.style.logoUrl);
  url('style.roomPhotoUrl', values.style.roomPhotoUrl);

  if (!isHexColour(values.style.primaryColor)) errors['style.primaryColor'] = 'validation.colour';
  if (!isHexColour(values.style.backgroundColor)) errors['style.backgroundColor'] = 'validation.colour';

  return errors;
}

/** The spec's single message for a missing name or room number. */
export function isMissingNameOrRoom(errors: QrFormErrors): boolean {
  return errors.name === 'validation.nameAndRoomRequired' || errors.roomNumber === 'validation.nameAndRoomRequired';
}

/** Trims what the host typed and drops empty activities before saving. */
export function normaliseQrForm(values: QrFormValues): QrFormValues {
  const trim = (s: string) => s.trim();
  return {
    ...values,
    name: trim(values.name),
    roomNumber: trim(values.roomNumber),
    hotel: {
      name: trim(values.hotel.name),
      phone: trim(values.hotel.phone),
      website: trim(values.hotel.website),
      description: trim(values.hotel.description),
    },
    area: {
      location: trim(values.area.location),
      activities: values.area.activities.map(trim).filter((a) => a !== ''),
      businessLink: trim(values.area.businessLink),
    },
    style: {
      primaryColor: values.style.primaryColor,
      backgroundColor: values.style.backgroundColor,
      logoUrl: trim(values.style.logoUrl),
      roomPhotoUrl: trim(values.style.roomPhotoUrl),
    },
    // A WiFi password may legitimately start or end with a space: keep it as typed.
    wifi: { network: trim(values.wifi.network), password: values.wifi.password },
  };
}
