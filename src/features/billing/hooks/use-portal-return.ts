import { useEffect } from 'react';

/** Re-reads after coming back from the Billing Portal, in case its webhook is a moment behind the host. */
const delaysMs = [1000, 2500, 5000];

/**
 * While `returned` (the portal's return link carries `?portal=return`) this refreshes the subscription and
 * profile a few more times, then calls `done` so the address loses the marker.
 */
export function usePortalReturn(returned: boolean, refresh: () => Promise<void>, done: () => void): void {
  useEffect(() => {
    if (!returned) return;
    const timers = delaysMs.map((delay, index) =>
      setTimeout(() => {
        void refresh().catch((error: unknown) => console.error('Checking the subscription failed', error));
        if (index === delaysMs.length - 1) done();
      }, delay),
    );
    return () => timers.forEach(clearTimeout);
  }, [returned, refresh, done]);
}
