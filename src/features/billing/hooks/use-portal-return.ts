import { useEffect } from 'react';

/** After the Billing Portal its webhook may be a moment behind the host: re-read this often, this long. */
const refetchEveryMs = 1000;
const refetchForMs = 5000;

/**
 * While `returned` (the portal's return link carries `?portal=return`) this returns the polling interval
 * for the subscription and profile queries, and after a few seconds calls `done` so the address loses the
 * marker (which ends the polling).
 */
export function usePortalReturn(returned: boolean, done: () => void): number | false {
  useEffect(() => {
    if (!returned) return;
    const timer = setTimeout(done, refetchForMs);
    return () => clearTimeout(timer);
  }, [returned, done]);
  return returned ? refetchEveryMs : false;
}
