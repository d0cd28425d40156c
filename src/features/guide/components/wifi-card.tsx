import { useEffect, useId, useRef, useState } from 'react';
import type { Translate } from '../lib/i18n';
// Small; only the QR library inside it is loaded on demand, so opening the QR costs one request, not two.
import WifiQr from './wifi-qr';

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // Clipboard API missing or refused (older WebViews, insecure contexts): the legacy selection copy.
    const field = document.createElement('textarea');
    field.value = text;
    field.setAttribute('readonly', '');
    field.style.position = 'fixed';
    field.style.opacity = '0';
    document.body.append(field);
    field.select();
    let copied = false;
    try {
      copied = document.execCommand('copy');
    } catch {
      copied = false;
    }
    field.remove();
    return copied;
  }
}

interface WifiCardProps {
  network: string;
  password: string;
  t: Translate;
}

export function WifiCard({ network, password, t }: WifiCardProps) {
  const titleId = useId();
  const [copyState, setCopyState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const [qrOpen, setQrOpen] = useState(false);
  const resetTimer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(resetTimer.current), []);

  const copy = async () => {
    const copied = await copyText(password);
    setCopyState(copied ? 'copied' : 'failed');
    window.clearTimeout(resetTimer.current);
    // The confirmation stays long enough to read, then the button is ready for another tap.
    resetTimer.current = window.setTimeout(() => setCopyState('idle'), 4000);
  };

  return (
    <section className="rg-card rg-wifi" aria-labelledby={titleId}>
      <h2 id={titleId} className="rg-card-title">
        <svg className="rg-icon" viewBox="0 0 24 24" aria-hidden="true">
          <path d="M12 18.5a1.5 1.5 0 1 1 0 3 1.5 1.5 0 0 1 0-3Zm-4.2-3.3a6 6 0 0 1 8.4 0l-1.4 1.4a4 4 0 0 0-5.6 0l-1.4-1.4Zm-2.8-2.8a10 10 0 0 1 14 0l-1.4 1.4a8 8 0 0 0-11.2 0L5 12.4Zm-2.9-2.9a14 14 0 0 1 19.8 0l-1.4 1.4a12 12 0 0 0-17 0L2.1 9.5Z" />
        </svg>
        {t('wifiTitle')}
      </h2>
      <dl className="rg-wifi-fields">
        <div>
          <dt>{t('wifiNetwork')}</dt>
          <dd className="rg-mono" data-testid="wifi-network">{network}</dd>
        </div>
        <div>
          <dt>{t('wifiPassword')}</dt>
          {password ? (
            // elementtiming: the benchmark (tests/bench/guide.ts) reads when the password is painted.
            <dd className="rg-mono rg-password" data-testid="wifi-password" {...{ elementtiming: 'wifi-password' }}>{password}</dd>
          ) : (
            <dd>{t('wifiOpenNetwork')}</dd>
          )}
        </div>
      </dl>
      <div className="rg-actions">
        {password && (
          <button type="button" className="rg-button rg-button-primary" onClick={copy}>
            {copyState === 'copied' ? `✓ ${t('passwordCopied')}` : t('copyPassword')}
          </button>
        )}
        <button type="button" className="rg-button rg-button-secondary" aria-expanded={qrOpen} onClick={() => setQrOpen((open) => !open)}>
          {qrOpen ? t('hideWifiQr') : t('showWifiQr')}
        </button>
      </div>
      <p className="rg-status" role="status" aria-live="polite">
        {copyState === 'copied' ? t('passwordCopied') : copyState === 'failed' ? t('copyFailed') : ''}
      </p>
      {qrOpen && <WifiQr network={network} password={password} t={t} />}
    </section>
  );
}
