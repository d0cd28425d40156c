/**
 * The guest's room guide. Shared by the light guest entry (guide.html → main.tsx, no router, no Chakra), the
 * app's `/guide/:id` route and the service worker, which renders it to HTML for a guide saved on the device (so a
 * reopened guide shows before any script runs). Plain CSS (guide.css, imported by the entries) and its own small
 * translator.
 */
import { useCallback, useEffect, useLayoutEffect, useMemo, useState, type CSSProperties } from 'react';
import { takeGuideLoad, type GuideLoadResult } from '../api/get-guide';
import { recordScan } from '../api/record-scan';
import { savePhotosForOffline } from '../api/save-photos';
import { guideManifest, linkManifest, manifestDataUrl } from '../lib/guide-manifest';
import { translator, type Translate } from '../lib/i18n';
import {
  GUIDE_LANGUAGES, LANGUAGE_NAMES, browserLanguages, isGuideLanguage, mirrorLanguageForServiceWorker, pickLanguage,
  readStoredLanguage, rememberLanguage, type GuideLanguage,
} from '../lib/language';
import { roomPhoto, telHref } from '../lib/normalize-guide';
import { guideTheme } from '../lib/theme';
import type { Guide } from '../types';
import { InstallBanner } from './install-banner';
import { WifiCard } from './wifi-card';

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

  // The state belongs to one id: the app's route remounts the screen per id (key), and retry() shows the spinner.
  useEffect(() => {
    if (!id) return;
    let cancelled = false;
    let networkAnswered = false;
    // A saved copy paints at once on a repeat visit; the network answer replaces it moments later.
    const { network, saved } = takeGuideLoad(id);
    void saved.then((copy) => {
      performance.mark('rg:saved-copy-read');
      if (!cancelled && !networkAnswered && copy) setView({ kind: 'found', guide: copy.guide, savedAt: null });
    });
    void network.then(async (result) => {
      performance.mark('rg:network-answer');
      networkAnswered = true;
      if (result.status === 'found') {
        if (!cancelled) setView({ kind: 'found', guide: result.guide, savedAt: result.savedAt });
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

  const retry = useCallback(() => {
    setView((current) => (current.kind === 'found' ? current : { kind: 'loading' }));
    setAttempt((n) => n + 1);
  }, []);

  // Back online after an offline or failed load: try again by itself.
  useEffect(() => {
    if (view.kind !== 'offline' && view.kind !== 'failed' && !(view.kind === 'found' && view.savedAt)) return;
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  }, [view, retry]);

  return { view, retry };
}

function useLanguage(initialLanguage?: GuideLanguage): [GuideLanguage, (language: GuideLanguage) => void] {
  const [language, setLanguage] = useState<GuideLanguage>(() => initialLanguage ?? pickLanguage(readStoredLanguage(), browserLanguages()));
  useEffect(() => {
    document.documentElement.lang = language;
    mirrorLanguageForServiceWorker(language);
  }, [language]);
  const choose = useCallback((next: GuideLanguage) => {
    rememberLanguage(next);
    setLanguage(next);
  }, []);
  return [language, choose];
}

function LanguageSelect({ language, onChange, t }: { language: GuideLanguage; onChange: (l: GuideLanguage) => void; t: Translate }) {
  return (
    <label className="rg-language">
      <svg className="rg-icon" viewBox="0 0 24 24" aria-hidden="true">
        <path d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm6.9 6h-2.9a15.7 15.7 0 0 0-1.4-3.6A8 8 0 0 1 18.9 8ZM12 4a14 14 0 0 1 1.9 4h-3.8A14 14 0 0 1 12 4ZM4.3 14a8.2 8.2 0 0 1 0-4h3.4a16.5 16.5 0 0 0 0 4H4.3Zm.8 2h3a15.7 15.7 0 0 0 1.3 3.6A8 8 0 0 1 5.1 16ZM8 8H5.1a8 8 0 0 1 4.3-3.6A15.7 15.7 0 0 0 8 8Zm4 12a14 14 0 0 1-1.9-4h3.8A14 14 0 0 1 12 20Zm2.3-6H9.7a14.7 14.7 0 0 1 0-4h4.6a14.7 14.7 0 0 1 0 4Zm.3 5.6a15.7 15.7 0 0 0 1.4-3.6h2.9a8 8 0 0 1-4.3 3.6Zm1.7-5.6a16.5 16.5 0 0 0 0-4h3.4a8.2 8.2 0 0 1 0 4h-3.4Z" />
      </svg>
      <span className="rg-visually-hidden">{t('language')}</span>
      <select value={language} onChange={(event) => isGuideLanguage(event.target.value) && onChange(event.target.value)}>
        {GUIDE_LANGUAGES.map((code) => (
          <option key={code} value={code} lang={code}>
            {LANGUAGE_NAMES[code]}
          </option>
        ))}
      </select>
    </label>
  );
}

function formatSavedDate(date: Date, language: GuideLanguage): string {
  try {
    return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
  } catch {
    return date.toISOString();
  }
}

function GuideContent({ guide, savedAt, language, t }: { guide: Guide; savedAt: Date | null; language: GuideLanguage; t: Translate }) {
  const photo = roomPhoto(guide);
  const gallery = guide.images.filter((image) => image !== photo);
  const phoneHref = telHref(guide.hotel.phone);
  const hasHotel = Boolean(guide.hotel.name || guide.hotel.phone || guide.hotel.website || guide.hotel.description);
  const hasArea = Boolean(guide.area.location || guide.area.activities.length || guide.area.businessLink);

  return (
    <>
      {savedAt && (
        <p className="rg-note" role="status">
          <svg className="rg-icon" viewBox="0 0 24 24" aria-hidden="true">
            <path d="M2.3 3.7 3.7 2.3l18 18-1.4 1.4-4-4A8 8 0 0 0 12 16.5a1.5 1.5 0 1 0 1.5 1.5l-3.1-3.1a6 6 0 0 0-2.6 1.6l-1.4-1.4a8 8 0 0 1 2.6-1.8L6.8 11.1a10 10 0 0 0-1.8 1.3L3.6 11a12 12 0 0 1 1.7-1.4L2.3 3.7Z" />
          </svg>
          {t('savedCopy', { date: formatSavedDate(savedAt, language) })}
        </p>
      )}
      <div className="rg-hero">
        {photo && (
          <div className="rg-photo-frame">
            {/* The LCP element: eager and high priority; the frame's aspect ratio reserves its space (no layout shift). */}
            <img className="rg-photo" src={photo} alt={t('roomPhotoAlt', { name: guide.name })} width={1200} height={675}
              fetchPriority="high" decoding="async" crossOrigin="anonymous"
              // Once shown, keep it for offline visits (usually straight from the HTTP cache, no second download).
              onLoad={() => void savePhotosForOffline([photo])} />
          </div>
        )}
        <div className="rg-heading">
          <h1>{t('welcome', { name: guide.name })}</h1>
          {guide.roomNumber && <p className="rg-room">{t('room', { number: guide.roomNumber })}</p>}
        </div>
      </div>

      {guide.wifi && <WifiCard network={guide.wifi.network} password={guide.wifi.password} t={t} />}

      {hasHotel && (
        <section className="rg-card" aria-labelledby="rg-hotel-title">
          <h2 id="rg-hotel-title" className="rg-card-title">{t('hotelTitle')}</h2>
          {guide.hotel.name && <p className="rg-strong">{guide.hotel.name}</p>}
          {guide.hotel.description && <p className="rg-text">{guide.hotel.description}</p>}
          <div className="rg-actions">
            {phoneHref && (
              <a className="rg-button rg-button-secondary" href={phoneHref}>
                <span className="rg-visually-hidden">{t('phone')}: </span>☎ {guide.hotel.phone}
              </a>
            )}
            {guide.hotel.website && (
              <a className="rg-button rg-button-secondary" href={guide.hotel.website} target="_blank" rel="noopener noreferrer">
                {t('visitWebsite')} ↗
              </a>
            )}
          </div>
        </section>
      )}

      {hasArea && (
        <section className="rg-card" aria-labelledby="rg-area-title">
          <h2 id="rg-area-title" className="rg-card-title">{t('areaTitle')}</h2>
          {guide.area.location && (
            <p className="rg-text">
              <span className="rg-label">{t('location')}</span> {guide.area.location}
            </p>
          )}
          {guide.area.activities.length > 0 && (
            <>
              <h3 className="rg-subtitle">{t('activities')}</h3>
              <ul className="rg-list">
                {guide.area.activities.map((activity, index) => (
                  <li key={`${index}-${activity}`}>{activity}</li>
                ))}
              </ul>
            </>
          )}
          {guide.area.businessLink && (
            <div className="rg-actions">
              <a className="rg-button rg-button-secondary" href={guide.area.businessLink} target="_blank" rel="noopener noreferrer">
                {t('businessLink')} ↗
              </a>
            </div>
          )}
        </section>
      )}

      {gallery.length > 0 && (
        <section className="rg-gallery" aria-label={t('roomPhotoAlt', { name: guide.name })}>
          {gallery.map((image) => (
            <div className="rg-gallery-frame" key={image}>
              <img src={image} alt="" loading="lazy" decoding="async" width={600} height={450} crossOrigin="anonymous" />
            </div>
          ))}
        </section>
      )}

      <InstallBanner t={t} />
    </>
  );
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
export function GuideScreen({ id, initial, initialLanguage }: { id: string | undefined; initial?: GuideLoadResult | null; initialLanguage?: GuideLanguage }) {
  const [language, setLanguage] = useLanguage(initialLanguage);
  const t = useMemo(() => translator(language), [language]);
  const { view, retry } = useGuide(id, initial);
  useLayoutEffect(() => {
    if (view.kind === 'found') performance.mark('rg:guide-committed');
  }, [view.kind]);
  const guide = view.kind === 'found' ? view.guide : null;
  const theme = useMemo(() => guideTheme(guide?.template, guide?.style), [guide]);

  // Count the open once the guide is on screen; never awaited, errors swallowed inside.
  const scannedId = guide?.id;
  useEffect(() => {
    if (scannedId) void recordScan(scannedId);
  }, [scannedId]);

  // "Add to Home screen" reopens this room: a manifest whose start_url is this guide.
  useEffect(() => {
    if (!guide) return;
    const manifest = guideManifest({
      origin: window.location.origin, guideId: guide.id, name: guide.name, roomNumber: guide.roomNumber,
      themeColor: theme.background, backgroundColor: theme.background,
    });
    const restore = linkManifest(manifestDataUrl(manifest));
    const previousTitle = document.title;
    document.title = [guide.name, guide.propertyName].filter(Boolean).join(' · ') || document.title;
    const themeMeta = document.querySelector<HTMLMetaElement>('meta[name="theme-color"]');
    const previousTheme = themeMeta?.content;
    if (themeMeta) themeMeta.content = theme.background;
    return () => {
      restore();
      document.title = previousTitle;
      if (themeMeta && previousTheme !== undefined) themeMeta.content = previousTheme;
    };
  }, [guide, theme]);

  const style = {
    '--rg-primary': theme.primary,
    '--rg-bg': theme.background,
    '--rg-text': theme.text,
    '--rg-on-primary': theme.onPrimary,
    '--rg-accent': theme.accent,
  } as CSSProperties;

  return (
    <div className="rg-guide" style={style} data-template={guide?.template ?? 'custom'}>
      <header className="rg-bar">
        <span className="rg-brand">
          {guide?.style.logoUrl ? (
            <img src={guide.style.logoUrl} alt="" width={28} height={28} crossOrigin="anonymous"
              onLoad={() => guide.style.logoUrl && void savePhotosForOffline([guide.style.logoUrl])} />
          ) : null}
          {guide?.propertyName ?? guide?.hotel.name ?? 'RoomGuide'}
        </span>
        <LanguageSelect language={language} onChange={setLanguage} t={t} />
      </header>
      <main className="rg-main">
        {view.kind === 'loading' && (
          <div className="rg-loading" role="status">
            <span className="rg-spinner" aria-hidden="true" />
            <span>{t('loading')}</span>
          </div>
        )}
        {view.kind === 'found' && <GuideContent guide={view.guide} savedAt={view.savedAt} language={language} t={t} />}
        {view.kind === 'missing-id' && <Problem title={t('notFoundTitle')} message={t('missingId')} t={t} />}
        {view.kind === 'not-found' && <Problem title={t('notFoundTitle')} message={t('removed')} t={t} />}
        {view.kind === 'offline' && <Problem title={t('offlineTitle')} message={t('offlineNotSaved')} t={t} onRetry={retry} />}
        {view.kind === 'failed' && <Problem title={t('loadFailed')} t={t} onRetry={retry} />}
      </main>
    </div>
  );
}
