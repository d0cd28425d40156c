import { describe, expect, it } from 'vitest';
import { collectPageErrors, screenshot, useBrowser } from './support/browser.ts';

describe('app smoke', () => {
  const browser = useBrowser();

  it('serves the production build: the index page loads and has a title', async () => {
    const errors = collectPageErrors(browser.page);
    const response = await browser.page.goto('/');
    expect(response?.status()).toBe(200);
    await expect.poll(() => browser.page.title()).not.toBe('');
    // React mounted: the root holds rendered markup, not the empty shell of index.html.
    await browser.page.locator('#root > *').first().waitFor();
    await screenshot(browser.page, 'smoke-index');
    expect(errors).toEqual([]);
  });
});
