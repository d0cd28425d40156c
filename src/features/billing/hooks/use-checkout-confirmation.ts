import { useCallback, useEffect, useState } from 'react';

/** How often and how long the page asks for the webhook's result after Stripe sent the host back. */
const pollEveryMs = 1500;
const giveUpAfterMs = 60_000;

/**
 * After a successful checkout Stripe redirects before its webhook has necessarily reached us. While
 * `waiting` (back from checkout, plan not yet in force) this returns the polling interval for the
 * subscription and profile queries (which also updates the navbar's plan label), for about a minute;
 * then `timedOut` until `retry`.
 */
export function useCheckoutConfirmation(waiting: boolean) {
  const [round, setRound] = useState(0);
  const [timedOutRound, setTimedOutRound] = useState<number | null>(null);

  useEffect(() => {
    if (!waiting) return;
    const timer = setTimeout(() => setTimedOutRound(round), giveUpAfterMs);
    return () => clearTimeout(timer);
  }, [waiting, round]);

  const timedOut = waiting && timedOutRound === round;
  const retry = useCallback(() => setRound((value) => value + 1), []);
  return { refetchInterval: waiting && !timedOut ? pollEveryMs : false, timedOut, retry } as const;
}
