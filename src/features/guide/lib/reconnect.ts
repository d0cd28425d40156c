/**
 * When a guide shown offline (an error, or the saved copy) tries the network again by itself. The browser's
 * 'online' event alone is not enough: on a weak phone connection navigator.onLine stays true while requests fail,
 * so the event never comes. The page also tries when the guest comes back to it, and now and then while it is
 * open, less often the longer the network stays away.
 */
import { useEffect } from 'react';

const FIRST_RETRY_MS = 15_000;
const LONGEST_RETRY_MS = 5 * 60_000;

/** The wait before the next try after `failedTries` tries in a row that did not reach the network: 15 s, 30 s, 1 min … 5 min. */
export function retryDelayMs(failedTries: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, failedTries), LONGEST_RETRY_MS);
}

/** While `active`, calls `tryAgain` when the browser is back online, when the page becomes visible, and after retryDelayMs(failedTries). */
export function useReconnect(active: boolean, failedTries: number, tryAgain: () => void): void {
  useEffect(() => {
    if (!active) return;
    const whenVisible = () => {
      if (document.visibilityState === 'visible') tryAgain();
    };
    const timer = window.setTimeout(tryAgain, retryDelayMs(failedTries));
    window.addEventListener('online', tryAgain);
    document.addEventListener('visibilitychange', whenVisible);
    return () => {
      window.clearTimeout(timer);
      window.removeEventListener('online', tryAgain);
      document.removeEventListener('visibilitychange', whenVisible);
    };
  }, [active, failedTries, tryAgain]);
}
