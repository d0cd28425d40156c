/**
 * Waits on the guest guide in a browser, shared by the browser and security suites: both open the same guide page
 * and must know when it is there before they look at anything else on it.
 */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Waits until the guide shows `password` as the (first) WiFi password: the one text every guide paint carries (the boot
 * paint, the saved page, the live page), so it says the guide is on screen whichever of them answered. Polled with
 * the error turned into "not yet": while the page is still loading or being replaced, the element can be missing
 * or the page's context gone.
 */
export async function waitForGuide(page: Page, password: string): Promise<void> {
  await expect
    .poll(
      () =>
        page
          .getByTestId('wifi-password')
          // The room's own network's card comes first; the property's other networks follow it.
          .first()
          .textContent()
          .catch(() => null),
      { timeout: 20_000 },
    )
    .toBe(password);
}

/** Whether the room photo has loaded (a broken or missing image is not). */
export function photoLoaded(page: Page): Promise<boolean> {
  return page
    .locator('img.rg-photo')
    .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)
    .catch(() => false);
}
