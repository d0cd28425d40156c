/**
 * Taps on the guide painted before it is live (guide.html's first paint, the saved page of a repeat visit) are
 * answered, not lost (issue 31): on a first visit over a slow connection the password shows ~1.3 s before React's
 * code has arrived and run, and a guest taps "Copy password" as soon as they read it.
 *
 * - "Copy password" copies at once and says so as the live card does (its words are on the painted card,
 *   COPY_ANSWERS_ATTRIBUTE); the live card, when it takes over, goes on showing the answer for the rest of its time.
 * - "Show WiFi QR" needs the QR's code, which only the live guide loads: the button shows pressed, and the live card
 *   opens its QR. A second tap takes the first back.
 *
 * Installed by guide.html's first inline script (boot-loader.ts), which saved pages keep. A tap on the live guide
 * (no `data-static`) is left to React.
 */
import { copyText } from '../../features/guide/lib/copy-text';
import { COPY_ANSWERS_ATTRIBUTE, TAPPED_ATTRIBUTE, type CopyAnswers, type EarlyGuideTaps } from '../contract';

/** How long "Copy password" says it copied before it reads "Copy password" again (the live card's time too). */
export const COPY_ANSWER_MS = 4000;

function earlyTaps(): EarlyGuideTaps {
  return (window.__roomguideEarlyGuideTaps ??= { copy: null, qr: [] });
}

function copyAnswersOf(card: Element): CopyAnswers | null {
  try {
    return JSON.parse(card.getAttribute(COPY_ANSWERS_ATTRIBUTE) ?? 'null') as CopyAnswers | null;
  } catch {
    return null;
  }
}

async function copyPassword(card: Element, button: HTMLElement, titleId: string): Promise<void> {
  const answers = copyAnswersOf(card);
  const password = card.querySelector('.rg-password')?.textContent ?? '';
  if (!answers || password === '') return;
  const idleText = button.textContent;
  const copied = await copyText(password);
  earlyTaps().copy = { titleId, copied, at: Date.now() };
  const status = card.querySelector('[role=status]');
  if (copied) button.textContent = answers.button;
  if (status) status.textContent = copied ? answers.status : answers.failed;
  // Still the painted card by then (the live card keeps its own time): ready for another tap.
  setTimeout(() => {
    if (copied) button.textContent = idleText;
    if (status) status.textContent = '';
  }, COPY_ANSWER_MS);
}

function toggleQr(button: Element, titleId: string): void {
  const taps = earlyTaps();
  const tapped = !taps.qr.includes(titleId);
  taps.qr = tapped ? [...taps.qr, titleId] : taps.qr.filter((id) => id !== titleId);
  button.toggleAttribute(TAPPED_ATTRIBUTE, tapped);
}

function answerTap(event: MouseEvent): void {
  const button = event.target instanceof Element ? event.target.closest<HTMLElement>('.rg-wifi .rg-actions button') : null;
  const card = button?.closest('.rg-wifi');
  const titleId = card?.getAttribute('aria-labelledby');
  if (!button || !card || !titleId || !card.closest('.rg-guide[data-static]')) return;
  if (button.hasAttribute('aria-expanded')) toggleQr(button, titleId);
  else void copyPassword(card, button, titleId);
}

/** Answers taps on the painted guide's WiFi cards until the live guide has replaced it. */
export function answerEarlyGuideTaps(): void {
  document.addEventListener('click', answerTap);
}

/**
 * For a live WiFi card taking over from the painted one with `titleId`: whether its QR was asked for, and the copy
 * answer still to show with the time left for it (none once that time is over).
 */
export function earlyTapsFor(titleId: string, now = Date.now()): { qrOpen: boolean; copy: { copied: boolean; remainingMs: number } | null } {
  const taps = window.__roomguideEarlyGuideTaps;
  const copy = taps?.copy?.titleId === titleId ? taps.copy : null;
  const remainingMs = copy ? copy.at + COPY_ANSWER_MS - now : 0;
  return { qrOpen: taps?.qr.includes(titleId) ?? false, copy: copy && remainingMs > 0 ? { copied: copy.copied, remainingMs } : null };
}

/** The live card with `titleId` has taken its early taps over: a card drawn again later starts afresh. */
export function forgetEarlyTapsFor(titleId: string): void {
  const taps = window.__roomguideEarlyGuideTaps;
  if (!taps) return;
  if (taps.copy?.titleId === titleId) taps.copy = null;
  taps.qr = taps.qr.filter((id) => id !== titleId);
}
