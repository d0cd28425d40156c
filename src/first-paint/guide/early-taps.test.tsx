import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { staticGuide } from '../../features/guide/components/guide-view';
import { WifiCard } from '../../features/guide/components/wifi-card';
import { translator } from '../../features/guide/lib/i18n';
import { normalizeGuide } from '../../features/guide/lib/normalize-guide';
import { staticDom } from '../../features/guide/lib/static-dom';
import { guideTheme } from '../../features/guide/lib/theme';
import { TAPPED_ATTRIBUTE } from '../contract';
import { answerEarlyGuideTaps, COPY_ANSWER_MS, earlyTapsFor } from './early-taps';
import en from '@locales/en/guide.json';

const t = translator('en');
const guide = normalizeGuide({
  id: '7b0c6f3e-1111-4222-8333-944445555666',
  name: 'Suite 12',
  room_number: '12',
  template: 'beach',
  property_name: 'Hotel Aurora',
  content: { wifi: { network: 'Aurora Guests', password: 'sea&sun<3' } },
})!;

const writeText = vi.fn<(text: string) => Promise<void>>();

/** guide.html's first paint of the guide, as boot-paint.ts puts it into #root. */
function paintStaticGuide(): HTMLElement {
  const root = document.getElementById('root')!;
  root.replaceChildren(staticDom(staticGuide({ guide, language: 'en', t, theme: guideTheme(guide.template, guide.style) })));
  return root;
}

/** The clipboard's answer (already resolved) reaches the handler in a few microtasks. */
async function settled(): Promise<void> {
  for (let step = 0; step < 5; step++) await Promise.resolve();
}

const wifiCard = (root: HTMLElement) => root.querySelector<HTMLElement>('.rg-wifi')!;
const copyButton = (root: HTMLElement) => wifiCard(root).querySelector<HTMLButtonElement>('button.rg-button-primary')!;
const qrButton = (root: HTMLElement) => wifiCard(root).querySelector<HTMLButtonElement>('button[aria-expanded]')!;

describe('taps on the guide painted before it is live', () => {
  beforeAll(() => answerEarlyGuideTaps()); // once, as guide.html's inline script does
  beforeEach(() => {
    document.body.innerHTML = '<div id="root"></div>';
    delete window.__roomguideEarlyGuideTaps;
    writeText.mockReset().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  });
  afterEach(() => vi.useRealTimers());

  it('copies the password at once and says so as the live card does, for as long', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'Date'] });
    const root = paintStaticGuide();
    copyButton(root).click();
    await settled();
    expect(copyButton(root).textContent).toBe(`✓ ${en.passwordCopied}`);
    expect(writeText).toHaveBeenCalledWith('sea&sun<3');
    expect(wifiCard(root).querySelector('[role=status]')!.textContent).toBe(en.passwordCopied);
    const titleId = wifiCard(root).getAttribute('aria-labelledby')!;
    expect(earlyTapsFor(titleId).copy).toEqual({ copied: true, remainingMs: COPY_ANSWER_MS });
    vi.advanceTimersByTime(COPY_ANSWER_MS);
    expect(copyButton(root).textContent).toBe(en.copyPassword);
    expect(wifiCard(root).querySelector('[role=status]')!.textContent).toBe('');
    expect(earlyTapsFor(titleId).copy).toBeNull();
  });

  it('says the password could not be copied when the browser refuses', async () => {
    writeText.mockRejectedValue(new DOMException('denied', 'NotAllowedError'));
    document.execCommand = () => false; // jsdom has no legacy copy either
    const root = paintStaticGuide();
    copyButton(root).click();
    await vi.waitFor(() => expect(wifiCard(root).querySelector('[role=status]')!.textContent).toBe(en.copyFailed));
    expect(copyButton(root).textContent).toBe(en.copyPassword);
  });

  it('keeps "Show WiFi QR" pressed for the live card, and a second tap takes it back', () => {
    const root = paintStaticGuide();
    const titleId = wifiCard(root).getAttribute('aria-labelledby')!;
    qrButton(root).click();
    expect(qrButton(root).hasAttribute(TAPPED_ATTRIBUTE)).toBe(true);
    expect(earlyTapsFor(titleId).qrOpen).toBe(true);
    qrButton(root).click();
    expect(qrButton(root).hasAttribute(TAPPED_ATTRIBUTE)).toBe(false);
    expect(earlyTapsFor(titleId).qrOpen).toBe(false);
  });

  it('leaves taps on the live guide to React', async () => {
    const root = paintStaticGuide();
    root.querySelector('.rg-guide')!.removeAttribute('data-static');
    copyButton(root).click();
    qrButton(root).click();
    await Promise.resolve();
    expect(writeText).not.toHaveBeenCalled();
    expect(window.__roomguideEarlyGuideTaps).toBeUndefined();
  });

  it('has the live card open the QR asked for and go on showing the copy, then forget both', () => {
    const root = paintStaticGuide();
    const titleId = wifiCard(root).getAttribute('aria-labelledby')!;
    qrButton(root).click();
    window.__roomguideEarlyGuideTaps!.copy = { titleId, copied: true, at: Date.now() - 1000 };
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    root.replaceChildren();
    const live = render(<WifiCard place="" network="Aurora Guests" password="sea&sun<3" titleId={titleId} t={t} />);
    expect(screen.getByRole('button', { name: en.hideWifiQr })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('button', { name: `✓ ${en.passwordCopied}` })).toBeInTheDocument();
    expect(earlyTapsFor(titleId)).toEqual({ qrOpen: false, copy: null });
    act(() => vi.advanceTimersByTime(COPY_ANSWER_MS - 1000));
    expect(screen.getByRole('button', { name: en.copyPassword })).toBeInTheDocument();
    live.unmount();
  });
});
