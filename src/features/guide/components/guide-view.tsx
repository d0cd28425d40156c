/**
 * The guest guide's markup, written once: hook-free components that React renders live (guide-screen.tsx,
 * wifi-card.tsx) and that lib/static-dom.ts renders without React — guide.html's first paint, before the scripts
 * have downloaded, and the page saved for the guide's next opening (api/guide-page.ts). Whatever changes (the
 * chosen language, copy state, the QR) lives in the screen and comes in as props.
 *
 * The hotel, help and area cards show the fields the field list (src/lib/guide-fields.ts) gives them, in its order.
 */
import type { CSSProperties, ReactNode } from 'react';
import { fieldsOf, otherWifiNetworks, valueAt, type GuideField, type WifiNetwork } from '@/lib/guide-fields';
import { numberedRoomName } from '@/lib/room-name';
import type { Translate } from '../lib/i18n';
import { GUIDE_LANGUAGES, LANGUAGE_NAMES, isGuideLanguage, type GuideLanguage } from '../lib/language';
import { hotelNameOf } from '../lib/localize-guide';
import { roomPhoto, telHref } from '../lib/normalize-guide';
import type { GuideTheme } from '../lib/theme';
import { currentNotices } from '../lib/notices';
import type { Guide } from '../types';
import { COPY_ANSWERS_ATTRIBUTE, type CopyAnswers } from '@/first-paint/contract';

/** `inert` in a static paint: a menu that does nothing yet is not offered. */
export function LanguageSelect({
  language,
  t,
  onChange,
  inert,
}: {
  language: GuideLanguage;
  t: Translate;
  onChange?: (language: GuideLanguage) => void;
  inert?: boolean;
}) {
  return (
    <label className="rg-language" inert={inert}>
      <svg className="rg-icon" viewBox="0 0 24 24" aria-hidden="true">
        <path d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm6.9 6h-2.9a15.7 15.7 0 0 0-1.4-3.6A8 8 0 0 1 18.9 8ZM12 4a14 14 0 0 1 1.9 4h-3.8A14 14 0 0 1 12 4ZM4.3 14a8.2 8.2 0 0 1 0-4h3.4a16.5 16.5 0 0 0 0 4H4.3Zm.8 2h3a15.7 15.7 0 0 0 1.3 3.6A8 8 0 0 1 5.1 16ZM8 8H5.1a8 8 0 0 1 4.3-3.6A15.7 15.7 0 0 0 8 8Zm4 12a14 14 0 0 1-1.9-4h3.8A14 14 0 0 1 12 20Zm2.3-6H9.7a14.7 14.7 0 0 1 0-4h4.6a14.7 14.7 0 0 1 0 4Zm.3 5.6a15.7 15.7 0 0 0 1.4-3.6h2.9a8 8 0 0 1-4.3 3.6Zm1.7-5.6a16.5 16.5 0 0 0 0-4h3.4a8.2 8.2 0 0 1 0 4h-3.4Z" />
      </svg>
      <span className="rg-visually-hidden">{t('language')}</span>
      <select value={language} onChange={onChange && ((event) => isGuideLanguage(event.target.value) && onChange(event.target.value))}>
        {GUIDE_LANGUAGES.map((code) => (
          <option key={code} value={code} lang={code}>
            {LANGUAGE_NAMES[code]}
          </option>
        ))}
      </select>
    </label>
  );
}

interface GuideFrameProps {
  /** The guide once known: its name in the bar, its colours. */
  guide: Guide | null;
  theme: GuideTheme;
  language: GuideLanguage;
  t: Translate;
  onLanguageChange?: (language: GuideLanguage) => void;
  onLogoLoad?: (url: string) => void;
  /** A static paint (lib/static-dom.ts): read at once; its buttons and menu work once React has replaced it. */
  staticPaint?: boolean;
  children: ReactNode;
}

/** The page around every state of the guide: its colours, the bar with the property's name and the language menu. */
export function GuideFrame({ guide, theme, language, t, onLanguageChange, onLogoLoad, staticPaint, children }: GuideFrameProps) {
  const style = {
    '--rg-primary': theme.primary,
    '--rg-bg': theme.background,
    '--rg-text': theme.text,
    '--rg-on-primary': theme.onPrimary,
    '--rg-accent': theme.accent,
  } as CSSProperties;
  const logoUrl = guide?.style.logoUrl;
  return (
    <div className="rg-guide" style={style} data-template={guide?.template ?? 'custom'} data-static={staticPaint}>
      <header className="rg-bar">
        <span className="rg-brand">
          {logoUrl ? <img src={logoUrl} alt="" width={28} height={28} crossOrigin="anonymous" onLoad={onLogoLoad && (() => onLogoLoad(logoUrl))} /> : null}
          {(guide && hotelNameOf(guide)) || 'RoomGuide'}
        </span>
        <LanguageSelect language={language} onChange={onLanguageChange} t={t} inert={staticPaint} />
      </header>
      <main className="rg-main">{children}</main>
    </div>
  );
}

export type CopyState = 'idle' | 'copied' | 'failed';

interface WifiCardViewProps {
  /** Where the network works (the lobby): named in the title; empty for the room's own network. */
  place?: string;
  network: string;
  password: string;
  t: Translate;
  titleId: string;
  copyState?: CopyState;
  qrOpen?: boolean;
  onCopy?: () => void;
  onToggleQr?: () => void;
  /** The WiFi QR, while open. */
  qr?: ReactNode;
  /**
   * In a static paint: what "Copy password" says once it has copied, for the tap answered before the guide is live
   * (src/first-paint/guide/early-taps.ts).
   */
  staticPaint?: boolean;
}

/** "Copy password"'s button text once it has copied. */
const copiedButtonText = (t: Translate) => `✓ ${t('passwordCopied')}`;

export function WifiCardView({
  place,
  network,
  password,
  t,
  titleId,
  copyState = 'idle',
  qrOpen = false,
  onCopy,
  onToggleQr,
  qr,
  staticPaint,
}: WifiCardViewProps) {
  const copyAnswers: CopyAnswers | null =
    staticPaint && password ? { button: copiedButtonText(t), status: t('passwordCopied'), failed: t('copyFailed') } : null;
  return (
    <section className="rg-card rg-wifi" aria-labelledby={titleId} {...(copyAnswers && { [COPY_ANSWERS_ATTRIBUTE]: JSON.stringify(copyAnswers) })}>
      <h2 id={titleId} className="rg-card-title">
        <svg className="rg-icon" viewBox="0 0 24 24" aria-hidden="true">
          <path d="M12 18.5a1.5 1.5 0 1 1 0 3 1.5 1.5 0 0 1 0-3Zm-4.2-3.3a6 6 0 0 1 8.4 0l-1.4 1.4a4 4 0 0 0-5.6 0l-1.4-1.4Zm-2.8-2.8a10 10 0 0 1 14 0l-1.4 1.4a8 8 0 0 0-11.2 0L5 12.4Zm-2.9-2.9a14 14 0 0 1 19.8 0l-1.4 1.4a12 12 0 0 0-17 0L2.1 9.5Z" />
        </svg>
        {place ? t('wifiTitleAt', { place }) : t('wifiTitle')}
      </h2>
      <dl className="rg-wifi-fields">
        <div>
          <dt>{t('wifiNetwork')}</dt>
          <dd className="rg-mono" data-testid="wifi-network">
            {network}
          </dd>
        </div>
        <div>
          <dt>{t('wifiPassword')}</dt>
          {password ? (
            // elementtiming: the benchmark (tests/bench/guide.ts) reads when the password is painted, whichever paint it is.
            <dd className="rg-mono rg-password" data-testid="wifi-password" {...{ elementtiming: 'wifi-password' }}>
              {password}
            </dd>
          ) : (
            <dd>{t('wifiOpenNetwork')}</dd>
          )}
        </div>
      </dl>
      <div className="rg-actions">
        {password && (
          <button type="button" className="rg-button rg-button-primary" onClick={onCopy}>
            {copyState === 'copied' ? copiedButtonText(t) : t('copyPassword')}
          </button>
        )}
        <button type="button" className="rg-button rg-button-secondary" aria-expanded={qrOpen} onClick={onToggleQr}>
          {qrOpen ? t('hideWifiQr') : t('showWifiQr')}
        </button>
      </div>
      <p className="rg-status" role="status" aria-live="polite">
        {copyState === 'copied' ? t('passwordCopied') : copyState === 'failed' ? t('copyFailed') : ''}
      </p>
      {qr}
    </section>
  );
}

/** The networks a guest sees, each with its own card: the room's own first, then the property's others. */
function guideWifiNetworks(guide: Guide): WifiNetwork[] {
  return [...(guide.wifi ? [{ place: '', ...guide.wifi }] : []), ...otherWifiNetworks(guide)];
}

const hasValue = (value: unknown) => (Array.isArray(value) ? value.length > 0 : typeof value === 'string' && value !== '');

type CardField = Extract<GuideField, { guest: object }>;
const inCard = (field: GuideField): field is CardField => 'guest' in field;
const isAction = (field: CardField) => field.guest.display === 'phone' || field.guest.display === 'emergency' || field.guest.display === 'link';

/** One field as its card shows it. */
function CardValue({ field, value, t }: { field: CardField; value: string | string[]; t: Translate }) {
  const text = typeof value === 'string' ? value : '';
  const label = 'label' in field.guest ? t(field.guest.label) : '';
  switch (field.guest.display) {
    case 'title':
      return <p className="rg-strong">{text}</p>;
    case 'photo':
      // Fetched at once but after the room photo (low priority), so the service worker keeps it for offline use even
      // if the guest never scrolls to it; the frame's aspect ratio reserves its space.
      return (
        <div className="rg-photo-frame rg-card-photo">
          <img src={text} alt={label} width={1200} height={675} fetchPriority="low" decoding="async" crossOrigin="anonymous" />
        </div>
      );
    case 'paragraph':
      return <p className="rg-text">{text}</p>;
    case 'labelled':
      return (
        <p className="rg-text">
          <span className="rg-label">{label}</span> {text}
        </p>
      );
    case 'titled':
      return (
        <>
          <h3 className="rg-subtitle">{label}</h3>
          <p className="rg-text">{text}</p>
        </>
      );
    case 'list':
      return (
        <>
          <h3 className="rg-subtitle">{label}</h3>
          <ul className="rg-list">
            {(Array.isArray(value) ? value : []).map((item, index) => (
              <li key={`${index}-${item}`}>{item}</li>
            ))}
          </ul>
        </>
      );
    case 'phone': {
      const href = telHref(text);
      return href ? (
        <a className="rg-button rg-button-secondary" href={href}>
          <span className="rg-visually-hidden">{label}: </span>☎ {text}
        </a>
      ) : null;
    }
    case 'emergency': {
      const href = telHref(text);
      return href ? (
        <a className="rg-button rg-button-emergency" href={href}>
          ☎ {label}: {text}
        </a>
      ) : null;
    }
    case 'link':
      return (
        <a className="rg-button rg-button-secondary" href={text} target="_blank" rel="noopener noreferrer">
          {label} ↗
        </a>
      );
  }
}

const CARD_TITLES = { hotel: 'hotelTitle', help: 'helpTitle', area: 'areaTitle' } as const;

/** The hotel's, the help or the area's card: its filled-in fields, buttons last; nothing when none is filled in. */
function SectionCard({ section, guide, t }: { section: keyof typeof CARD_TITLES; guide: Guide; t: Translate }) {
  const filled = fieldsOf(section)
    .filter(inCard)
    .map((field) => ({ field, value: valueAt(guide, field.key) as string | string[] }))
    .filter(({ value }) => hasValue(value));
  if (filled.length === 0) return null;
  const titleId = `rg-${section}-title`;
  const actions = filled.filter(({ field }) => isAction(field));
  return (
    <section className="rg-card" aria-labelledby={titleId}>
      <h2 id={titleId} className="rg-card-title">
        {t(CARD_TITLES[section])}
      </h2>
      {filled
        .filter(({ field }) => !isAction(field))
        .map(({ field, value }) => (
          <CardValue key={field.key} field={field} value={value} t={t} />
        ))}
      {actions.length > 0 && (
        <div className="rg-actions">
          {actions.map(({ field, value }) => (
            <CardValue key={field.key} field={field} value={value} t={t} />
          ))}
        </div>
      )}
    </section>
  );
}

function formatSavedDate(date: Date, language: GuideLanguage): string {
  try {
    return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
  } catch {
    return date.toISOString();
  }
}

interface GuideContentProps {
  guide: Guide;
  /** Set when the network failed and the copy saved on this device is shown. */
  savedAt: Date | null;
  language: GuideLanguage;
  t: Translate;
  /** A WiFi card (live or static) for one of the guide's networks, titled by `titleId`, which is also its key. */
  wifiCard: (wifi: WifiNetwork, titleId: string) => ReactNode;
  /** What only the live page shows: the hosts' notices (above everything) and the request card (after the hotel's). */
  notices?: ReactNode;
  requests?: ReactNode;
  onPhotoLoad?: (url: string) => void;
  /** What only the live page has, after the guide (the install offer). */
  children?: ReactNode;
}

export function GuideContent({ guide, savedAt, language, t, wifiCard, notices, requests, onPhotoLoad, children }: GuideContentProps) {
  const photo = roomPhoto(guide);
  const gallery = guide.images.filter((image) => image !== photo);
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
      {notices}
      <div className="rg-hero">
        {photo && (
          <div className="rg-photo-frame">
            {/* The LCP element: eager and high priority; the frame's aspect ratio reserves its space (no layout shift). */}
            <img
              className="rg-photo"
              src={photo}
              alt={t('roomPhotoAlt', { name: guide.name })}
              width={1200}
              height={675}
              fetchPriority="high"
              decoding="async"
              crossOrigin="anonymous"
              onLoad={onPhotoLoad && (() => onPhotoLoad(photo))}
            />
          </div>
        )}
        <div className="rg-heading">
          <h1>{t('welcome', { name: guide.name })}</h1>
          {guide.roomNumber && <p className="rg-room">{numberedRoomName(language, guide.roomNumber)}</p>}
        </div>
      </div>

      {guideWifiNetworks(guide).map((wifi, index) => wifiCard(wifi, index === 0 ? 'rg-wifi-title' : `rg-wifi-title-${index + 1}`))}
      <SectionCard section="hotel" guide={guide} t={t} />
      {requests}
      <SectionCard section="help" guide={guide} t={t} />
      <SectionCard section="area" guide={guide} t={t} />

      {gallery.length > 0 && (
        <section className="rg-gallery" aria-label={t('roomPhotoAlt', { name: guide.name })}>
          {gallery.map((image) => (
            <div className="rg-gallery-frame" key={image}>
              <img src={image} alt="" loading="lazy" decoding="async" width={600} height={450} crossOrigin="anonymous" />
            </div>
          ))}
        </section>
      )}
      {children}
    </>
  );
}

/** The hosts' notices shown now, above the guide (live: guide-notices.tsx keeps the list current). */
export function NoticeList({ notices, t }: { notices: { id: string; text: string }[]; t: Translate }) {
  if (notices.length === 0) return null;
  return (
    <ul className="rg-notices" aria-label={t('noticesLabel')}>
      {notices.map((notice) => (
        <li key={notice.id} className="rg-note">
          {notice.text}
        </li>
      ))}
    </ul>
  );
}

/** The found guide as the static paints show it (no saved-copy note, nothing opened, nothing live yet). */
export function staticGuide({ guide, language, t, theme }: { guide: Guide; language: GuideLanguage; t: Translate; theme: GuideTheme }) {
  return (
    <GuideFrame guide={guide} theme={theme} language={language} t={t} staticPaint>
      <GuideContent
        guide={guide}
        savedAt={null}
        language={language}
        t={t}
        wifiCard={(wifi, titleId) => <WifiCardView key={titleId} {...wifi} t={t} titleId={titleId} staticPaint />}
        // The notices of the moment of painting; the live page takes over within the second.
        notices={<NoticeList notices={currentNotices(guide.notices, language, Date.now())} t={t} />}
      />
    </GuideFrame>
  );
}
