/**
 * `npm run bench:guide`: how fast a guest sees the WiFi password, under Lighthouse's mobile "Slow 4G" (150 ms RTT,
 * 1.6 Mbps down, 750 Kbps up, 4× CPU slowdown) in Chromium via the DevTools protocol, against the local stack
 * serving the production build (`startStack({ app: 'preview' })`).
 *
 * Compared with the floor: the same guide content as a static HTML page (no JavaScript) served by the same
 * `vite preview` server. Figures, not a test: it prints a table and never fails on a number.
 *
 * Measured: the paint time of the password element (Element Timing API, `elementtiming="wifi-password"`, ms after
 * navigation start), median of RUNS runs; first visit = a fresh browser profile (cold caches, no service worker);
 * repeat visit = the same profile opening the guide again (service worker in control). JavaScript bytes = the sum
 * of CDP `encodedDataLength` (bytes on the wire, gzip) of the scripts the page loads on a first visit.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser } from 'playwright-core';
import { anonKey } from '../../local-stack/config.ts';
import { createGuideFixture } from './guide-fixture.ts';
import { CONDITIONS, MOBILE_CONTEXT, RUNS, launchBenchBrowser, measureVisit, median, printRows, startBenchStack, throttle, watchElementPaint, type BenchRow, type Visit } from './harness.ts';

const TARGETS = { firstVisitMs: 2500, firstVisitRatio: 3, repeatVisitRatio: 1.5, javascriptKb: 150 };

const escapeHtml = (value: unknown) =>
  String(value ?? '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The floor: get_guide's content as plain HTML with a little inline CSS, no JavaScript. */
function floorPage(data: Record<string, any>): string { // eslint-disable-line @typescript-eslint/no-explicit-any -- get_guide's jsonb, rendered as-is
  const wifi = data.content?.wifi ?? {};
  const photo = data.style?.roomPhotoUrl ?? data.images?.[0];
  const activities = (data.area?.activities ?? []).map((a: string) => `<li>${escapeHtml(a)}</li>`).join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(data.name)}</title><style>body{margin:0;font-family:system-ui,sans-serif;background:#fff8dc;color:#1a1a1a}
main{max-width:640px;margin:0 auto;padding:16px}.photo{aspect-ratio:16/9;width:100%;object-fit:cover;border-radius:14px}
.card{border:1px solid #ccc;border-radius:14px;padding:18px;margin:16px 0}.pw{font:700 20px ui-monospace,monospace}</style></head>
<body><main>${photo ? `<img class="photo" src="${escapeHtml(photo)}" alt="" width="1200" height="675">` : ''}
<h1>Welcome to ${escapeHtml(data.name)}</h1><p>Room ${escapeHtml(data.room_number)}</p>
<section class="card"><h2>WiFi Access</h2><dl><dt>Network</dt><dd>${escapeHtml(wifi.network)}</dd>
<dt>Password</dt><dd class="pw" elementtiming="wifi-password">${escapeHtml(wifi.password)}</dd></dl></section>
<section class="card"><h2>Hotel information</h2><p>${escapeHtml(data.hotel?.name)}</p><p>${escapeHtml(data.hotel?.description)}</p>
<p><a href="tel:${escapeHtml(data.hotel?.phone)}">${escapeHtml(data.hotel?.phone)}</a></p></section>
<section class="card"><h2>About the area</h2><p>${escapeHtml(data.area?.location)}</p><ul>${activities}</ul></section></main></body></html>`;
}

async function measure(browser: Browser, url: string, { waitForServiceWorker }: { waitForServiceWorker: boolean }) {
  const first: Visit[] = [];
  const repeat: Visit[] = [];
  for (let run = 0; run < RUNS; run++) {
    const context = await browser.newContext({ ...MOBILE_CONTEXT });
    await watchElementPaint(context, { identifier: 'wifi-password' });
    const page = await context.newPage();
    const cdp = await throttle(page, context);
    first.push(await measureVisit(page, cdp, url));
    if (waitForServiceWorker) {
      // The repeat visit is the one after the service worker has installed and the guide was saved.
      await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, { timeout: 120_000, polling: 200 });
      await page.waitForFunction(async () => (await caches.keys()).includes('roomguide-guide-data'), undefined, { timeout: 60_000, polling: 200 });
    }
    repeat.push(await measureVisit(page, cdp, url));
    await context.close();
  }
  return {
    firstMs: median(first.map((v) => v.paintMs)),
    repeatMs: median(repeat.map((v) => v.paintMs)),
    firstScriptBytes: median(first.map((v) => v.scriptBytes)),
  };
}

export interface GuideBenchResult {
  guide: { firstMs: number; repeatMs: number; firstScriptBytes: number };
  floor: { firstMs: number; repeatMs: number };
}

export async function runGuideBench(): Promise<GuideBenchResult> {
  const bench = await startBenchStack('guide');
  const stack = bench.stack;
  let browser: Browser | undefined;
  try {
    const guide = await createGuideFixture(stack.urls.api);
    const response = await fetch(`${stack.urls.api}/rest/v1/rpc/get_guide?qr_id=${guide.id}`, { headers: { apikey: anonKey } });
    const data = (await response.json()) as Record<string, unknown>;
    // Written into the dist folder the preview server serves (it reads files from disk on each request).
    const floorFile = path.join(bench.distDir, 'bench-floor', `${guide.id}.html`);
    fs.mkdirSync(path.dirname(floorFile), { recursive: true });
    fs.writeFileSync(floorFile, floorPage(data));

    browser = await launchBenchBrowser();
    console.log(`Measuring ${RUNS} runs each under ${CONDITIONS}…`);
    const floor = await measure(browser, `${stack.urls.app}/bench-floor/${guide.id}.html`, { waitForServiceWorker: false });
    const guideResult = await measure(browser, `${stack.urls.app}/guide/${guide.id}`, { waitForServiceWorker: true });
    const result = { guide: guideResult, floor: { firstMs: floor.firstMs, repeatMs: floor.repeatMs } };
    printRows(`Guest guide (median of ${RUNS})`, guideRows(result));
    return result;
  } finally {
    await browser?.close();
    await bench.stop();
  }
}

/** The guide's figures as rows of the common table (`npm run bench` prints them with every other page's). */
export function guideRows({ guide, floor }: GuideBenchResult): BenchRow[] {
  const page = 'guide /guide/{id} (WiFi password)';
  const kb = guide.firstScriptBytes / 1024;
  const firstRatio = guide.firstMs / floor.firstMs;
  const repeatRatio = guide.repeatMs / floor.repeatMs;
  return [
    { page, visit: 'first', value: guide.firstMs, floor: floor.firstMs, ratio: firstRatio, target: `≤ ${TARGETS.firstVisitMs} ms, ≤ ${TARGETS.firstVisitRatio}× floor`, met: guide.firstMs <= TARGETS.firstVisitMs && firstRatio <= TARGETS.firstVisitRatio },
    { page, visit: 'repeat', value: guide.repeatMs, floor: floor.repeatMs, ratio: repeatRatio, target: `≤ ${TARGETS.repeatVisitRatio}× floor`, met: repeatRatio <= TARGETS.repeatVisitRatio },
    { page, visit: 'first: JavaScript (gzip)', value: kb, floor: null, ratio: null, target: `≤ ${TARGETS.javascriptKb} KB`, met: kb <= TARGETS.javascriptKb, unit: 'KB' },
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  runGuideBench().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
