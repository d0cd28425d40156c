import { describe, expect, it } from 'vitest';
import { collectPageErrors, screenshot, useBrowser } from './support/browser.ts';

describe('app smoke', () => {
  const browser = useBrowser();

  it('serves the production build: the index page renders its heading and has a title', async () => {
    const errors = collectPageErrors(browser.page);
    const response = await browser.page.goto('/');
    expect(response?.status()).toBe(200);
    await expect.poll(() => browser.page.title()).not.toBe('');
    // The lazily loaded landing page rendered (not just the shell and its spinner).
    await browser.page.getByRole('heading', { level: 1 }).first().waitFor();
    await screenshot(browser.page, 'smoke-index');
    expect(errors).toEqual([]);
  });
});
