import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import { BOOT_MESSAGE_KEYS, type BootMessages } from './boot-messages';
import { paintGuideEarly } from './boot-paint';
import { GuideScreen } from './components/guide-screen';
import { LANGUAGE_STORAGE_KEY } from './lib/language';
import { normalizeGuide } from './lib/normalize-guide';
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

  it('paints the photo, welcome, room and WiFi as text, in the stored language, with the theme colours', async () => {
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
    expect(document.documentElement.lang).toBe('es');
  });

  it('shows the same texts, in the same elements, as the screen React renders next', async () => {
    await paintGuideEarly(guideResponse(raw), messages);
    const early = document.getElementById('root')!;
    const screen = document.createElement('div');
    screen.innerHTML = renderToString(
      <GuideScreen id={raw.id} initial={{ status: 'found', guide: normalizeGuide(raw)!, savedAt: null }} initialLanguage="en" />,
    );
    for (const selector of ['.rg-brand', '.rg-heading h1', '.rg-room', '.rg-wifi .rg-card-title', '.rg-wifi-fields']) {
      expect(early.querySelector(selector)!.textContent, selector).toBe(screen.querySelector(selector)!.textContent);
    }
    expect(early.querySelector('.rg-photo')!.getAttribute('crossorigin')).toBe(screen.querySelector('.rg-photo')!.getAttribute('crossorigin'));
  });

  it('leaves a page the service worker already rendered, a saved copy, a failure and an unknown guide to the screen', async () => {
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
