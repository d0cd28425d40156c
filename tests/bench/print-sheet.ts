/**
 * `npm run bench:print`: how long a host of a 300-room hotel waits for the print sheet, from navigation until every
 * card's codes are drawn (the sheet's status says "Ready" and every code image has decoded), and for "Download all"
 * on the room list, from the click until the ZIP of 300 PNGs is handed to the browser, against the production
 * build of the local stack. Printing is desk work, so the browser is a desktop window (1280 × 900) without network or
 * CPU throttling; the machine is whatever runs the bench (the README says which). Median of RUNS runs, each in a fresh
 * browser context (nothing cached from the run before). Figures, not a test: it prints a table and never fails on a
 * number.
 */
import { pathToFileURL } from 'node:url';
import { createClient } from '@supabase/supabase-js';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { anonKey } from '../../local-stack/config.ts';
import { nodeOptions, signUpBenchHost } from './guide-fixture.ts';
import { KEEP_NAMES_SHIM, launchBenchBrowser, startBenchStack } from './harness.ts';
import { median, printTable } from './figures.ts';
import { AUTH_STORAGE_KEY } from '../../src/first-paint/contract.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const ROOMS = 300;
const TARGET_MS = 5000;
const VIEWPORT = { width: 1280, height: 900 };

export interface PrintSheetBenchResult {
  /** Guide codes only (the default sheet). */
  guideMs: number;
  /** With the WiFi QR on every card as well (twice the codes). */
  wifiMs: number;
  /** Of the guide-codes figure: when the rooms' answer (`qr_codes` with their merged guides) had arrived. */
  roomsReadMs: number;
  /** "Download all" on the room list: from the click until the browser has the ZIP (no target). */
  zipMs: number;
}

interface Timing {
  readyMs: number;
  roomsReadMs: number;
}

interface Host {
  session: { key: string; value: string };
  propertyId: string;
}

/**
 * A host with a 300-room hotel: the property's template and default WiFi, every tenth room its own password, so the
 * sheet draws rooms in the hotel's colours and WiFi codes of both kinds.
 */
async function hostWithRooms(apiUrl: string): Promise<Host> {
  const stored = new Map<string, string>();
  const storage = {
    getItem: (key: string) => stored.get(key) ?? null,
    setItem: (key: string, value: string) => void stored.set(key, value),
    removeItem: (key: string) => void stored.delete(key),
  };
  const host = createClient(apiUrl, anonKey, {
    ...nodeOptions,
    auth: { storage, storageKey: AUTH_STORAGE_KEY, persistSession: true, autoRefreshToken: false, detectSessionInUrl: false },
  });
  await signUpBenchHost(apiUrl, host, 'print-host', ROOMS);
  const property = await host
    .from('properties')
    .insert({
      name: 'Grand Hotel Print',
      type: 'hotel',
      hotel: { name: 'Grand Hotel Print' },
      content: { wifi: { network: 'Grand-Guests', password: 'grand-wifi-300' } },
      template: 'luxury',
    })
    .select('id')
    .single();
  if (property.error) throw new Error(`create property failed: ${property.error.message}`);
  const propertyId = (property.data as { id: string }).id;
  const rooms = Array.from({ length: ROOMS }, (_, i) => ({
    name: `Room ${101 + i}`,
    room_number: String(101 + i),
    ...(i % 10 === 0 ? { content: { wifi: { password: `own-${101 + i}` } } } : {}),
  }));
  const created = await host.rpc('create_rooms', { property_id: propertyId, rooms }).select('id');
  if (created.error) throw new Error(`create_rooms failed: ${created.error.message}`);
  const value = stored.get(AUTH_STORAGE_KEY);
  if (!value) throw new Error('supabase-js stored no session');
  return { session: { key: AUTH_STORAGE_KEY, value }, propertyId };
}

/** A desktop window signed in as the host (the session stored before the app's first script). */
async function hostContext(browser: Browser, host: Host, options: { acceptDownloads?: boolean } = {}): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: VIEWPORT, locale: 'en-US', ...options });
  await context.addInitScript(KEEP_NAMES_SHIM);
  await context.addInitScript(({ key, value }) => {
    if (!localStorage.getItem(key)) localStorage.setItem(key, value);
  }, host.session);
  return context;
}

/** Milliseconds from the click on "Download all (ZIP)" on the room list until the browser has the file. */
async function timeZip(browser: Browser, appUrl: string, host: Host): Promise<number> {
  const context = await hostContext(browser, host, { acceptDownloads: true });
  try {
    const page = await context.newPage();
    await page.goto(`${appUrl}/dashboard/properties/${host.propertyId}/qrcodes`);
    const button = page.getByRole('button', { name: 'Download all (ZIP)', exact: true });
    await button.waitFor();
    const download = page.waitForEvent('download', { timeout: 300_000 });
    const clickedAt = performance.now();
    await button.click();
    await download;
    return performance.now() - clickedAt;
  } finally {
    await context.close();
  }
}

declare global {
  interface Window {
    __printReadyAt?: number;
  }
}

/**
 * Milliseconds from navigation start until the sheet is ready: its status reads "Ready", it holds `codes` code images
 * and every one has decoded. Checked on every animation frame, so the figure is at most one frame late.
 */
async function timeSheet(browser: Browser, appUrl: string, host: Host, query: string, codes: number): Promise<Timing> {
  const context = await hostContext(browser, host);
  try {
    await context.addInitScript((wanted: number) => {
      const check = () => {
        const ready = Array.from(document.querySelectorAll('[role=status]')).some((status) => status.textContent?.startsWith('Ready'));
        // Inline SVG codes are drawn with the page; an <img> code must also have loaded.
        const codes = Array.from(document.querySelectorAll('[data-testid=print-card] svg[role=img], [data-testid=print-card] img'));
        if (ready && codes.length === wanted && codes.every((code) => !(code instanceof HTMLImageElement) || code.complete)) {
          window.__printReadyAt = performance.now();
          return;
        }
        requestAnimationFrame(check);
      };
      requestAnimationFrame(check);
    }, codes);
    const page: Page = await context.newPage();
    await page.goto(`${appUrl}/dashboard/properties/${host.propertyId}/qrcodes/print${query}`, { waitUntil: 'commit' });
    try {
      const handle = await page.waitForFunction(() => window.__printReadyAt, undefined, { timeout: 180_000, polling: 100 });
      const readyMs = Number(await handle.jsonValue());
      const roomsReadMs = await page.evaluate(() => {
        const rooms = performance.getEntriesByType('resource').filter((entry) => entry.name.includes('/rest/v1/qr_codes'));
        return rooms.length ? (rooms[rooms.length - 1] as PerformanceResourceTiming).responseEnd : Number.NaN;
      });
      return { readyMs, roomsReadMs };
    } catch (error) {
      const seen = await page.evaluate(() => ({
        status: Array.from(document.querySelectorAll('[role=status]'), (status) => status.textContent),
        codes: document.querySelectorAll('[data-testid=print-card] svg[role=img], [data-testid=print-card] img').length,
      }));
      throw new Error(`the print sheet was not ready: ${JSON.stringify(seen)}`, { cause: error });
    }
  } finally {
    await context.close();
  }
}

export async function runPrintSheetBench(): Promise<PrintSheetBenchResult> {
  const bench = await startBenchStack('print');
  const browser = await launchBenchBrowser();
  try {
    const host = await hostWithRooms(bench.stack.urls.api);
    // One unmeasured visit: the first build of the page's chunks in the browser's code cache is not what hosts see twice.
    await timeSheet(browser, bench.stack.urls.app, host, '', ROOMS);
    const guide: Timing[] = [];
    const wifi: Timing[] = [];
    const zip: number[] = [];
    console.log(`Measuring ${RUNS} runs of the print sheet of ${ROOMS} rooms…`);
    for (let run = 0; run < RUNS; run++) {
      guide.push(await timeSheet(browser, bench.stack.urls.app, host, '', ROOMS));
      wifi.push(await timeSheet(browser, bench.stack.urls.app, host, '?wifi=1', 2 * ROOMS));
      zip.push(await timeZip(browser, bench.stack.urls.app, host));
      console.log(
        `  run ${run + 1}: guide codes ${Math.round(guide[run].readyMs)} ms (rooms read at ${Math.round(guide[run].roomsReadMs)} ms), with WiFi codes ${Math.round(wifi[run].readyMs)} ms, ZIP ${Math.round(zip[run])} ms`,
      );
    }
    const result = {
      guideMs: median(guide.map((timing) => timing.readyMs)),
      wifiMs: median(wifi.map((timing) => timing.readyMs)),
      roomsReadMs: median(guide.map((timing) => timing.roomsReadMs)),
      zipMs: median(zip),
    };
    printFigures(result);
    return result;
  } finally {
    await browser.close();
    await bench.stop();
  }
}

function printFigures({ guideMs, wifiMs, roomsReadMs, zipMs }: PrintSheetBenchResult): void {
  const row = (what: string, value: number) => [what, `${Math.round(value)} ms`, `≤ ${TARGET_MS} ms`, value <= TARGET_MS ? 'yes' : 'missed'];
  printTable(
    [`Print sheet of ${ROOMS} cards (navigation → every code drawn) and Download all (median of ${RUNS}, desktop, no throttling)`, 'time', 'target', 'met'],
    [
      row('A4, 8 a page, guide QR', guideMs),
      [`  of it: until the ${ROOMS} rooms have been read`, `${Math.round(roomsReadMs)} ms`, '—', '—'],
      row('A4, 8 a page, guide QR + WiFi QR', wifiMs),
      [`Download all (ZIP) of the ${ROOMS} rooms' PNGs: click → file`, `${Math.round(zipMs)} ms`, '—', '—'],
    ],
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  runPrintSheetBench().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
