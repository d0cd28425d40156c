import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { BOOT_MESSAGE_KEYS, type BootMessages } from './boot-messages';
import { bootTranslator, paintGuideEarly } from './boot-paint';
import { staticGuide } from '../../features/guide/components/guide-view';
import { translator, type GuideMessageKey } from '../../features/guide/lib/i18n';
import { LANGUAGE_STORAGE_KEY } from '../contract';
import { normalizeGuide } from '../../features/guide/lib/normalize-guide';
import { guideTheme } from '../../features/guide/lib/theme';
import en from '@locales/en/guide.json';
import es from '@locales/es/guide.json';

// What guideEntryPlugin (pwa.config.ts) puts into guide.html, for two languages.
const pick = (all: Record<string, string>) => Object.fromEntries(BOOT_MESSAGE_KEYS.map((key) => [key, all[key]])) as BootMessages[string];
const messages: BootMessages = { en: pick(en), es: pick(es) };

const raw = {
  id: '7b0c6f3e-1111-4222-8333-944445555666',
  name: 'Suite <img src=x onerror="window.hacked=1">',
  room_number: '12',
  template: 'beach',
  property_name: 'Hotel Aurora',
  style: { roomPhotoUrl: 'https://cdn.example/room.jpg' },
  content: { wifi: { network: 'Aurora Guests', password: 'sea&sun<3' } },
  hotel: { name: 'Aurora', phone: '+34 971 555 010', website: 'https://aurora.example', description: 'Breakfast at 7.' },
  area: { location: 'Old harbour', activities: ['Harbour walk'], businessLink: 'https://palma.example' },
};

const guideResponse = (body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json', ...headers } });

const bootShell = '<div class="rg-boot" role="status"><span class="rg-boot-spinner"></span></div>';

describe('paintGuideEarly (guide.html before the scripts arrive)', () => {
  beforeEach(() => {
    document.body.innerHTML = `<div id="root">${bootShell}</div>`;
    localStorage.clear();
  });
  afterEach(() => localStorage.clear());

  it('paints the whole guide as text, in the stored language, with the theme colours', async () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'es');
    await paintGuideEarly(guideResponse(raw), messages);
    const root = document.getElementById('root')!;
    expect(root.querySelector('.rg-boot')).toBeNull();
    expect(root.querySelector('h1')!.textContent).toBe('Bienvenido a Suite <img src=x onerror="window.hacked=1">');
    expect(root.querySelectorAll('img')).toHaveLength(1); // only the room photo: data never becomes markup
    expect(root.querySelector<HTMLImageElement>('.rg-photo')!.src).toBe('https://cdn.example/room.jpg');
    expect(root.querySelector('.rg-room')!.textContent).toBe('Habitación 12');
    expect(root.querySelector('.rg-password')!.textContent).toBe('sea&sun<3');
    expect(root.querySelector('.rg-password')!.getAttribute('elementtiming')).toBe('wifi-password');
    expect(root.querySelector<HTMLElement>('.rg-guide')!.style.getPropertyValue('--rg-bg')).toBe('#fff8dc');
    expect(root.querySelector('#rg-area-title')!.textContent).toBe(es.areaTitle);
    expect(document.documentElement.lang).toBe('es');
  });

  it('paints what React renders for the same guide, in the same elements', async () => {
    await paintGuideEarly(guideResponse(raw), messages);
    const guide = normalizeGuide(raw)!;
    const expected = document.createElement('div');
    expected.innerHTML = renderToStaticMarkup(staticGuide({ guide, language: 'en', t: translator('en'), theme: guideTheme(guide.template, guide.style) }));
    expected.querySelectorAll(':scope > link').forEach((link) => link.remove());
    // Style attributes written the same way (the DOM adds spaces after the colons).
    const sameStyle = (html: string) =>
      html.replace(/style="([^"]*)"/g, (_, style: string) => `style="${style.replace(/\s*([:;])\s*/g, '$1').replace(/;$/, '')}"`);
    expect(sameStyle(document.getElementById('root')!.innerHTML)).toBe(sameStyle(expected.innerHTML));
  });

  it('leaves a page already painted (the saved page), a saved copy, a failure and an unknown guide to the screen', async () => {
    document.body.innerHTML = '<div id="root"><div class="rg-guide">saved</div></div>';
    await paintGuideEarly(guideResponse(raw), messages);
    expect(document.getElementById('root')!.textContent).toBe('saved');

    for (const response of [
      guideResponse(raw, { 'x-roomguide-saved-at': new Date().toISOString() }),
      new Response('{"message":"boom"}', { status: 500 }),
      guideResponse(null),
    ]) {
      document.body.innerHTML = `<div id="root">${bootShell}</div>`;
      await paintGuideEarly(response, messages);
      expect(document.querySelector('#root > .rg-boot')).not.toBeNull();
    }
  });
});

describe('the boot strings', () => {
  it('hold every text the static guide shows', () => {
    const used = new Set<GuideMessageKey>();
    const recording = (key: GuideMessageKey, values?: Record<string, string | number>) => {
      used.add(key);
      return translator('en')(key, values);
    };
    const guide = normalizeGuide(raw)!;
    renderToStaticMarkup(staticGuide({ guide, language: 'en', t: recording, theme: guideTheme(guide.template, guide.style) }));
    expect([...used].filter((key) => !(BOOT_MESSAGE_KEYS as readonly string[]).includes(key))).toEqual([]);
    expect(used.size).toBeGreaterThan(10);
  });

  it('fill placeholders and show a missing key as itself', () => {
    const t = bootTranslator(messages.es);
    expect(t('welcome', { name: 'Suite 7' })).toBe('Bienvenido a Suite 7');
    expect(t('savedCopy', { date: 'x' })).toBe('savedCopy');
  });
});
