/**
 * A host's own menu (issue 30, item 3): on a phone it is the top of the navbar's menu, from which a host reaches scan
 * analytics and the subscription; on a tablet and a desktop it is a row under the navbar with the current screen
 * marked. Screenshots of both at 390, 820 and 1280 px.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { signedInClient } from './support/api.ts';
import { collectPageErrors, screenshot, screenshotWidths, useBrowser, viewports } from './support/browser.ts';
import { signIn } from './support/host.ts';

const hostMenu = (page: Page) => page.getByRole('navigation', { name: 'Your hotel', exact: true });

async function openPhoneMenu(page: Page): Promise<void> {
  const toggle = page.getByRole('button', { name: 'Menu', exact: true });
  await toggle.click();
  await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('true');
}

describe('the host’s menu', () => {
  const browser = useBrowser({ viewport: viewports.phone });

  it('takes a host on a phone to scan analytics and the subscription, and is a row on wider screens', async () => {
    const page = browser.page;
    const problems = collectPageErrors(page);
    const host = await signedInClient();
    await signIn(page, host.email, host.password);
    await page.getByRole('heading', { name: 'Your Properties', level: 1, exact: true }).waitFor();
    // On a phone the menu is folded away with the rest of the navbar.
    expect(await hostMenu(page).count()).toBe(0);

    await openPhoneMenu(page);
    await hostMenu(page).getByRole('link', { name: 'Properties', exact: true }).waitFor();
    expect(await hostMenu(page).getByRole('link', { name: 'Properties', exact: true }).getAttribute('aria-current')).toBe('page');
    await screenshot(page, 'host-menu-phone');
    await hostMenu(page).getByRole('link', { name: 'Scan analytics', exact: true }).click();
    await page.getByRole('heading', { name: 'Scan analytics', level: 1, exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/dashboard/analytics');
    // Choosing closes the menu.
    expect(await page.getByRole('button', { name: 'Menu', exact: true }).getAttribute('aria-expanded')).toBe('false');

    await openPhoneMenu(page);
    await hostMenu(page).getByRole('link', { name: 'Subscription', exact: true }).click();
    await page.getByRole('heading', { name: 'Choose Your Plan', level: 1, exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/dashboard/subscription');

    // From a tablet up: a row under the navbar, without opening anything.
    await page.setViewportSize(viewports.tablet);
    const row = hostMenu(page);
    await row.waitFor();
    expect(await row.getByRole('link', { name: 'Subscription', exact: true }).getAttribute('aria-current')).toBe('page');
    await row.getByRole('link', { name: 'Requests', exact: true }).click();
    await page.getByRole('heading', { name: 'Guest requests', level: 1, exact: true }).waitFor();
    await row.getByRole('link', { name: 'Properties', exact: true }).click();
    await page.getByRole('heading', { name: 'Your Properties', level: 1, exact: true }).waitFor();
    await screenshotWidths(page, 'host-menu', [1280, 820, 390]);
    expect(problems).toEqual([]);
  });
});
