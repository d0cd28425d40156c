import { useCallback, useEffect, useState } from 'react';
import { getPropertyName } from '../api/get-property-name';
import { listQrCodes } from '../api/list-qr-codes';
import type { QrCode } from '../types';

type State =
  | { status: 'loading' }
  | { status: 'error' }
  | { status: 'propertyNotFound' }
  | { status: 'ready'; propertyName: string; qrCodes: QrCode[] };

/**
 * The "live query" of the spec: the property's codes, sorted, re-read after every mutation (`reload`)
 * and whenever the host returns to the tab (another device may have added rooms meanwhile). A failed
 * read is logged and stops loading.
 */
export function useQrCodes(userId: string | null, propertyId: string) {
  const [state, setState] = useState<State>({ status: 'loading' });
  const [version, setVersion] = useState(0);
  const reload = useCallback(() => setVersion((v) => v + 1), []);

  useEffect(() => {
    if (!userId) return;
    let cancelled = false;
    Promise.all([getPropertyName(propertyId), listQrCodes(userId, propertyId)]).then(
      ([propertyName, qrCodes]) => {
        if (cancelled) return;
        setState(propertyName === null ? { status: 'propertyNotFound' } : { status: 'ready', propertyName, qrCodes });
      },
      (error: unknown) => {
        console.error('Failed to load QR codes', error);
        if (!cancelled) setState({ status: 'error' });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [userId, propertyId, version]);

  useEffect(() => {
    const onVisible = () => document.visibilityState === 'visible' && reload();
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [reload]);

  return { state, reload };
}
