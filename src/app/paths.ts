/**
 * Every route of the app (spec §2) and typed builders for the ones with parameters. Link with
 * `href.qrCodes(propertyId)` rather than building strings by hand.
 */
export const paths = {
  home: '/',
  login: '/login',
  register: '/register',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  qrInfo: '/QRinfo',
  privacy: '/privacy',
  faq: '/faq',
  contact: '/contact',
  guide: '/guide/:id',
  dashboard: '/dashboard',
  subscription: '/dashboard/subscription',
  newProperty: '/dashboard/properties/new',
  editProperty: '/dashboard/properties/:id/edit',
  qrCodes: '/dashboard/properties/:propertyId/qrcodes',
  newQrCode: '/dashboard/properties/:propertyId/qrcodes/new',
  qrCodeDetail: '/dashboard/properties/:propertyId/qrcodes/:id',
  editQrCode: '/dashboard/properties/:propertyId/qrcodes/:id/edit',
} as const;

export type AppPath = (typeof paths)[keyof typeof paths];

const segment = (value: string) => encodeURIComponent(value);

export const href = {
  guide: (qrCodeId: string) => `/guide/${segment(qrCodeId)}`,
  editProperty: (propertyId: string) => `/dashboard/properties/${segment(propertyId)}/edit`,
  qrCodes: (propertyId: string) => `/dashboard/properties/${segment(propertyId)}/qrcodes`,
  newQrCode: (propertyId: string) => `/dashboard/properties/${segment(propertyId)}/qrcodes/new`,
  qrCodeDetail: (propertyId: string, qrCodeId: string) => `/dashboard/properties/${segment(propertyId)}/qrcodes/${segment(qrCodeId)}`,
  editQrCode: (propertyId: string, qrCodeId: string) => `/dashboard/properties/${segment(propertyId)}/qrcodes/${segment(qrCodeId)}/edit`,
  /** The absolute guide URL a QR code encodes (`{origin}/guide/{id}`). */
  guideUrl: (qrCodeId: string, origin: string = window.location.origin) => `${origin}/guide/${segment(qrCodeId)}`,
} as const;
