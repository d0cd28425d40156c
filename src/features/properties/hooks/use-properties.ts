import { useCallback, useEffect, useState } from 'react';
import { listProperties } from '../api/list-properties';
import type { Property } from '../types';

type State = { status: 'loading' } | { status: 'error'; error: unknown } | { status: 'ready'; properties: Property[] };

/**
 * The user's properties, reloaded after a mutation (`reload`) and when the host comes back to the tab,
 * so a list left open on a tablet does not go stale.
 */
export function useProperties(userId: string | null) {
  const [state, setState] = useState<State>({ status: 'loading' });
  const [version, setVersion] = useState(0);
  const reload = useCallback(() => setVersion((v) => v + 1), []);

  useEffect(() => {
    if (!userId) return;
    let cancelled = false;
    listProperties(userId).then(
      (properties) => !cancelled && setState({ status: 'ready', properties }),
      (error: unknown) => {
        console.error('Failed to load properties', error);
        if (!cancelled) setState({ status: 'error', error });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [userId, version]);

  useEffect(() => {
    const onVisible = () => document.visibilityState === 'visible' && reload();
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [reload]);

  return { state, reload };
}
