/**
 * The shapes of the JSON columns of `qr_codes` as the app reads and writes them. The database types
 * them as `Json`; these are what the form, the detail page and the guide agree on. They are type
 * aliases rather than interfaces because only aliases are assignable to the generated `Json` type.
 */
export type QrTemplate = 'custom' | 'luxury' | 'beach' | 'cabin';
export const qrTemplates: readonly QrTemplate[] = ['custom', 'luxury', 'beach', 'cabin'];

export type HotelInfo = {
  name: string;
  phone: string;
  website: string;
  description: string;
};

export type AreaInfo = {
  location: string;
  activities: string[];
  businessLink: string;
};

export type QrStyle = {
  primaryColor: string;
  backgroundColor: string;
  logoUrl: string;
  roomPhotoUrl: string;
};

export type WifiInfo = {
  network: string;
  password: string;
};

/** Everything a host types into the create/edit form. */
export interface QrFormValues {
  name: string;
  roomNumber: string;
  hotel: HotelInfo;
  area: AreaInfo;
  style: QrStyle;
  wifi: WifiInfo;
  images: string[];
  template: QrTemplate;
}

/** One QR code as the dashboard shows it. */
export interface QrCode extends QrFormValues {
  id: string;
  propertyId: string;
  userId: string;
  scanCount: number;
  lastScannedAt: string | null;
  createdAt: string;
}

/** One room as the QR list shows it. */
export type RoomSummary = Pick<QrCode, 'id' | 'propertyId' | 'name' | 'roomNumber' | 'scanCount' | 'createdAt'>;

export function emptyQrFormValues(): QrFormValues {
  return {
    name: '',
    roomNumber: '',
    hotel: { name: '', phone: '', website: '', description: '' },
    area: { location: '', activities: [], businessLink: '' },
    style: { primaryColor: '#000000', backgroundColor: '#ffffff', logoUrl: '', roomPhotoUrl: '' },
    wifi: { network: '', password: '' },
    images: [],
    template: 'custom',
  };
}
