/**
 * "Add to Home Screen": Chromium fires `beforeinstallprompt` (often before React has mounted, so it is caught
 * here at module load); iOS Safari has no prompt, so iPhone and iPad guests get a short hint instead.
 */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let deferredPrompt: BeforeInstallPromptEvent | null = null;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

if (typeof window !== 'undefined') {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault(); // show our own button instead of the mini-infobar
    deferredPrompt = event as BeforeInstallPromptEvent;
    notify();
  });
  window.addEventListener('appinstalled', () => {
    deferredPrompt = null;
    notify();
  });
}

export function subscribeInstallPrompt(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const canPromptInstall = (): boolean => deferredPrompt !== null;

export async function promptInstall(): Promise<void> {
  const prompt = deferredPrompt;
  if (!prompt) return;
  deferredPrompt = null; // a prompt can be shown once
  notify();
  await prompt.prompt();
}

export function isIosSafari(userAgent: string, platform: string, maxTouchPoints: number): boolean {
  const iPhoneOrIPad = /iPhone|iPad|iPod/.test(userAgent) || (platform === 'MacIntel' && maxTouchPoints > 1);
  // Other iOS browsers (CriOS, FxiOS, EdgiOS) can't add to the home screen from their own menu the same way.
  return iPhoneOrIPad && /Safari/.test(userAgent) && !/CriOS|FxiOS|EdgiOS|OPiOS/.test(userAgent);
}

export function isStandalone(): boolean {
  return window.matchMedia?.('(display-mode: standalone)').matches === true || (navigator as Navigator & { standalone?: boolean }).standalone === true;
}

const HINT_DISMISSED_KEY = 'roomguide.installHintDismissed';

export function shouldShowIosHint(): boolean {
  if (typeof navigator === 'undefined' || isStandalone()) return false;
  try {
    if (localStorage.getItem(HINT_DISMISSED_KEY)) return false;
  } catch {
    // storage blocked: still show the hint
  }
  return isIosSafari(navigator.userAgent, navigator.platform, navigator.maxTouchPoints);
}

export function dismissIosHint(): void {
  try {
    localStorage.setItem(HINT_DISMISSED_KEY, '1');
  } catch {
    // the hint comes back next visit
  }
}
