/**
 * Registers the service worker (src/sw.ts, built as /sw.js) once the page has loaded, from the entry modules
 * (src/main.tsx, src/features/guide/main.tsx) rather than from vite-plugin-pwa's inline script in the HTML. That
 * script, a second parser-blocking script in each page's head, held a repeat visit's first paint back: /login's
 * kept copy served from the HTTP cache (Slow 4G + 4× CPU, 8 alternated runs) painted at 180 ms with it and 128 ms
 * without it, against a floor of 92 ms.
 */
export const SERVICE_WORKER_URL = '/sw.js';

/** Registers the worker for the whole origin after the page's load event (at once if it has already fired). */
export function registerServiceWorker(
  container: ServiceWorkerContainer | undefined,
  page: Pick<Document, 'readyState'>,
  events: Pick<Window, 'addEventListener'>,
): void {
  if (!container) return; // no service workers here (an old browser, or a page not served securely)
  const register = () => {
    container.register(SERVICE_WORKER_URL, { scope: '/' }).catch((error: unknown) => console.warn('Service worker not registered', error));
  };
  if (page.readyState === 'complete') register();
  else events.addEventListener('load', register, { once: true });
}

/**
 * The app's call, in builds only: the dev server (the one with hot module replacement) serves no worker (pwa.config.ts
 * `devOptions`). Not `import.meta.env.PROD`: that follows NODE_ENV, which is `test` when the tests build the app.
 */
export function registerAppServiceWorker(): void {
  if (import.meta.hot) return;
  registerServiceWorker('serviceWorker' in navigator ? navigator.serviceWorker : undefined, document, window);
}
