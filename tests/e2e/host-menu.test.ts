/**
 * A host's own menu (issue 30, item 3): on a phone it is the top of the navbar's menu, from which a host reaches scan
 * analytics and the subscription; on a tablet and a desktop it is a row under the navbar with the current screen
 * marked. Screenshots of both at 390, 820 and 1280 px.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { serviceClient, signedInClient } from './support/api.ts';
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

  it('gives a property card its main action and a menu for the rest, whose Delete asks first', async () => {
    const page = browser.page;
    const problems = collectPageErrors(page);
    const host = await signedInClient();
    for (const name of ['Hotel Duna', 'Hotel Roca'])
      expect((await host.client.from('properties').insert({ name, type: 'hotel' }).select('id').single()).error).toBeNull();
    await signIn(page, host.email, host.password);
    const card = page.getByTestId('property-card').filter({ hasText: 'Hotel Duna' });
    await card.waitFor();
    expect(await card.getByRole('link').allInnerTexts()).toEqual(['View QR Codes']);

    const more = card.getByRole('button', { name: 'More actions', exact: true });
    await more.click();
    const menu = page.getByRole('menu');
    await menu.getByRole('menuitem', { name: 'Add many rooms', exact: true }).waitFor();
    expect(await menu.getByRole('menuitem').allInnerTexts()).toEqual([
      'Create Hotel QR',
      'Add many rooms',
      'Edit',
      'Shared guide',
      'Translations',
      'Scans',
      'Delete',
    ]);
    await screenshot(page, 'property-card-menu');
    // Cancelled: nothing is deleted; asked again and confirmed: the card goes.
    await menu.getByRole('menuitem', { name: 'Delete', exact: true }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    // On a tablet, where the host's menu is a row under the navbar: the message below it, covering none of its links.
    await page.setViewportSize(viewports.tablet);
    await more.click();
    await menu.getByRole('menuitem', { name: 'Delete', exact: true }).click();
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    const toast = page.getByText('✅ Property deleted successfully', { exact: true });
    await toast.waitFor();
    // Held on screen while it is measured (a success message goes after 2 s; focus inside the toaster pauses it).
    await toast.evaluate((title) => title.closest<HTMLElement>('[data-scope=toast][data-part=root]')?.querySelector('button')?.focus());
    const rowBottom = await hostMenu(page).evaluate((nav) => nav.getBoundingClientRect().bottom);
    await expect.poll(async () => (await toast.boundingBox())!.y).toBeGreaterThan(rowBottom);
    // On a phone, the same message rises from the bottom, clear of the breadcrumb and the heading at the top.
    await page.setViewportSize(viewports.phone);
    const headingBottom = await page.getByRole('heading', { name: 'Your Properties', level: 1 }).evaluate((heading) => heading.getBoundingClientRect().bottom);
    await expect.poll(async () => (await toast.boundingBox())!.y).toBeGreaterThan(headingBottom);
    const box = (await toast.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(viewports.phone.height);
    await card.waitFor({ state: 'detached' });
    expect(await page.getByTestId('property-card').allInnerTexts()).toEqual([expect.stringContaining('Hotel Roca')]);
    expect(problems).toEqual([]);
  });

  it("gathers a property's rooms, shared guide, translations and scans on its page", async () => {
    const page = browser.page;
    const problems = collectPageErrors(page);
    const host = await signedInClient();
    expect((await serviceClient().from('users').update({ qr_code_limit: 5 }).eq('id', host.userId).select('id').single()).error).toBeNull();
    const property = await host.client
      .from('properties')
      .insert({ name: 'Hotel Sal', type: 'hotel', hotel: { name: 'Hotel Sal', phone: '+351 210 000 000' }, content: { wifi: { network: 'Sal-Guests' } } })
      .select('id')
      .single();
    expect(property.error).toBeNull();
    const propertyId = property.data!.id as string;
    expect((await host.client.rpc('create_rooms', { property_id: propertyId, rooms: [{ name: 'Room 1', room_number: '1' }] }).select('id')).error).toBeNull();
    await signIn(page, host.email, host.password);
    // The shared guide is a read of its own, held back here: its rows are drawn while it loads, so the rooms under
    // them do not move when it arrives.
    let answerGuide = () => {};
    const guideAnswered = new Promise<void>((resolve) => (answerGuide = resolve));
    const guideRead = (url: URL) => url.pathname === '/rest/v1/properties' && (url.searchParams.get('select') ?? '').startsWith('name,updated_at');
    await page.route(guideRead, async (route) => {
      await guideAnswered;
      await route.continue();
    });
    await page.getByTestId('property-card').getByRole('link', { name: 'View QR Codes', exact: true }).click();
    await page.getByText('Hotel Sal · 1 room', { exact: true }).waitFor();
    // Its rooms, what the shared guide gives every room, its scans, and the way to each of its screens.
    const roomCard = page.getByTestId('qr-card').filter({ hasText: 'Room 1' });
    await roomCard.waitFor();
    const summary = page.getByTestId('shared-guide-summary');
    expect(await summary.getAttribute('aria-busy')).toBe('true');
    const cardWhileLoading = (await roomCard.boundingBox())!;
    await screenshot(page, 'property-page-guide-loading');
    answerGuide();
    await summary.getByText('Sal-Guests', { exact: true }).waitFor();
    await page.unroute(guideRead);
    expect((await roomCard.boundingBox())!.y).toBe(cardWhileLoading.y);
    expect(await page.getByTestId('property-scans').innerText()).toBe('0');
    const screens = page.getByRole('navigation', { name: 'The property’s screens', exact: true });
    await screens.getByRole('link', { name: 'Property details', exact: true }).waitFor();
    const links = Object.fromEntries(
      await Promise.all((await screens.getByRole('link').all()).map(async (link) => [await link.innerText(), await link.getAttribute('href')] as const)),
    );
    expect(links).toEqual({
      'Edit shared guide': `/dashboard/properties/${propertyId}/guide`,
      Translations: `/dashboard/properties/${propertyId}/translations`,
      'Scans by day': `/dashboard/analytics?property=${propertyId}`,
      'Property details': `/dashboard/properties/${propertyId}/edit`,
    });
    await screenshotWidths(page, 'property-page', [1280, 820, 390]);
    await screens.getByRole('link', { name: 'Scans by day', exact: true }).click();
    await page.getByRole('heading', { name: 'Scan analytics', level: 1, exact: true }).waitFor();
    expect(problems).toEqual([]);
  });
});
