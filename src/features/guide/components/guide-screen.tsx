/**
 * The guest's room guide, live: loading, language, scan counting, the per-room install manifest and the page
 * saved for the next opening. Mounted by the guest entry (guide.html → main.tsx, no router, no Chakra); its markup
 * is guide-view.tsx, which the static paints render too. Plain CSS (guide.css) and its own small translator.
 */
import { lazy, Suspense, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { takeGuideLoad, type GuideLoadResult } from '../api/get-guide';
import { recordScan } from '../api/record-scan';
import { guideTitle, saveGuidePage } from '../../../first-paint/guide/saved-page';
import { savePhotosForOffline } from '../api/save-photos';
import { guideManifest, linkManifest, manifestDataUrl } from '../lib/guide-manifest';
import { translator, type Translate } from '../lib/i18n';
import { localizeGuide } from '../lib/localize-guide';
import { browserLanguages, readStoredLanguage, rememberLanguage } from '@/first-paint/stored-language';
import { pickLanguage, type GuideLanguage } from '../lib/language';
import { useReconnect } from '../lib/reconnect';
import { guideTheme } from '../lib/theme';
import type { Guide } from '../types';
import { GuideContent, GuideFrame } from './guide-view';
import { GuideNotices } from './guide-notices';
import { InstallBanner } from './install-banner';
import { WifiCard } from './wifi-card';

// Only guides that take requests load the request card (its chunk is precached with the guide, for offline).
const RequestSection = lazy(() => import('../requests/request-section'));

type View =
  | { kind: 'loading' }
  | { kind: 'found'; guide: Guide; savedAt: Date | null }
  | { kind: 'missing-id' }
  | { kind: 'not-found' }
  | { kind: 'offline' }
  | { kind: 'failed' };

function initialView(id: string | undefined, initial: GuideLoadResult | null | undefined): View {
  if (!id) return { kind: 'missing-id' };
  if (initial?.status === 'found') return { kind: 'found', guide: initial.guide, savedAt: initial.savedAt };
  if (initial?.status === 'not-found') return { kind: 'not-found' };
  return { kind: 'loading' };
}

function useGuide(id: string | undefined, initial?: GuideLoadResult | null): { view: View; retry: () => void } {
  const [view, setView] = useState<View>(() => initialView(id, initial));
  const [attempt, setAttempt] = useState(0);
  /** Tries by itself since the network last answered: the longer it stays away, the rarer they are. */
  const [quietTries, setQuietTries] = useState(0);

  // The state belongs to one id: the app's route remounts the screen per id (key), and retry() shows the spinner.
  useEffect(() => {
    if (!id) return;
    let cancelled = false;
    let networkAnswered = false;
    // A saved copy paints at once on a repeat visit; the network answer replaces it moments later.
    const { network, saved } = takeGuideLoad(id);
    void saved.then((copy) => {
      performance.mark('rg:saved-copy-read');
      // Only a first paint: on a retry the guide on screen (and its saved-copy note) stays until the network answers.
      if (!cancelled && !networkAnswered && copy)
        setView((current) => (current.kind === 'found' ? current : { kind: 'found', guide: copy.guide, savedAt: null }));
    });
    void network.then(async (result) => {
      performance.mark('rg:network-answer');
      networkAnswered = true;
      if (result.status === 'found') {
        if (cancelled) return;
        setView({ kind: 'found', guide: result.guide, savedAt: result.savedAt });
        if (!result.savedAt) setQuietTries(0);
        return;
      }
      if (result.status === 'offline' || result.status === 'failed') {
        const copy = await saved;
        if (cancelled) return;
        setView(copy ? { kind: 'found', guide: copy.guide, savedAt: copy.savedAt } : { kind: result.status });
        return;
      }
      if (!cancelled) setView({ kind: 'not-found' });
    });
    return () => {
      cancelled = true;
    };
  }, [id, attempt]);

  /** The guest's "Retry": shows the spinner unless a guide is on screen. */
  const retry = useCallback(() => {
    setView((current) => (current.kind === 'found' ? current : { kind: 'loading' }));
    setAttempt((n) => n + 1);
  }, []);

  // Shown offline (an error or the saved copy): try again by itself, keeping what is on screen until an answer comes.
  const offline = view.kind === 'offline' || view.kind === 'failed' || (view.kind === 'found' && view.savedAt !== null);
  const tryAgainQuietly = useCallback(() => {
    setQuietTries((n) => n + 1);
    setAttempt((n) => n + 1);
  }, []);
  useReconnect(offline, quietTries, tryAgainQuietly);

  return { view, retry };
}

function useLanguage(): [GuideLanguage, (language: GuideLanguage) => void] {
  const [language, setLanguage] = useState<GuideLanguage>(() => pickLanguage(readStoredLanguage(), browserLanguages()));
  useEffect(() => {
    document.documentElement.lang = language;
  }, [language]);
  const choose = useCallback((next: GuideLanguage) => {
    rememberLanguage(next);
    setLanguage(next);
  }, []);
  return [language, choose];
}

/** Saves the page for the next opening whenever the guide or the language shown changes (once the page is idle). */
function useSavedPage(id: string | undefined, guide: Guide | null, savedAt: Date | null, language: GuideLanguage, t: Translate): void {
  const saved = useRef('');
  useEffect(() => {
    // A copy shown because the network failed is already what the saved page holds.
    if (!id || !guide || savedAt) return;
    // The saved copy painted first and the network's answer moments later are usually the same guide.
    const key = `${language} ${JSON.stringify(guide)}`;
    if (key === saved.current) return;
    const save = () => {
      saved.current = key;
      void saveGuidePage(id, guide, language, t);
    };
    if (typeof window.requestIdleCallback !== 'function') {
      const timer = window.setTimeout(save, 200);
      return () => window.clearTimeout(timer);
    }
    const handle = window.requestIdleCallback(save, { timeout: 2000 });
    return () => window.cancelIdleCallback(handle);
  }, [id, guide, savedAt, language, t]);
}

function Problem({ title, message, t, onRetry }: { title: string; message?: string; t: Translate; onRetry?: () => void }) {
  return (
    <section className="rg-problem" role="alert">
      <h1>{title}</h1>
      {message && <p className="rg-text">{message}</p>}
      <div className="rg-actions rg-actions-center">
        {onRetry && (
          <button type="button" className="rg-button rg-button-primary" onClick={onRetry}>
            {t('retry')}
          </button>
        )}
        <a className="rg-button rg-button-secondary" href="/">
          {t('returnHome')}
        </a>
      </div>
    </section>
  );
}

/** `initial`: what the guest entry already loaded before mounting (see main.tsx), so the first render shows it. */
const keepPhoto = (url: string) => void savePhotosForOffline([url]);

/** `initial`: what the guest entry already loaded before mounting (see main.tsx), so the first render shows it. */
export function GuideScreen({ id, initial }: { id: string | undefined; initial?: GuideLoadResult | null }) {
  const [language, setLanguage] = useLanguage();
  const t = useMemo(() => translator(language), [language]);
  const { view, retry } = useGuide(id, initial);
  useLayoutEffect(() => {
    if (view.kind === 'found') performance.mark('rg:guide-committed');
  }, [view.kind]);
  const loaded = view.kind === 'found' ? view.guide : null;
  // The host's texts in the chosen language (the originals where it has none); a switch of language re-renders them.
  const guide = useMemo(() => loaded && localizeGuide(loaded, language), [loaded, language]);
  const theme = useMemo(() => guideTheme(guide?.template, guide?.style), [guide]);
  useSavedPage(id, loaded, view.kind === 'found' ? view.savedAt : null, language, t);

  // Count the open once the guide is on screen; never awaited, errors swallowed inside.
  const scannedId = guide?.id;
  useEffect(() => {
    if (scannedId) void recordScan(scannedId);
  }, [scannedId]);

  // "Add to Home screen" reopens this room: a manifest whose start_url is this guide.
  useEffect(() => {
    if (!guide) return;
    const manifest = guideManifest({
      origin: window.location.origin,
      guideId: guide.id,
      name: guide.name,
      roomNumber: guide.roomNumber,
      themeColor: theme.background,
      backgroundColor: theme.background,
    });
    const restore = linkManifest(manifestDataUrl(manifest));
    const previousTitle = document.title;
    document.title = guideTitle(guide) || document.title;
    const themeMeta = document.querySelector<HTMLMetaElement>('meta[name="theme-color"]');
    const previousTheme = themeMeta?.content;
    if (themeMeta) themeMeta.content = theme.background;
    return () => {
      restore();
      document.title = previousTitle;
      if (themeMeta && previousTheme !== undefined) themeMeta.content = previousTheme;
    };
  }, [guide, theme]);

  return (
    <GuideFrame guide={guide} theme={theme} language={language} t={t} onLanguageChange={setLanguage} onLogoLoad={keepPhoto}>
      {view.kind === 'loading' && (
        <div className="rg-loading" role="status">
          <span className="rg-spinner" aria-hidden="true" />
          <span>{t('loading')}</span>
        </div>
      )}
      {view.kind === 'found' && guide && (
        <GuideContent
          guide={guide}
          savedAt={view.savedAt}
          language={language}
          t={t}
          // Once shown, keep the photo for offline visits (usually straight from the HTTP cache, no second download).
          onPhotoLoad={keepPhoto}
          wifiCard={(wifi, titleId) => <WifiCard key={titleId} {...wifi} titleId={titleId} t={t} />}
          notices={<GuideNotices notices={guide.notices} language={language} t={t} />}
          requests={
            guide.requests.enabled && (
              <Suspense fallback={null}>
                <RequestSection guideId={guide.id} types={guide.requests.types} language={language} />
              </Suspense>
            )
          }
        >
          <InstallBanner t={t} />
        </GuideContent>
      )}
      {view.kind === 'missing-id' && <Problem title={t('notFoundTitle')} message={t('missingId')} t={t} />}
      {view.kind === 'not-found' && <Problem title={t('notFoundTitle')} message={t('removed')} t={t} />}
      {view.kind === 'offline' && <Problem title={t('offlineTitle')} message={t('offlineNotSaved')} t={t} onRetry={retry} />}
      {view.kind === 'failed' && <Problem title={t('loadFailed')} t={t} onRetry={retry} />}
    </GuideFrame>
  );
}
