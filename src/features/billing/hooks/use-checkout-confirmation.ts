import { useCallback, useEffect, useState } from 'react';

/** How often and how long the page asks for the webhook's result after Stripe sent the host back. */
const pollEveryMs = 1500;
const maxPolls = 40;

/**
 * After a successful checkout Stripe redirects before its webhook has necessarily reached us. While
 * `waiting` (back from checkout, plan not yet in force) this refreshes the subscription and profile
 * atoms, which also updates the navbar's plan label, until `confirmed` or about a minute has passed.
 */
export function useCheckoutConfirmation(waiting: boolean, confirmed: boolean, refresh: () => Promise<void>) {
  const [round, setRound] = useState(0);
  const [timedOut, setTimedOut] = useState(false);

  useEffect(() => {
    if (!waiting || confirmed) return;
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let polls = 0;
    const poll = async () => {
      polls += 1;
      try {
        await refresh();
      } catch (error) {
        console.error('Checking the subscription failed', error);
      }
      if (cancelled) return;
      if (polls >= maxPolls) setTimedOut(true);
      else timer = setTimeout(() => void poll(), pollEveryMs);
    };
    void poll();
    return () => {
      cancelled = true;
      if (timer) clearTimeout(timer);
    };
  }, [waiting, confirmed, refresh, round]);

  const retry = useCallback(() => {
    setTimedOut(false);
    setRound((value) => value + 1);
  }, []);

  return { timedOut: timedOut && !confirmed, retry };
}
