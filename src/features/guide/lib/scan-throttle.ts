/**
 * One scan per guest visit: a reload or a reopen of the same guide on the same device within 30 minutes is the
 * same visit and is not counted again. The last counted time lives in localStorage per guide.
 */
export const SCAN_REPEAT_WINDOW_MS = 30 * 60 * 1000;

type ScanStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const storageKey = (guideId: string) => `roomguide:scan:${guideId}`;

export function isRepeatScan(lastScanAt: number | null, now: number): boolean {
  return lastScanAt !== null && now >= lastScanAt && now - lastScanAt < SCAN_REPEAT_WINDOW_MS;
}

function readLastScan(storage: ScanStorage, guideId: string): number | null {
  const stored = Number(storage.getItem(storageKey(guideId)));
  return Number.isFinite(stored) && stored > 0 ? stored : null;
}

/**
 * Returns true when this open should be counted and marks it as counted right away, before the request goes out,
 * so a reload while the request is still in flight is not counted twice. Storage that throws (private modes,
 * quota) counts the scan: an occasional double count beats never counting.
 */
export function claimScan(guideId: string, now: number, storage: ScanStorage): boolean {
  try {
    if (isRepeatScan(readLastScan(storage, guideId), now)) return false;
    storage.setItem(storageKey(guideId), String(now));
  } catch {
    return true;
  }
  return true;
}

/** The scan could not be sent (offline, server error): the next open may count it. */
export function releaseScan(guideId: string, claimedAt: number, storage: ScanStorage): void {
  try {
    if (readLastScan(storage, guideId) === claimedAt) storage.removeItem(storageKey(guideId));
  } catch {
    // Nothing to undo when storage is unavailable.
  }
}

const tokenKey = (guideId: string) => `roomguide:scan-token:${guideId}`;
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The anonymous token this device sends with its scans of one guide, so the server counts a device at most once per
 * guide every few minutes even when a page loops (record_scan's rate limit). Random and per guide, so it links
 * nothing across guides. null when storage or crypto.randomUUID (secure contexts only) is unavailable: the scan is
 * then sent without one, as older pages did.
 */
export function scanDeviceToken(guideId: string, storage: ScanStorage, newToken: () => string | null = randomToken): string | null {
  try {
    const stored = storage.getItem(tokenKey(guideId));
    if (stored && uuidPattern.test(stored)) return stored;
    const token = newToken();
    if (token) storage.setItem(tokenKey(guideId), token);
    return token;
  } catch {
    return null;
  }
}

function randomToken(): string | null {
  return typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : null;
}
