import type { QrFormValues } from './types';

/**
 * Checks the create/edit form before anything is sent, where the spec wants a message first: name and
 * room number. Every other rule (links, colours, lengths) is the database's (the validate_qr_code trigger);
 * its refusal names the field and the form shows the message at it (`errors.ts`). Values are i18n keys in
 * the `qr` namespace.
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

/** The bounds of the database's validate_qr_code trigger, for the messages that name them. */
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

/** Whether the preview can use a colour as typed (the database decides whether it may be saved). */
export function isHexColour(value: string): boolean {
  return colourPattern.test(value);
}

export function validateQrForm(values: QrFormValues): QrFormErrors {
  const errors: QrFormErrors = {};
  if (values.name.trim() === '') errors.name = 'validation.nameAndRoomRequired';
  if (values.roomNumber.trim() === '') errors.roomNumber = 'validation.nameAndRoomRequired';
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
