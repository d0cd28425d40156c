import type { Response } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { collectPageErrors, screenshot, useBrowser } from './support/browser.ts';

describe('app smoke', () => {
  const browser = useBrowser();

  it('serves the production build: the index page renders its heading and has a title', async () => {
    const errors = collectPageErrors(browser.page);
    const scripts: Response[] = [];
    browser.page.on('response', (answer) => {
      if (answer.request().resourceType() === 'script') scripts.push(answer);
    });
    const response = await browser.page.goto('/');
    expect(response?.status()).toBe(200);
    // Sent as a static host sends them: Brotli (build/precompressed.ts), with the build's security headers.
    expect(response?.headers()['content-encoding']).toBe('br');
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
    await expect.poll(() => browser.page.title()).not.toBe('');
    // The lazily loaded landing page rendered (not just the shell and its spinner).
    await browser.page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(scripts.length).toBeGreaterThan(3);
    for (const script of scripts) {
      // Under 1 KB nothing is compressed: the headers would outweigh the gain.
      if ((await script.body()).length < 1024) continue;
      expect(script.headers()['content-encoding'], script.url()).toBe('br');
      expect(script.headers()['cache-control'], script.url()).toBe('public, max-age=31536000, immutable');
    }
    await screenshot(browser.page, 'smoke-index');
    expect(errors).toEqual([]);
  });
});
