/**
 * A hotel's team in the browser: the owner invites an editor and a front-desk member limited to one property by
 * email; each opens the link from the local inbox and accepts with their own account, and works in the joined team;
 * the editor changes the shared phone, the guides show it and the shared guide names them as its last editor; the
 * front-desk member sees the room list and prints cards, sees no edit controls, is refused on a direct edit address
 * and through the API, and sees nothing of the other property; the owner removes the editor, whose next save (on the
 * screen left open) fails with a clear message and takes them back to their own team. Screenshots of the Team page and
 * of the front desk's dashboard and room list at 1280, 820 and 390 px.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { serviceClient, signedInClient } from './support/api.ts';
import { collectPageErrors, screenshotWidths, useBrowser } from './support/browser.ts';
import { signIn } from './support/host.ts';
import { waitForEmail } from './support/inbox.ts';
import { guidePath } from '../../src/lib/guide-url.ts';

async function invite(page: Page, email: string, role: string, property?: string): Promise<string> {
  await page.getByRole('textbox', { name: 'Email address', exact: true }).fill(email);
  await page.getByRole('combobox', { name: 'Role', exact: true }).selectOption({ label: role });
  if (property) await page.locator('label', { has: page.getByRole('checkbox', { name: property, exact: true }) }).click();
  await page.getByRole('button', { name: 'Invite by email', exact: true }).click();
  await page.getByText(`Invitation emailed to ${email}. You can also send them this link; it works once, for 7 days:`, { exact: true }).waitFor();
  const shown = (await page.getByTestId('invitation-link').textContent()) ?? '';
  // The link the invited person follows is the one in their email.
  const message = await waitForEmail(email, (candidate) => candidate.subject.endsWith('on RoomGuide'));
  const link = message.links.find((candidate) => candidate.includes('/invite/'));
  expect(link).toBe(shown);
  return link!;
}

async function accept(page: Page, link: string, email: string, password: string): Promise<void> {
  await signIn(page, email, password);
  await page.goto(link);
  await page.getByRole('button', { name: 'Accept and join', exact: true }).click();
  await page.getByRole('heading', { name: 'Team', level: 1, exact: true }).waitFor();
}

describe('a hotel team', () => {
  const browser = useBrowser({ viewport: { width: 1280, height: 900 } });

  it('invites an editor and a front desk, who work within their roles, and removes the editor', async () => {
    const owner = await signedInClient();
    const editor = await signedInClient();
    const frontDesk = await signedInClient();
    expect((await serviceClient().from('users').update({ qr_code_limit: 10 }).eq('id', owner.userId).select('id').single()).error).toBeNull();
    const made = await owner.client
      .from('properties')
      .insert([
        { name: 'Harbour Hotel', type: 'hotel', hotel: { name: 'Harbour Hotel', phone: '+34 900 111 111' } },
        { name: 'Hill Lodge', type: 'other', hotel: {} },
      ])
      .select('id, name');
    expect(made.error).toBeNull();
    const idOf = (name: string) => made.data!.find((property) => property.name === name)!.id as string;
    const rooms = await owner.client.rpc('create_rooms', { property_id: idOf('Harbour Hotel'), rooms: [{ name: 'Room 101', room_number: '101' }] });
    expect(rooms.error).toBeNull();
    const roomId = (rooms.data as { id: string }[])[0].id;

    // The owner invites both from the Team page.
    const ownerPage = browser.page;
    const problems = collectPageErrors(ownerPage);
    await signIn(ownerPage, owner.email, owner.password);
    await ownerPage.getByRole('link', { name: 'Team', exact: true }).click();
    await ownerPage.getByRole('heading', { name: 'Team', level: 1, exact: true }).waitFor();
    const editorLink = await invite(ownerPage, editor.email, 'Editor');
    const frontDeskLink = await invite(ownerPage, frontDesk.email, 'Front desk', 'Harbour Hotel');
    await expect.poll(() => ownerPage.getByTestId('pending-invitation').count()).toBe(2);
    await screenshotWidths(ownerPage, 'team-page');

    // Each accepts with their own account, in their own browser.
    const editorPage = await (await browser.newContext()).newPage();
    await accept(editorPage, editorLink, editor.email, editor.password);
    const frontDeskPage = await (await browser.newContext()).newPage();
    await accept(frontDeskPage, frontDeskLink, frontDesk.email, frontDesk.password);
    await frontDeskPage.getByTestId('team-member').filter({ hasText: frontDesk.email }).getByText('Only: Harbour Hotel', { exact: true }).waitFor();

    // The editor works in the joined team: the navbar offers both of theirs.
    await editorPage.goto('/dashboard');
    const switcher = editorPage.getByRole('combobox', { name: 'Team', exact: true }).first();
    await expect.poll(() => switcher.evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.textContent)).toBe(`${owner.email}'s team`);
    await editorPage.getByTestId('property-card').filter({ hasText: 'Hill Lodge' }).waitFor();

    // The editor changes the shared phone; the room's guide shows it, and the shared guide names who changed it.
    const sharedGuide = `/dashboard/properties/${idOf('Harbour Hotel')}/guide`;
    await editorPage.goto(sharedGuide);
    await editorPage.getByRole('textbox', { name: 'Phone', exact: true }).fill('+34 911 222 333');
    await editorPage.getByRole('button', { name: 'Save the shared guide', exact: true }).click();
    await editorPage.getByText('Shared guide saved: every room that uses it shows it now', { exact: true }).waitFor();
    await editorPage
      .getByTestId('last-change')
      .filter({ hasText: `by ${editor.email}` })
      .waitFor();
    const saved = await serviceClient().from('properties').select('hotel').eq('id', idOf('Harbour Hotel')).single();
    expect(saved.data?.hotel).toMatchObject({ name: 'Harbour Hotel', phone: '+34 911 222 333' });
    await editorPage.goto(guidePath(roomId));
    await editorPage.getByRole('link', { name: 'Phone: ☎ +34 911 222 333', exact: true }).waitFor();
    // Left open on the shared guide while the owner removes them (below).
    await editorPage.goto(sharedGuide);
    await editorPage.getByRole('textbox', { name: 'Phone', exact: true }).waitFor();

    // The front desk sees only its property, with nothing to change: rooms, scans, print sheet and downloads.
    await frontDeskPage.goto('/dashboard');
    const card = frontDeskPage.getByTestId('property-card').filter({ hasText: 'Harbour Hotel' });
    await card.waitFor();
    expect(await frontDeskPage.getByTestId('property-card').filter({ hasText: 'Hill Lodge' }).count()).toBe(0);
    await card.getByRole('button', { name: 'More actions', exact: true }).click();
    const cardMenu = frontDeskPage.getByRole('menu');
    await cardMenu.getByRole('menuitem', { name: 'Scans', exact: true }).waitFor();
    expect(await cardMenu.getByRole('menuitem').allInnerTexts()).toEqual(['Scans']);
    await frontDeskPage.keyboard.press('Escape');
    await cardMenu.waitFor({ state: 'detached' });
    expect(await frontDeskPage.getByRole('link', { name: 'Add Property', exact: true }).count()).toBe(0);
    expect(await frontDeskPage.getByTestId('plan-button').count()).toBe(0);
    await screenshotWidths(frontDeskPage, 'team-front-desk-dashboard');
    await card.getByRole('link', { name: 'View QR Codes', exact: true }).click();
    const roomCard = frontDeskPage.getByTestId('qr-card').filter({ hasText: 'Room 101' });
    await roomCard.getByRole('link', { name: 'View', exact: true }).waitFor();
    expect(await roomCard.getByRole('link', { name: 'Edit', exact: true }).count()).toBe(0);
    expect(await frontDeskPage.getByRole('link', { name: 'New QR Code', exact: true }).count()).toBe(0);
    await screenshotWidths(frontDeskPage, 'team-front-desk-rooms');
    await frontDeskPage.getByRole('link', { name: 'Print sheet', exact: true }).click();
    await frontDeskPage.getByTestId('print-card').first().waitFor();
    // A direct edit address says they lack access; the API refuses the write.
    await frontDeskPage.goto(`/dashboard/properties/${idOf('Harbour Hotel')}/qrcodes/${roomId}/edit`);
    await frontDeskPage.getByText("You don't have access to this page", { exact: true }).waitFor();
    await frontDeskPage
      .getByText('Your role in this team (Front desk) does not allow it. Ask an owner or admin of the team if you need it.', { exact: true })
      .waitFor();
    expect(await frontDeskPage.getByRole('textbox', { name: 'Name', exact: true }).count()).toBe(0);
    const patch = await frontDesk.client.from('properties').update({ name: 'Renamed' }).eq('id', idOf('Harbour Hotel')).select('id');
    expect(patch).toMatchObject({ error: null, data: [] });
    const hidden = await frontDesk.client.from('properties').select('id').eq('id', idOf('Hill Lodge'));
    expect(hidden.data).toEqual([]);

    // The owner removes the editor, whose next save on the screen left open fails, says so, and takes them home.
    await ownerPage.reload();
    await ownerPage.getByRole('button', { name: `Remove ${editor.email}`, exact: true }).click();
    await ownerPage.getByRole('alertdialog').getByRole('button', { name: 'Remove', exact: true }).click();
    await ownerPage.getByText(`${editor.email} was removed from the team`, { exact: true }).waitFor();
    await editorPage.getByRole('textbox', { name: 'Phone', exact: true }).fill('+34 000 000 000');
    await editorPage.getByRole('button', { name: 'Save the shared guide', exact: true }).click();
    await editorPage.getByText('The shared guide could not be saved. Nothing was changed: try again.', { exact: true }).waitFor();
    await editorPage.getByText('You are no longer a member of that team. Nothing was changed; you now see Your team.', { exact: true }).waitFor();
    await editorPage.waitForURL('**/dashboard');
    const save = await editor.client
      .from('properties')
      .update({ hotel: { phone: '+34 000' } })
      .eq('id', idOf('Harbour Hotel'))
      .select('id');
    expect(save).toMatchObject({ error: null, data: [] });
    const phone = await owner.client.from('properties').select('hotel').eq('id', idOf('Harbour Hotel')).single();
    expect(phone.data?.hotel).toMatchObject({ phone: '+34 911 222 333' });
    expect(problems).toEqual([]);
  });
});
