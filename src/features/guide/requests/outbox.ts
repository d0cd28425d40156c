/**
 * What this device knows of its requests from one guide, in localStorage (`roomguide:requests:<guide id>`): the
 * requests not sent yet (made offline, or while the API was down) and the last answer about the sent ones, so the
 * guide shows them on the next visit before the network answers, and offline. Each request's id is made here, so
 * sending one again after a lost answer is still one request (submit_guest_request).
 */
import { readGuestRequestView, type GuestRequestType, type GuestRequestView } from '@/lib/guest-requests';

type RequestStorage = Pick<Storage, 'getItem' | 'setItem'>;

/** A request made on this device and not yet accepted by the API. */
export interface PendingRequest {
  id: string;
  type: GuestRequestType;
  note: string | null;
  preferredTime: string | null;
  language: string;
  createdAt: string;
}

export interface RequestBook {
  pending: PendingRequest[];
  sent: GuestRequestView[];
}

const storageKey = (guideId: string) => `roomguide:requests:${guideId}`;
const empty = (): RequestBook => ({ pending: [], sent: [] });

function readPending(raw: unknown): PendingRequest | null {
  const view = readGuestRequestView({ ...(raw as object), status: 'received' });
  const language = (raw as { language?: unknown } | null)?.language;
  if (!view || typeof language !== 'string') return null;
  return { id: view.id, type: view.type, note: view.note, preferredTime: view.preferredTime, language, createdAt: view.createdAt };
}

export function readBook(guideId: string, storage: RequestStorage | null): RequestBook {
  try {
    const stored: unknown = JSON.parse(storage?.getItem(storageKey(guideId)) ?? 'null');
    if (typeof stored !== 'object' || stored === null) return empty();
    const { pending, sent } = stored as { pending?: unknown; sent?: unknown };
    return {
      pending: Array.isArray(pending) ? pending.map(readPending).filter((item): item is PendingRequest => item !== null) : [],
      sent: Array.isArray(sent) ? sent.map(readGuestRequestView).filter((item): item is GuestRequestView => item !== null) : [],
    };
  } catch {
    return empty();
  }
}

export function writeBook(guideId: string, book: RequestBook, storage: RequestStorage | null): void {
  try {
    // Stored as the API shapes them (snake_case), so one reader reads both.
    const sent = book.sent.map((request) => ({
      id: request.id,
      type: request.type,
      note: request.note,
      preferred_time: request.preferredTime,
      status: request.status,
      reply: request.reply,
      created_at: request.createdAt,
    }));
    const pending = book.pending.map((request) => ({
      id: request.id,
      type: request.type,
      note: request.note,
      preferred_time: request.preferredTime,
      language: request.language,
      created_at: request.createdAt,
    }));
    storage?.setItem(storageKey(guideId), JSON.stringify({ pending, sent }));
  } catch {
    // Storage full or refused: the requests still go out while the page is open.
  }
}

/** The book after the API accepted `request` (no longer pending; its answer first among the sent). */
export function withSent(book: RequestBook, request: GuestRequestView): RequestBook {
  return {
    pending: book.pending.filter((item) => item.id !== request.id),
    sent: [request, ...book.sent.filter((item) => item.id !== request.id)],
  };
}

/** The book with the API's list of this device's requests; one sent before and missing from the list is kept. */
export function withServerList(book: RequestBook, list: GuestRequestView[]): RequestBook {
  const known = new Set(list.map((request) => request.id));
  return { pending: book.pending.filter((item) => !known.has(item.id)), sent: list };
}
