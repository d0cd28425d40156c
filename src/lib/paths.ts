/**
 * Every route of the app (docs/product-spec.md §2) and typed builders for the ones with parameters. Link with
 * `href.rooms(propertyId)` rather than building strings by hand. The guest guide's URL is src/lib/guide-url.ts's.
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
  dashboard: '/dashboard',
  subscription: '/dashboard/subscription',
  analytics: '/dashboard/analytics',
  newProperty: '/dashboard/properties/new',
  editProperty: '/dashboard/properties/:id/edit',
  rooms: '/dashboard/properties/:propertyId/qrcodes',
  newRoom: '/dashboard/properties/:propertyId/qrcodes/new',
  bulkRooms: '/dashboard/properties/:propertyId/qrcodes/bulk',
  printSheet: '/dashboard/properties/:propertyId/qrcodes/print',
  propertyGuide: '/dashboard/properties/:propertyId/guide',
  roomDetail: '/dashboard/properties/:propertyId/qrcodes/:id',
  editRoom: '/dashboard/properties/:propertyId/qrcodes/:id/edit',
  propertyTranslations: '/dashboard/properties/:propertyId/translations',
  roomTranslations: '/dashboard/properties/:propertyId/qrcodes/:id/translations',
  team: '/dashboard/team',
  /** The staff's queue of guest requests (and notices to guests). */
  requests: '/dashboard/requests',
  /** An invitation's link (the token is its only proof): opens for anyone, accepting needs the invited account. */
  invitation: '/invite/:token',
} as const;

export type AppPath = (typeof paths)[keyof typeof paths];

const segment = (value: string) => encodeURIComponent(value);

/** The Team page's parameter naming which of the user's teams it shows. */
export const teamParam = 'team';

/** The print sheet's parameter naming a room to print, by its number (unique in its property). */
export const printSheetRoomParam = 'room';

export const href = {
  /** Scan analytics, optionally opened on one property. */
  analytics: (propertyId?: string) => (propertyId ? `/dashboard/analytics?property=${segment(propertyId)}` : '/dashboard/analytics'),
  editProperty: (propertyId: string) => `/dashboard/properties/${segment(propertyId)}/edit`,
  rooms: (propertyId: string) => `/dashboard/properties/${segment(propertyId)}/qrcodes`,
  newRoom: (propertyId: string) => `/dashboard/properties/${segment(propertyId)}/qrcodes/new`,
  bulkRooms: (propertyId: string) => `/dashboard/properties/${segment(propertyId)}/qrcodes/bulk`,
  /** The print sheet of every room, or of the rooms numbered (`?room=101&room=102`, read by rooms/printing/chosen-rooms.ts). */
  printSheet: (propertyId: string, roomNumbers: readonly string[] = []) => {
    const path = `/dashboard/properties/${segment(propertyId)}/qrcodes/print`;
    return roomNumbers.length === 0 ? path : `${path}?${new URLSearchParams(roomNumbers.map((roomNumber) => [printSheetRoomParam, roomNumber]))}`;
  },
  propertyGuide: (propertyId: string) => `/dashboard/properties/${segment(propertyId)}/guide`,
  roomDetail: (propertyId: string, roomId: string) => `/dashboard/properties/${segment(propertyId)}/qrcodes/${segment(roomId)}`,
  editRoom: (propertyId: string, roomId: string) => `/dashboard/properties/${segment(propertyId)}/qrcodes/${segment(roomId)}/edit`,
  propertyTranslations: (propertyId: string) => `/dashboard/properties/${segment(propertyId)}/translations`,
  roomTranslations: (propertyId: string, roomId: string) => `/dashboard/properties/${segment(propertyId)}/qrcodes/${segment(roomId)}/translations`,
  invitation: (token: string) => `/invite/${segment(token)}`,
  /** The Team page showing one of the user's teams (`?team=`, read by features/team/components/team-page.tsx). */
  team: (teamId: string) => `/dashboard/team?${new URLSearchParams([[teamParam, teamId]])}`,
} as const;

/** Where a signed-out visitor wanted to go; the login screen returns there after sign-in. */
export interface RedirectState {
  from?: string;
}

/** A safe in-app return path from the router state, or /dashboard. */
export function redirectTarget(state: unknown): string {
  const from = (state as RedirectState | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') ? from : paths.dashboard;
}
