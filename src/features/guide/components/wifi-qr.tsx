/**
 * The "join with your camera" QR for a second device. qr-code-styling is loaded only when the guest asks for
 * it (it is ~14 KB gzip that most guests never need); the chunk is precached, so it also works offline.
 */
import { useEffect, useRef, useState } from 'react';
import { toUtf8ByteString, wifiPayload } from '@/lib/wifi-payload';
import type { Translate } from '../lib/i18n';

interface WifiQrProps {
  network: string;
  password: string;
  t: Translate;
}

export default function WifiQr({ network, password, t }: WifiQrProps) {
  const container = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');

  useEffect(() => {
    let cancelled = false;
    const target = container.current;
    import('qr-code-styling')
      .then(({ default: QRCodeStyling }) => {
        if (cancelled || !target) return;
        const qr = new QRCodeStyling({
          type: 'svg',
          width: 232,
          height: 232,
          margin: 8,
          data: toUtf8ByteString(wifiPayload({ ssid: network, password })),
          qrOptions: { errorCorrectionLevel: 'M' },
          // Black on white whatever the template: the code must scan in a dim room.
          dotsOptions: { type: 'square', color: '#000000' },
          backgroundOptions: { color: '#ffffff' },
        });
        target.replaceChildren();
        qr.append(target);
        setState('ready');
      })
      .catch(() => {
        // Typically an old page whose chunk was replaced by a newer version: the message asks for a reload.
        if (!cancelled) setState('failed');
      });
    return () => {
      cancelled = true;
    };
  }, [network, password]);

  return (
    <figure className="rg-wifi-qr">
      <div ref={container} className="rg-wifi-qr-code" role="img" aria-label={t('wifiQrAlt', { network })} aria-busy={state === 'loading'} />
      {state === 'loading' && <p className="rg-muted">{t('wifiQrLoading')}</p>}
      {state === 'failed' && (
        <p className="rg-error-text">
          {t('wifiQrFailed')}{' '}
          <button type="button" className="rg-link-button" onClick={() => window.location.reload()}>
            {t('retry')}
          </button>
        </p>
      )}
      {state === 'ready' && <figcaption className="rg-muted">{t('wifiQrHelp')}</figcaption>}
    </figure>
  );
}
