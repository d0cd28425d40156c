/**
 * Guest requests, as the guide, the staff's queue and the request email all name them: the types a property may
 * offer (the database's private.guest_request_types(), in the same order), their statuses, the note's limit, and
 * the message (locales/<lang>/guest-requests.json) that labels each, so every screen shows the same words.
 */
export const GUEST_REQUEST_TYPES = ['towels', 'housekeeping', 'maintenance', 'late_checkout', 'other'] as const;
export type GuestRequestType = (typeof GUEST_REQUEST_TYPES)[number];

export const GUEST_REQUEST_STATUSES = ['received', 'in_progress', 'done'] as const;
export type GuestRequestStatus = (typeof GUEST_REQUEST_STATUSES)[number];

/** submit_guest_request's limit on a guest's note. */
export const REQUEST_NOTE_MAX = 500;

export const REQUEST_TYPE_LABELS = {
  towels: 'requestTypeTowels',
  housekeeping: 'requestTypeHousekeeping',
  maintenance: 'requestTypeMaintenance',
  late_checkout: 'requestTypeLateCheckout',
  other: 'requestTypeOther',
} as const satisfies Record<GuestRequestType, string>;

export const REQUEST_STATUS_LABELS = {
  received: 'requestStatusReceived',
  in_progress: 'requestStatusInProgress',
  done: 'requestStatusDone',
} as const satisfies Record<GuestRequestStatus, string>;

export function isGuestRequestType(value: unknown): value is GuestRequestType {
  return typeof value === 'string' && (GUEST_REQUEST_TYPES as readonly string[]).includes(value);
}

export function isGuestRequestStatus(value: unknown): value is GuestRequestStatus {
  return typeof value === 'string' && (GUEST_REQUEST_STATUSES as readonly string[]).includes(value);
}

/** A request as its guest sees it (submit_guest_request's and guest_requests_of's answer). */
export interface GuestRequestView {
  id: string;
  type: GuestRequestType;
  note: string | null;
  preferredTime: string | null;
  status: GuestRequestStatus;
  reply: string | null;
  createdAt: string;
}

/** One request of the API's JSON, read without trusting its shape; null when it is not one. */
export function readGuestRequestView(raw: unknown): GuestRequestView | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const row = raw as Record<string, unknown>;
  const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);
  if (!text(row.id) || !isGuestRequestType(row.type) || !isGuestRequestStatus(row.status)) return null;
  return {
    id: row.id as string,
    type: row.type,
    note: text(row.note),
    preferredTime: text(row.preferred_time),
    status: row.status,
    reply: text(row.reply),
    createdAt: text(row.created_at) ?? new Date(0).toISOString(),
  };
}
