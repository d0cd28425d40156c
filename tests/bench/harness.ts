/**
 * The parts every page benchmark shares: the local stack serving the production build, Chromium driven through
 * the DevTools protocol under Lighthouse's mobile "Slow 4G" (150 ms RTT, 1.6 Mbps down, 750 Kbps up, 4× CPU
 * slowdown), the paint time of one element (Element Timing API), the static floor pages, and one table for all
 * results. Benchmarks print figures; they never fail on a number.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type CDPSession, type Page } from 'playwright-core';
import { anonKey, stackPaths, stackPorts } from '../../local-stack/config.ts';
import { startStack, type RunningStack } from '../../local-stack/stack.ts';
import { median, printTable } from './figures.ts';

export { median };

export const RUNS = Number(process.env.BENCH_RUNS ?? 5);
/** Lighthouse `mobileSlow4G` (core/config/constants.js). */
export const SLOW_4G = { latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };
export const CPU_SLOWDOWN = 4;
export const CONDITIONS = 'Slow 4G (150 ms RTT, 1.6 Mbps down, 750 Kbps up) and 4× CPU slowdown';

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Lighthouse's mobile screen (412×823 at DPR 1.75). */
export const MOBILE_CONTEXT = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true, locale: 'en-US' } as const;

/** One line of the table: a page, one kind of visit, its figure, the floor of the same run and the target. */
export interface BenchRow {
  page: string;
  visit: string;
  /** Milliseconds, unless `unit` says otherwise. */
  value: number;
  floor: number | null;
  ratio: number | null;
  /** The target in words, e.g. '≤ 2500 ms and ≤ 3× floor'. */
  target: string;
  met: boolean;
  unit?: 'ms' | 'KB';
}

export interface BenchStack {
  stack: RunningStack;
  /** The folder `vite preview` serves (it reads files from disk on each request). */
  distDir: string;
  stop(): Promise<void>;
}

/** A fresh local stack with the production build, on ROOMGUIDE_PORT_BASE; its own data folder per benchmark. */
export async function startBenchStack(name: string): Promise<BenchStack> {
  const ports = stackPorts(Number(process.env.ROOMGUIDE_PORT_BASE ?? 55720));
  const dataDir = process.env.ROOMGUIDE_DATA_DIR
    ? path.join(process.env.ROOMGUIDE_DATA_DIR, `bench-${name}`)
    : fs.mkdtempSync(path.join(os.tmpdir(), `roomguide-bench-${name}-`));
  const apiUrl = `http://127.0.0.1:${ports.gateway}`;
  process.env.VITE_SUPABASE_URL = apiUrl;
  process.env.VITE_SUPABASE_ANON_KEY = anonKey;
  process.env.VITE_CONTACT_FORM_ENDPOINT = `${apiUrl}/form-sink/f/contact`;
  console.log(`Starting the stack with the production build (port base ${ports.gateway - 1})…`);
  const stack = await startStack({ ports, paths: stackPaths(dataDir), fresh: true, app: 'preview', quiet: true });
  return {
    stack,
    distDir: path.join(stackPaths(dataDir).dataDir, 'app-dist'),
    async stop() {
      await stack.stop();
      if (!process.env.ROOMGUIDE_DATA_DIR) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export function launchBenchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
}

/** Slow 4G and the CPU slowdown for this page, through the DevTools protocol. */
export async function throttle(page: Page, context: BrowserContext): Promise<CDPSession> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, ...SLOW_4G });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  return cdp;
}

/**
 * The element whose paint a benchmark measures: either one the page marks itself (`elementtiming="<identifier>"`)
 * or the first element matching `selector` (and, if given, whose text is `text`), which is marked as the parser or
 * React inserts it, before it can paint.
 */
export interface PaintTarget {
  identifier: string;
  selector?: string;
  text?: string;
}

/** tsx compiles named inner functions with a `__name(fn, 'name')` helper that the page does not have. */
export const KEEP_NAMES_SHIM = 'globalThis.__name = globalThis.__name || ((fn) => fn);';

declare global {
  interface Window {
    __benchPaintedAt?: number;
  }
}

/** Records when the target is first painted, in every document of the context, from before any page script runs. */
export async function watchElementPaint(context: BrowserContext, target: PaintTarget): Promise<void> {
  await context.addInitScript(KEEP_NAMES_SHIM);
  await context.addInitScript((wanted: PaintTarget) => {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { identifier?: string; renderTime?: number; loadTime?: number })[]) {
        if (entry.identifier === wanted.identifier && window.__benchPaintedAt === undefined) {
          window.__benchPaintedAt = entry.renderTime || entry.loadTime || entry.startTime;
        }
      }
    }).observe({ type: 'element', buffered: true });
    const selector = wanted.selector;
    if (!selector) return;
    const mark = (): boolean => {
      for (const element of Array.from(document.querySelectorAll(selector))) {
        if (wanted.text !== undefined && element.textContent?.trim() !== wanted.text) continue;
        element.setAttribute('elementtiming', wanted.identifier);
        return true;
      }
      return false;
    };
    // Mutation records are delivered before the next rendering step, so the mark is set before the first paint.
    const observer = new MutationObserver(() => {
      if (mark()) observer.disconnect();
    });
    observer.observe(document, { childList: true, subtree: true, characterData: true });
  }, target);
}

export interface Visit {
  paintMs: number;
  /** Bytes of JavaScript on the wire (CDP encodedDataLength, compressed) during the visit. */
  scriptBytes: number;
  /** The same, per script URL path. */
  scriptBytesByPath: Map<string, number>;
}

/**
 * When the target painted in the document that started after `navigatedAfter` (ms since the epoch), polled over the
 * DevTools protocol. Not with Playwright's waitForFunction: its first use in a document evaluates Playwright's
 * injected script there, 25–40 ms of the throttled main thread that landed before the first paint in about half the
 * runs (traces of repeat visits, floor and page alike), a cost no visitor has.
 */
async function paintTime(cdp: CDPSession, navigatedAfter: number, timeoutMs = 60_000): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  const expression = `performance.timeOrigin >= ${navigatedAfter} ? (window.__benchPaintedAt ?? null) : null`;
  for (;;) {
    const { result } = await cdp.send('Runtime.evaluate', { expression, returnByValue: true });
    if (typeof result.value === 'number') return result.value;
    if (Date.now() > deadline) throw new Error(`the target did not paint within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Opens `url` and waits for the target's paint (ms after navigation start) and the load event, and then for `until`
 * if given (the JavaScript a page loads after it has painted counts until then).
 */
export async function measureVisit(page: Page, cdp: CDPSession, url: string, { until }: { until?: (page: Page) => Promise<unknown> } = {}): Promise<Visit> {
  const scripts = new Map<string, string>();
  const scriptBytesByPath = new Map<string, number>();
  let scriptBytes = 0;
  const onResponse = (event: { requestId: string; type: string; response: { url: string } }) => {
    if (event.type === 'Script') scripts.set(event.requestId, new URL(event.response.url).pathname);
  };
  const onFinished = (event: { requestId: string; encodedDataLength: number }) => {
    const path = scripts.get(event.requestId);
    if (path === undefined) return;
    scriptBytes += event.encodedDataLength;
    scriptBytesByPath.set(path, (scriptBytesByPath.get(path) ?? 0) + event.encodedDataLength);
  };
  cdp.on('Network.responseReceived', onResponse);
  cdp.on('Network.loadingFinished', onFinished);
  try {
    const navigatedAfter = Date.now();
    await page.goto(url, { waitUntil: 'commit' });
    const paintMs = await paintTime(cdp, navigatedAfter);
    // As long as the paint may take: on the loaded 2-core machine one load event took over Playwright's default 30 s.
    await page.waitForLoadState('load', { timeout: 60_000 });
    await until?.(page);
    return { paintMs, scriptBytes, scriptBytesByPath };
  } finally {
    cdp.off('Network.responseReceived', onResponse);
    cdp.off('Network.loadingFinished', onFinished);
  }
}

/**
 * Waits until `condition` (run in the page, may be async) is true. Playwright's waitForFunction does not await a
 * promise the predicate returns (a pending promise counts as true), so Cache Storage checks are polled from here.
 */
export async function waitForAsyncCondition(
  page: Page,
  condition: (arg: { path: string | null; cacheName: string }) => Promise<boolean>,
  arg: { path: string | null; cacheName: string },
  timeoutMs = 120_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await page.evaluate(condition, arg))) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${condition.toString().slice(0, 120)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * A pause before a repeat visit, the same for a floor and a page: right after a visit the browser is still busy with
 * it (a static floor page's repeat visit then took 116–204 ms, after 1.5 s 68–124 ms; /login 144–212 ms either
 * way), and a repeat visit comes after a while away. A benchmark's own pause, not a test's wait.
 */
export const AWAY_BEFORE_REPEAT_MS = 2000;
export const awayBeforeRepeat = () => new Promise((resolve) => setTimeout(resolve, AWAY_BEFORE_REPEAT_MS));

/** Stops every service worker of the browser, as after a while away: a repeat visit then pays its start-up. */
export async function stopServiceWorkers(cdp: CDPSession): Promise<void> {
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.stopAllWorkers');
}

/**
 * Writes a floor page into the served build under /assets/ with a content hash in its name. The server gives
 * /assets/* a year's cache lifetime (they are content-addressed), so a repeat visit of a floor page is a cache hit:
 * the best a browser can do. Returns its path on the app's origin.
 */
export function writeFloorPage(distDir: string, name: string, html: string): string {
  const hash = crypto.createHash('sha256').update(html).digest('hex').slice(0, 10);
  const fileName = `bench-floor-${name}-${hash}.html`;
  fs.writeFileSync(path.join(distDir, 'assets', fileName), html);
  return `/assets/${fileName}`;
}

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * The floor for a page: its visible text as plain HTML (headings, paragraphs, links, buttons, form fields as they
 * are shown, nothing hidden), with a few lines of inline CSS and no JavaScript. Taken from the rendered page, so it
 * holds exactly what a visitor sees.
 */
export async function floorFromRenderedPage(page: Page, title: string): Promise<string> {
  await page.evaluate(KEEP_NAMES_SHIM);
  const body = await page.evaluate(() => {
    const keep = new Set([
      'H1',
      'H2',
      'H3',
      'H4',
      'P',
      'A',
      'BUTTON',
      'LABEL',
      'LI',
      'UL',
      'OL',
      'DL',
      'DT',
      'DD',
      'FORM',
      'INPUT',
      'TEXTAREA',
      'SELECT',
      'OPTION',
      'BLOCKQUOTE',
      'FIGURE',
      'FIGCAPTION',
      'NAV',
      'HEADER',
      'FOOTER',
      'MAIN',
      'SECTION',
      'ARTICLE',
      'SPAN',
      'STRONG',
      'EM',
    ]);
    const attributes = ['type', 'href', 'name', 'value', 'placeholder', 'rows', 'lang', 'data-testid'];
    const copy = (node: Node): string => {
      if (node.nodeType === Node.TEXT_NODE) return (node.textContent ?? '').replace(/[&<>]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' })[c]!);
      if (!(node instanceof HTMLElement)) return '';
      const style = getComputedStyle(node);
      if (
        node.hidden ||
        style.display === 'none' ||
        style.visibility === 'hidden' ||
        (node.getAttribute('aria-hidden') === 'true' && !node.textContent?.trim())
      )
        return '';
      if (['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE', 'svg'].includes(node.tagName)) return '';
      const inner = Array.from(node.childNodes).map(copy).join('');
      const tag = keep.has(node.tagName) ? node.tagName.toLowerCase() : 'div';
      const attrs = attributes
        .filter((name) => node.hasAttribute(name))
        .map((name) => ` ${name}="${(node.getAttribute(name) ?? '').replace(/"/g, '&quot;')}"`)
        .join('');
      if (tag === 'input') return `<input${attrs}>`;
      if (tag === 'div' && !inner.trim()) return '';
      return `<${tag}${attrs}>${inner}</${tag}>`;
    };
    return copy(document.body);
  });
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title><style>body{margin:0 auto;max-width:72rem;padding:0 16px;font-family:system-ui,sans-serif;background:#f7f6f3;color:#1a1a1a}
h1{font-size:2.25rem}a{color:#0f766e}input,textarea,select,button{display:block;font:inherit;margin:4px 0 12px;padding:8px}</style></head>
${body.replace(/^<div>|<\/div>$/g, '')}</html>`;
}

/** One table for every benchmark's rows, with a line under the header and `NO` where a target is missed. */
export function printRows(title: string, rows: BenchRow[]): void {
  const figure = (value: number, unit: BenchRow['unit'] = 'ms') => (unit === 'KB' ? `${value.toFixed(1)} KB` : `${Math.round(value)} ms`);
  printTable(
    [title, 'visit', 'value', 'floor', 'ratio', 'target', 'met'],
    rows.map((row) => [
      row.page,
      row.visit,
      figure(row.value, row.unit),
      row.floor === null ? '—' : figure(row.floor, row.unit),
      row.ratio === null ? '—' : `${row.ratio.toFixed(2)}×`,
      row.target,
      row.met ? 'yes' : 'NO (missed)',
    ]),
  );
}
