/**
 * A hotel's team in the browser: the owner invites an editor and a front-desk member limited to one property and
 * hands them the links; each accepts with their own account; the editor changes the shared phone and the guides show
 * it; the front-desk member sees only their property and cannot change it through the API; the owner removes the
 * editor, whose next save changes nothing. Screenshots of the Team page and of the front desk's dashboard at 1280,
 * 820 and 390 px.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { serviceClient, signedInClient } from './support/api.ts';
import { collectPageErrors, screenshotWidths, useBrowser } from './support/browser.ts';
import { signIn } from './support/host.ts';
import { guidePath } from '../../src/lib/guide-url.ts';

async function invite(page: Page, email: string, role: string, property?: string): Promise<string> {
  await page.getByRole('textbox', { name: 'Email address', exact: true }).fill(email);
  await page.getByRole('combobox', { name: 'Role', exact: true }).selectOption({ label: role });
  if (property) await page.locator('label', { has: page.getByRole('checkbox', { name: property, exact: true }) }).click();
  await page.getByRole('button', { name: 'Invite by email', exact: true }).click();
  await page.getByText(`Invitation for ${email} created. Send them this link; it works once, for 7 days:`, { exact: true }).waitFor();
  return (await page.getByTestId('invitation-link').textContent()) ?? '';
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

    // The editor changes the shared phone; the room's guide shows it.
    await editorPage.goto(`/dashboard/properties/${idOf('Harbour Hotel')}/guide`);
    await editorPage.getByRole('textbox', { name: 'Phone', exact: true }).fill('+34 911 222 333');
    await editorPage.getByRole('button', { name: 'Save the shared guide', exact: true }).click();
    await editorPage.getByText('Shared guide saved: every room that uses it shows it now', { exact: true }).waitFor();
    await editorPage.goto(guidePath(roomId));
    await editorPage.getByRole('link', { name: 'Phone: ☎ +34 911 222 333', exact: true }).waitFor();

    // The front desk sees only its property, and the API refuses its writes.
    await frontDeskPage.goto('/dashboard');
    await frontDeskPage.getByTestId('property-card').filter({ hasText: 'Harbour Hotel' }).waitFor();
    expect(await frontDeskPage.getByTestId('property-card').filter({ hasText: 'Hill Lodge' }).count()).toBe(0);
    await screenshotWidths(frontDeskPage, 'team-front-desk-dashboard');
    const patch = await frontDesk.client.from('properties').update({ name: 'Renamed' }).eq('id', idOf('Harbour Hotel')).select('id');
    expect(patch).toMatchObject({ error: null, data: [] });
    const hidden = await frontDesk.client.from('properties').select('id').eq('id', idOf('Hill Lodge'));
    expect(hidden.data).toEqual([]);

    // The owner removes the editor, whose next save changes nothing.
    await ownerPage.reload();
    await ownerPage.getByRole('button', { name: `Remove ${editor.email}`, exact: true }).click();
    await ownerPage.getByRole('alertdialog').getByRole('button', { name: 'Remove', exact: true }).click();
    await ownerPage.getByText(`${editor.email} was removed from the team`, { exact: true }).waitFor();
    const save = await editor.client
      .from('properties')
      .update({ hotel: { phone: '+34 000' } })
      .eq('id', idOf('Harbour Hotel'))
      .select('id');
    expect(save).toMatchObject({ error: null, data: [] });
    expect(problems).toEqual([]);
  });
});
