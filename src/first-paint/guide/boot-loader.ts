/**
 * guide.html's first inline script (bundled in by guideEntryPlugin in pwa.config.ts): asks for the guide at once,
 * in parallel with the JavaScript download, and starts the guide's code once the page is parsed. A saved page (the
 * guide's last opening, with the guide already in its HTML) is painted first: the request and React's code, which
 * takes a phone longer to run than the page takes to read, start two frames later (afterNextPaint) instead of at once.
 * Until the guide is live, it answers taps on the painted WiFi cards (early-taps.ts).
 */
import { afterNextPaint } from '../after-paint';
import { prefetchGuide } from '../../features/guide/api/get-guide';
import { whenParsed } from './when-parsed';
import { answerEarlyGuideTaps } from './early-taps';
import { ENTRY_ATTRIBUTE, SAVED_PAGE_ATTRIBUTE } from '../contract';

/** Runs the guide's entry module (the link the build put in place of its <script>). */
export function loadGuideEntry(): void {
  const entry = document.querySelector<HTMLLinkElement>(`link[${ENTRY_ATTRIBUTE}]`);
  // The dev server keeps Vite's own entry <script>.
  if (!entry) return;
  const script = document.createElement('script');
  script.type = 'module';
  script.crossOrigin = 'anonymous';
  script.src = entry.href;
  document.head.append(script);
}

export function startGuideBoot(): void {
  answerEarlyGuideTaps();
  if (document.documentElement.hasAttribute(SAVED_PAGE_ATTRIBUTE)) {
    whenParsed(() =>
      afterNextPaint(() => {
        prefetchGuide(window.location.pathname);
        loadGuideEntry();
      }),
    );
    return;
  }
  prefetchGuide(window.location.pathname);
  whenParsed(loadGuideEntry);
}
