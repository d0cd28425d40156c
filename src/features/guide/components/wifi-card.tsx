import { useEffect, useRef, useState } from 'react';
import type { WifiNetwork } from '@/lib/guide-fields';
import type { Translate } from '../lib/i18n';
import { WifiCardView, type CopyState } from './guide-view';
// Small; only the QR library inside it is loaded on demand, so opening the QR costs one request, not two.
import WifiQr from './wifi-qr';
import { copyText } from '../lib/copy-text';
import { COPY_ANSWER_MS, earlyTapsFor, forgetEarlyTapsFor } from '@/first-paint/guide/early-taps';

interface WifiCardProps extends WifiNetwork {
  /** The id of the card's title, unique on the page. */
  titleId: string;
  t: Translate;
}

/**
 * The WiFi card, live: copying the password and the QR for a second device (markup in guide-view.tsx). It takes over
 * what was tapped on the card painted before it was live (src/first-paint/guide/early-taps.ts): the QR asked for is
 * open, and a copy's answer goes on showing for the rest of its time.
 */
export function WifiCard({ place, network, password, titleId, t }: WifiCardProps) {
  const [early] = useState(() => earlyTapsFor(titleId));
  const [copyState, setCopyState] = useState<CopyState>(early.copy ? (early.copy.copied ? 'copied' : 'failed') : 'idle');
  const [qrOpen, setQrOpen] = useState(early.qrOpen);
  const resetTimer = useRef<number | undefined>(undefined);

  // The answer stays long enough to read, then the button is ready for another tap.
  const idleAfter = (ms: number) => {
    window.clearTimeout(resetTimer.current);
    resetTimer.current = window.setTimeout(() => setCopyState('idle'), ms);
  };

  useEffect(() => {
    forgetEarlyTapsFor(titleId);
    if (early.copy) idleAfter(early.copy.remainingMs);
    return () => window.clearTimeout(resetTimer.current);
  }, [early, titleId]);

  const copy = async () => {
    setCopyState((await copyText(password)) ? 'copied' : 'failed');
    idleAfter(COPY_ANSWER_MS);
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
