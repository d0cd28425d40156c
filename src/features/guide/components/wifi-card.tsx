import { useEffect, useRef, useState } from 'react';
import type { WifiNetwork } from '@/lib/guide-fields';
import type { Translate } from '../lib/i18n';
import { WifiCardView, type CopyState } from './guide-view';
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

interface WifiCardProps extends WifiNetwork {
  /** The id of the card's title, unique on the page. */
  titleId: string;
  t: Translate;
}

/** The WiFi card, live: copying the password and the QR for a second device (markup in guide-view.tsx). */
export function WifiCard({ place, network, password, titleId, t }: WifiCardProps) {
  const [copyState, setCopyState] = useState<CopyState>('idle');
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
    <WifiCardView
      place={place}
      network={network}
      password={password}
      t={t}
      titleId={titleId}
      copyState={copyState}
      qrOpen={qrOpen}
      onCopy={() => void copy()}
      onToggleQr={() => setQrOpen((open) => !open)}
      qr={qrOpen && <WifiQr network={network} password={password} t={t} />}
    />
  );
}
