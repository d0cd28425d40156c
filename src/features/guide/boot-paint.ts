/**
 * The first paint of a first visit, before any JavaScript file has downloaded: guide.html's inline script (this
 * file, bundled into it by guideEntryPlugin in pwa.config.ts) draws the top of the guide — bar, photo, welcome,
 * WiFi network and password — as soon as the guide request it started answers, with the screen's own class names
 * and colours (guide.css is linked in guide.html's head), so a guest on a slow phone reads the password while
 * React is still downloading. React's first render then replaces it (createRoot empties #root) with the same
 * layout plus the buttons and the rest of the guide.
 *
 * Data goes into the page as text nodes and properties only (never as HTML). Strings come from a table the plugin
 * generates from locales/<lng>/guide.json at build time (boot-messages.ts).
 */
import { roomPhoto, normalizeGuide } from './lib/normalize-guide';
import { guideTheme } from './lib/theme';
import { browserLanguages, pickLanguage, readStoredLanguage } from './lib/language';
import { SAVED_AT_HEADER } from './api/guide-cache';
import type { BootMessages } from './boot-messages';
import type { Guide } from './types';


const fill = (template: string, name: string, value: string) => template.split(`{{${name}}}`).join(value);

function element<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/** An empty icon box: keeps the title's layout; the screen draws the icon itself moments later. */
const iconBox = () => {
  const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  svg.setAttribute('class', 'rg-icon');
  svg.setAttribute('aria-hidden', 'true');
  return svg;
};

/** The guide's top part, built like GuideScreen + WifiCard render it (components/guide-screen.tsx, wifi-card.tsx). */
export function bootGuideTree(guide: Guide, messages: BootMessages[string]): HTMLElement {
  const theme = guideTheme(guide.template, guide.style);
  const screen = element('div', 'rg-guide');
  screen.dataset.template = guide.template;
  screen.style.setProperty('--rg-primary', theme.primary);
  screen.style.setProperty('--rg-bg', theme.background);
  screen.style.setProperty('--rg-text', theme.text);
  screen.style.setProperty('--rg-on-primary', theme.onPrimary);
  screen.style.setProperty('--rg-accent', theme.accent);

  const bar = element('header', 'rg-bar');
  const brand = element('span', 'rg-brand');
  if (guide.style.logoUrl) {
    const logo = element('img', '');
    logo.crossOrigin = 'anonymous';
    logo.width = 28;
    logo.height = 28;
    logo.alt = '';
    logo.src = guide.style.logoUrl;
    brand.append(logo);
  }
  brand.append(guide.propertyName ?? guide.hotel.name);
  bar.append(brand);
  // The language menu's place (same height), so nothing moves when the real one arrives.
  const language = element('span', 'rg-language');
  language.style.minHeight = '44px';
  language.setAttribute('aria-label', messages.language);
  bar.append(language);

  const main = element('main', 'rg-main');
  const hero = element('div', 'rg-hero');
  const photo = roomPhoto(guide);
  if (photo) {
    const frame = element('div', 'rg-photo-frame');
    const image = element('img', 'rg-photo');
    // Same attributes as the screen's image, so its request is the one the screen uses (same CORS mode).
    image.crossOrigin = 'anonymous';
    image.width = 1200;
    image.height = 675;
    image.decoding = 'async';
    image.setAttribute('fetchpriority', 'high');
    image.alt = fill(messages.roomPhotoAlt, 'name', guide.name);
    image.src = photo;
    frame.append(image);
    hero.append(frame);
  }
  const heading = element('div', 'rg-heading');
  heading.append(element('h1', '', fill(messages.welcome, 'name', guide.name)));
  if (guide.roomNumber) heading.append(element('p', 'rg-room', fill(messages.room, 'number', guide.roomNumber)));
  hero.append(heading);
  main.append(hero);

  if (guide.wifi) {
    const card = element('section', 'rg-card rg-wifi');
    const title = element('h2', 'rg-card-title');
    title.append(iconBox(), messages.wifiTitle);
    const fields = element('dl', 'rg-wifi-fields');
    const network = element('div', '');
    network.append(element('dt', '', messages.wifiNetwork), element('dd', 'rg-mono', guide.wifi.network));
    const password = element('div', '');
    password.append(element('dt', '', messages.wifiPassword));
    if (guide.wifi.password) {
      const value = element('dd', 'rg-mono rg-password', guide.wifi.password);
      // The benchmark (tests/bench/guide.ts) reads when the password is painted, whichever code painted it.
      value.setAttribute('elementtiming', 'wifi-password');
      password.append(value);
    } else {
      password.append(element('dd', '', messages.wifiOpenNetwork));
    }
    fields.append(network, password);
    card.append(title, fields);
    main.append(card);
  }
  screen.append(bar, main);
  return screen;
}

/** Resolves once the page's HTML is parsed (#root exists), before the module scripts run (DOMContentLoaded). */
function parsed(): Promise<void> {
  if (document.readyState !== 'loading') return Promise.resolve();
  return new Promise((resolve) => document.addEventListener('readystatechange', () => resolve(), { once: true }));
}

/** Paints the guide into #root if the page still shows guide.html's spinner (not a service-worker rendered copy). */
export async function paintGuideEarly(response: Response, messagesByLanguage: BootMessages): Promise<void> {
  performance.mark('rg:boot-response');
  // A saved copy (offline) also shows a note above the guide: leave that case to the screen.
  if (!response.ok || response.headers.has(SAVED_AT_HEADER)) return;
  let copy: Response;
  try {
    copy = response.clone();
  } catch {
    return; // The screen already read it.
  }
  const guide = normalizeGuide(await copy.json());
  performance.mark('rg:boot-data');
  await parsed();
  const boot = document.querySelector('#root > .rg-boot');
  if (!guide || !boot) return;
  const language = pickLanguage(readStoredLanguage(), browserLanguages());
  const messages = messagesByLanguage[language] ?? messagesByLanguage.en;
  document.documentElement.lang = language;
  boot.replaceWith(bootGuideTree(guide, messages));
  performance.mark('rg:boot-painted');
}

declare const __RG_BOOT_MESSAGES__: BootMessages;

/** The inline script's entry (see guideEntryPlugin): waits for the prefetched guide started just before it. */
export function startBootPaint(): void {
  const prefetch = window.__roomguideGuidePrefetch;
  if (!prefetch) return;
  prefetch.response
    .then((response) => paintGuideEarly(response, __RG_BOOT_MESSAGES__))
    .catch(() => undefined); // The screen reports any failure itself.
}
