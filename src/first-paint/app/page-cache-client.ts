/**
 * Tells the service worker which page the visitor is on (a public page, or the dashboard) and in which language,
 * with the files it loaded, so a repeat visit opens it from the device (src/first-paint/service-worker/public-pages.ts).
 */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { toSupportedLanguage } from '@/lib/languages';
import { whenHydrated } from './hydration';
import { pageCacheKey } from './public-pages';
import { CACHE_PAGE_MESSAGE, type CachePageMessage } from '../contract';

function loadedAssets(): string[] {
  return performance
    .getEntriesByType('resource')
    .map((entry) => new URL(entry.name))
    .filter((url) => url.origin === location.origin && url.pathname.startsWith('/assets/'))
    .map((url) => url.pathname);
}

function rememberPage(path: string, language: CachePageMessage['language']): void {
  if (!('serviceWorker' in navigator) || pageCacheKey(path) === null) return;
  void navigator.serviceWorker.ready.then((registration) => {
    const message: CachePageMessage = { type: CACHE_PAGE_MESSAGE, path, language, assets: loadedAssets() };
    registration.active?.postMessage(message);
  });
}

/** Once the page is live, and again after each navigation or change of language. */
export function useRememberPage(): void {
  const { pathname } = useLocation();
  const { i18n } = useTranslation('common');
  const language = toSupportedLanguage(i18n.resolvedLanguage ?? i18n.language);
  useEffect(() => {
    if (language) whenHydrated(() => rememberPage(pathname, language));
  }, [pathname, language]);
}
