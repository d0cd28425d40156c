/**
 * Counts one guest open with `record_scan` (POST: it writes). Fired after the guide is on screen and never
 * awaited by the page: a failed or slow scan must not block or delay the guest. Reloads of the same guide on the
 * same device within 30 minutes are the same visit and are not sent (lib/scan-throttle.ts). A 429 means the
 * server's rate limit already counted this device or network for this guide: logged, never shown.
 */
import { env } from '@/lib/env';
import { claimScan, releaseScan, scanDeviceToken } from '../lib/scan-throttle';

function scanStorage(): Storage | null {
  try {
    return localStorage;
  } catch {
    return null;
  }
}

export async function recordScan(id: string, now = Date.now()): Promise<'sent' | 'skipped' | 'limited' | 'failed'> {
  const storage = scanStorage();
  if (storage && !claimScan(id, now, storage)) return 'skipped';
  const deviceToken = storage ? scanDeviceToken(id, storage) : null;
  try {
    const response = await fetch(`${env.supabaseUrl}/rest/v1/rpc/record_scan`, {
      method: 'POST',
      // keepalive: the scan still arrives when the guest closes the tab right away.
      keepalive: true,
      headers: { apikey: env.supabaseAnonKey, 'content-type': 'application/json' },
      body: JSON.stringify(deviceToken ? { qr_id: id, device_token: deviceToken } : { qr_id: id }),
    });
    if (response.ok) return 'sent';
    if (response.status === 429) {
      // Not an error for the guest: this visit was counted before. Keep the claim so it is not sent again.
      console.info('Scan not counted: rate limited', response.status);
      return 'limited';
    }
    // The spec's message for a failed increment; only logged, since a scan never blocks the guest.
    console.warn('Failed to increment scan count', response.status);
  } catch (error) {
    // Offline or blocked: let the next open count.
    console.warn('Failed to increment scan count', error);
  }
  if (storage) releaseScan(id, now, storage);
  return 'failed';
}
