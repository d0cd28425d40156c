/**
 * A host's texts in the guest guide stay text on every way the guide is drawn: the first paint (guide.html's inline
 * script, before React), the live page, the page saved on the device and served by the service worker on the next
 * opening, and that saved page offline. Every text field of a guide (name, room number, WiFi network and password,
 * hotel and area fields, activities, the property's name) carries `$` replacement patterns (`$&`, `` $` ``, `$'`:
 * a `String.replace` replacement string would paste page markup in their place), markup that would run a script if
 * it became HTML, and text in other scripts and directions. Each value must show intact, the page must have exactly
 * the scripts its shell brings (the inline ones by their text, the guide's entry, which the loader adds), and no
 * injected script may run.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page, Response } from 'playwright-core';
import { guideField, type GuideFieldKey } from '../../src/lib/guide-fields.ts';
import { guidePath } from '../../src/lib/guide-url.ts';
import { createGuideFixture, type GuideFixture, type GuideFixtureContent } from '../bench/guide-fixture.ts';
import { useBrowser, viewports } from '../e2e/support/browser.ts';
import { GUIDE_PAGES_CACHE } from '../../src/first-paint/contract.ts';

const payloads = {
  dollars: "Pa$`w0rd $' $& $$ $1 $<x> $",
  markup: `</script><script>window.__injected='script'</script><img src=x onerror="window.__injected='img'"><!--`,
  unicode: '日本語 🛏️ مرحبا שלום ✓ Ünïcødé',
} as const;

/** The payload cut to what a field holds (characters, or bytes for a WiFi network), without spaces at its ends. */
function fit(payload: string, key: GuideFieldKey): string {
  const field = guideField(key);
  const max = 'maxLength' in field ? field.maxLength : payload.length;
  let value = '';
  for (const character of payload) {
    const next = value + character;
    if ((field.kind === 'ssid' ? new TextEncoder().encode(next).length : next.length) > max) break;
    value = next;
  }
  return value.trim();
}

/** The payload in every text field; in the links' paths, where a link may carry it. */
function content(payload: string): GuideFixtureContent {
  const path = encodeURIComponent(payload.replace(/\s/g, ''));
  return {
    propertyName: payload,
    name: fit(payload, 'name'),
    roomNumber: fit(payload, 'roomNumber'),
    network: fit(payload, 'wifi.network'),
    password: fit(payload, 'wifi.password'),
    hotel: {
      name: fit(payload, 'hotel.name'),
      phone: `+34 ${fit(payload, 'hotel.phone').slice(0, 30).trim()}`,
      website: `https://hotel.example/${path}?q=$'#$&`,
      description: fit(payload, 'hotel.description'),
    },
    area: { location: fit(payload, 'area.location'), activities: [payload, `${payload} 2`], businessLink: `https://area.example/${path}` },
  };
}

interface Shown {
  title: string;
  brand: string;
  heading: string;
  room: string;
  photoAlt: string;
  network: string;
  password: string;
  hotel: string[];
  phone: string;
  location: string;
  activities: string[];
  links: string[];
  /** The inline scripts' texts, in order. */
  inlineScripts: string[];
  /** The scripts loaded from a file, by path. */
  scriptFiles: string[];
  injected: string | null;
}

/** What a document shows of the guide, read in the page (live DOM) or from HTML (a served response). */
function readGuide(html: string | null): Shown {
  const doc = html === null ? document : new DOMParser().parseFromString(html, 'text/html');
  const text = (selector: string) => doc.querySelector(selector)?.textContent ?? '';
  const all = (selector: string) => Array.from(doc.querySelectorAll(selector), (element) => element.textContent ?? '');
  return {
    title: doc.title,
    brand: text('.rg-brand'),
    heading: text('h1'),
    room: text('.rg-room'),
    photoAlt: doc.querySelector('img.rg-photo')?.getAttribute('alt') ?? '',
    network: text('[data-testid="wifi-network"]'),
    password: text('[data-testid="wifi-password"]'),
    hotel: all('#rg-hotel-title ~ p'),
    phone: text('a[href^="tel:"]'),
    location: text('#rg-area-title ~ .rg-text'),
    activities: all('.rg-list li'),
    links: Array.from(doc.querySelectorAll('a[target="_blank"]'), (link) => link.getAttribute('href') ?? ''),
    inlineScripts: Array.from(doc.querySelectorAll('script:not([src])'), (script) => script.textContent ?? ''),
    scriptFiles: Array.from(doc.querySelectorAll<HTMLScriptElement>('script[src]'), (script) => new URL(script.getAttribute('src')!, location.href).pathname),
    injected: (window as unknown as { __injected?: string }).__injected ?? null,
  };
}

/** The shell's scripts: every inline one, which of them paints first visits only, and the entry the loader runs. */
interface ShellScripts {
  inline: string[];
  firstPaint: string;
  entry: string;
}

/** The scripts a page has: a saved page lacks the first paint; once parsed, the loader has added the entry. */
function scriptsOf(shell: ShellScripts, page: 'shell' | 'saved', parsed: boolean): Pick<Shown, 'inlineScripts' | 'scriptFiles'> {
  return {
    inlineScripts: page === 'saved' ? shell.inline.filter((text) => text !== shell.firstPaint) : shell.inline,
    scriptFiles: parsed ? [shell.entry] : [],
  };
}

function expected(fixture: GuideFixture, scripts: Pick<Shown, 'inlineScripts' | 'scriptFiles'>): Shown {
  return {
    title: `${fixture.name} · ${fixture.propertyName}`,
    brand: fixture.propertyName,
    heading: `Welcome to ${fixture.name}`,
    room: `Room ${fixture.roomNumber}`,
    photoAlt: `Photo of ${fixture.name}`,
    network: fixture.network,
    password: fixture.password,
    hotel: [fixture.hotel.name, fixture.hotel.description],
    phone: `Phone: ☎ ${fixture.hotel.phone}`,
    location: `Location ${fixture.area.location}`,
    activities: fixture.area.activities,
    links: [new URL(fixture.hotel.website).href, new URL(fixture.area.businessLink).href],
    ...scripts,
    injected: null,
  };
}

const live = (page: Page) => page.locator('.rg-guide:not([data-static])').waitFor();
const shownIn = (page: Page, html: string | null = null) => page.evaluate(readGuide, html);

describe('host texts in the guest guide', () => {
  const browser = useBrowser({ viewport: viewports.phone, locale: 'en-US' });
  const fixtures: Partial<Record<keyof typeof payloads, GuideFixture>> = {};
  let shellScripts: ShellScripts;

  beforeAll(async () => {
    for (const name of Object.keys(payloads) as (keyof typeof payloads)[]) {
      fixtures[name] = await createGuideFixture(inject('apiUrl'), content(payloads[name]));
    }
    // The shell as the server sends it for any guide: its scripts are all a guide page may have.
    const response = await fetch(new URL(guidePath(fixtures.dollars!.id), inject('appUrl')), { headers: { accept: 'text/html' } });
    const shell = await response.text();
    // A script's text is raw text up to its end tag: these patterns read it exactly.
    shellScripts = {
      inline: Array.from(shell.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g), (match) => match[1]),
      firstPaint: /<script data-rg-first-paint>([\s\S]*?)<\/script>/.exec(shell)![1],
      entry: /<link [^>]*href="([^"]+)"[^>]* data-rg-entry>/.exec(shell)![1],
    };
    // The loader and the first paint; the entry modules register the service worker (no inline script for it).
    expect(shellScripts.inline).toHaveLength(2);
    expect(shell.match(/<script\b/g)).toHaveLength(2);
  });

  it.each(Object.keys(payloads) as (keyof typeof payloads)[])('%s: the first paint, before the scripts arrive', async (name) => {
    const fixture = fixtures[name]!;
    const { page } = browser;
    // Only guide.html's inline scripts paint: the guide's JavaScript files never arrive.
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.goto(guidePath(fixture.id));
    await page.locator('.rg-guide[data-static]').waitFor();
    const { title: _title, ...firstPaint } = expected(fixture, scriptsOf(shellScripts, 'shell', true));
    expect(await shownIn(page)).toMatchObject(firstPaint);
  });

  it.each(Object.keys(payloads) as (keyof typeof payloads)[])('%s: live, from the saved page, and offline', async (name) => {
    const fixture = fixtures[name]!;
    const { page, context } = browser;
    await page.goto(guidePath(fixture.id));
    await live(page);
    await expect.poll(() => shownIn(page)).toEqual(expected(fixture, scriptsOf(shellScripts, 'shell', true)));

    // The service worker in control and the page saved for the next opening.
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)), { timeout: 30_000 }).toBe(true);
    await expect
      .poll(
        () =>
          page.evaluate(async ({ path, cacheName }) => Boolean(await caches.match(path, { cacheName })), {
            path: guidePath(fixture.id),
            cacheName: GUIDE_PAGES_CACHE,
          }),
        {
          timeout: 15_000,
        },
      )
      .toBe(true);

    for (const offline of [false, true]) {
      await context.setOffline(offline);
      const response: Response | null = await page.reload();
      const served = (await response?.text()) ?? '';
      // The saved page as served, before any script: the guide in its HTML, texts intact, only the shell's scripts.
      expect(await shownIn(page, served), offline ? 'offline, as served' : 'saved page, as served').toEqual(
        expected(fixture, scriptsOf(shellScripts, 'saved', false)),
      );
      await live(page);
      await expect
        .poll(() => shownIn(page), { message: offline ? 'offline, live' : 'saved page, live' })
        .toEqual(expected(fixture, scriptsOf(shellScripts, 'saved', true)));
    }
    await expect.poll(() => page.getByRole('status').filter({ hasText: "You're offline" }).count()).toBe(1);
    await context.setOffline(false);
  });
});
