/**
 * Debian's Chromium driven by playwright-core (never a downloaded browser). `useBrowser()` launches one
 * browser per test file and gives every test a fresh context (no cookies, storage or service worker
 * shared between tests) whose `baseURL` is the app under test, so `page.goto('/login')` works.
 * `useBrowser(options, { perFile: true })` instead keeps one context and page for the whole file, for a journey
 * split into steps (see `steps()`), where each step continues on the page the previous one left.
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, expect, inject, it } from 'vitest';
import { projectRoot } from '../../../local-stack/config.ts';

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const viewports = {
  phone: { width: 390, height: 844 },
  tablet: { width: 820, height: 1180 },
  desktop: { width: 1366, height: 900 },
} as const;

export function launchChromium(extraArgs: readonly string[] = []): Promise<Browser> {
  if (!fs.existsSync(chromiumPath)) {
    throw new Error(`Chromium not found at ${chromiumPath}: install Debian's chromium (apt-get install chromium) or set CHROMIUM_PATH.`);
  }
  return chromium.launch({
    executablePath: chromiumPath,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      ...extraArgs,
    ],
  });
}

export interface BrowserFixture {
  readonly browser: Browser;
  /** This test's context (fresh per test, or the file's with `perFile`). */
  readonly context: BrowserContext;
  /** A page in this test's context. */
  readonly page: Page;
  /** Another isolated context in the same test (a second user, a different viewport); closed after the test. */
  newContext(options?: BrowserContextOptions): Promise<BrowserContext>;
}

export function useBrowser(defaults: BrowserContextOptions = {}, launch: { chromiumArgs?: readonly string[]; perFile?: boolean } = {}): BrowserFixture {
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  let page: Page | undefined;
  const extraContexts: BrowserContext[] = [];

  const contextOptions = (options: BrowserContextOptions = {}): BrowserContextOptions => ({
    baseURL: inject('appUrl'),
    viewport: viewports.desktop,
    locale: 'en-US',
    ...defaults,
    ...options,
  });

  const openContext = async () => {
    context = await browser!.newContext(contextOptions());
    page = await context.newPage();
  };

  beforeAll(async () => {
    browser = await launchChromium(launch.chromiumArgs);
    if (launch.perFile) await openContext();
  });
  afterAll(async () => {
    if (launch.perFile) await context?.close();
    await browser?.close();
  });
  beforeEach(async () => {
    if (!launch.perFile) await openContext();
  });
  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail') await reportPagesAtFailure(task.name, [context, ...extraContexts]);
    await Promise.all(extraContexts.splice(0).map((extra) => extra.close()));
    if (!launch.perFile) await context?.close();
  });

  return {
    get browser() {
      if (!browser) throw new Error('The browser is only available inside tests');
      return browser;
    },
    get context() {
      if (!context) throw new Error('The context is only available inside tests');
      return context;
    },
    get page() {
      if (!page) throw new Error('The page is only available inside tests');
      return page;
    },
    async newContext(options) {
      const extra = await this.browser.newContext(contextOptions(options));
      extraContexts.push(extra);
      return extra;
    },
  };
}

/**
 * What every open page showed when a test failed: its address and visible text on the test's output, and a
 * screenshot in test-results/failures/, so a failure seen only in CI can be read afterwards.
 */
async function reportPagesAtFailure(testName: string, contexts: readonly (BrowserContext | undefined)[]): Promise<void> {
  const folder = path.join(projectRoot, 'test-results', 'failures');
  fs.mkdirSync(folder, { recursive: true });
  const slug = testName.replace(/[^a-z0-9]+/gi, '-').slice(0, 60);
  const pages = contexts.flatMap((context) => context?.pages() ?? []);
  for (const [index, page] of pages.entries()) {
    try {
      const text = await page.locator('body').innerText({ timeout: 5000 });
      console.log(`[failure] page ${index + 1} of ${pages.length}: ${page.url()}\n${text.slice(0, 3000)}`);
      await page.screenshot({ path: path.join(folder, `${slug}-${index + 1}.png`), fullPage: true, timeout: 10_000 });
    } catch (error) {
      console.log(`[failure] page ${index + 1} of ${pages.length}: ${page.url()} could not be read: ${String(error)}`);
    }
  }
}

/** test-results/screenshots/<name>.png, its folder made: where a screenshot of a part of a page (`locator.screenshot`) goes. */
export function screenshotPath(name: string): string {
  const file = path.join(projectRoot, 'test-results', 'screenshots', `${name}.png`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  return file;
}

/** Saves a full-page screenshot to test-results/screenshots/<name>-<viewport width>.png and returns the path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  const width = page.viewportSize()?.width ?? 0;
  const file = screenshotPath(`${name}-${width}`);
  // caret 'initial': hiding the caret writes a style attribute into the page's inputs, which a page made at build
  // time that has not hydrated yet would then report as a hydration mismatch. animations 'disabled': a transition
  // under way (a button just enabled fades in) is shown finished, not half drawn.
  await page.screenshot({ path: file, fullPage: true, caret: 'initial', animations: 'disabled' });
  return file;
}

/**
 * Screenshots the current screen at 1280, 820 and 390 px (900 high), asserting at each width that nothing scrolls
 * horizontally once the layout has settled, then restores the viewport.
 */
export async function screenshotWidths(page: Page, name: string, widths: readonly number[] = [1280, 820, 390]): Promise<void> {
  const original = page.viewportSize() ?? { width: 1280, height: 900 };
  for (const width of widths) {
    await page.setViewportSize({ width, height: 900 });
    await page.evaluate(() => window.scrollTo(0, 0));
    // Against the window's width, as on a phone: desktop Chromium's classic scrollbar (15 px) would otherwise count
    // as overflow on any page taller than the window. Polled: some parts (the scan charts) size themselves from a
    // ResizeObserver a frame or more after the resize. A failure names the elements that reach past the window.
    try {
      await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), { timeout: 10_000 }).toBeLessThanOrEqual(0);
    } catch (error) {
      const wide = await page.evaluate(() =>
        Array.from(document.querySelectorAll('body *'))
          .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 0.5)
          .slice(-6)
          .map(
            (element) =>
              `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}${element.getAttribute('data-testid') ? `[data-testid=${element.getAttribute('data-testid')}]` : ''} (right edge ${Math.round(element.getBoundingClientRect().right)})`,
          ),
      );
      throw new Error(`${name} scrolls horizontally at ${width} px; reaching past the window: ${wide.join(', ') || 'none found'}`, { cause: error });
    }
    await screenshot(page, name);
  }
  await page.setViewportSize(original);
}

/**
 * Collects uncaught exceptions and console errors of `page` from now on. Tests assert the list is empty
 * after a journey, so a broken screen fails even when the element under test still renders.
 */
export function collectPageErrors(page: Page): string[] {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  return problems;
}

/**
 * Declares a journey's steps: each `step(name, fn)` is an `it` that runs after the previous one, and once a step
 * fails every later step is skipped with a note naming it, so the report points at the step that broke (later
 * steps would only fail for its sake). Use inside one `describe`, with `useBrowser(…, { perFile: true })` when the
 * steps share a page.
 */
export function steps(): (name: string, fn: () => Promise<void>) => void {
  let failed: string | undefined;
  return (name, fn) => {
    it.sequential(name, async (context) => {
      if (failed) context.skip(`an earlier step failed: ${failed}`);
      try {
        await fn();
      } catch (error) {
        failed = name;
        throw error;
      }
    });
  };
}
