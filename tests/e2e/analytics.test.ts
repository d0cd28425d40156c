/**
 * Scan analytics: a host sees scans per day per property, the most and never scanned rooms, and a guest's scan
 * through the guide reaches the totals and the chart's figures without a reload (through Realtime, or a refresh
 * while it is away). The CSV download holds the database's daily scans. Screens at 1280, 820 and 390 px.
 */
import fs from 'node:fs';
import Papa from 'papaparse';
import pg from 'pg';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { guidePath } from '../../src/lib/guide-url.ts';
import { lastDays } from '../../src/lib/scan-range.ts';
import { serviceClient, signedInClient } from './support/api.ts';
import { collectPageErrors, screenshotWidths, useBrowser } from './support/browser.ts';
import { signIn, tickCheckbox } from './support/host.ts';

let db: pg.Client;
beforeAll(async () => {
  db = new pg.Client({ connectionString: inject('dbUrl') });
  await db.connect();
});
afterAll(() => db?.end());

/** A guest's scan on an earlier day: record_scan()'s own internals with the time given (guests cannot pick it). */
async function scanDaysAgo(roomId: string, daysAgo: number, scans: number): Promise<void> {
  for (let i = 0; i < scans; i += 1) {
    await db.query(`select private.record_scan_at($1, null, $2, now() - make_interval(days => $3))`, [roomId, `198.51.100.${daysAgo * 10 + i}`, daysAgo]);
  }
}

const figure = (page: Page, testId: string) => page.getByTestId(testId).textContent();

describe('scan analytics', () => {
  const browser = useBrowser({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });

  it('shows scans per day and property, picks up a guest’s scan by itself, and exports the days as CSV', async () => {
    const page = browser.page;
    const problems = collectPageErrors(page);
    const host = await signedInClient();
    expect((await serviceClient().from('users').update({ qr_code_limit: 10 }).eq('id', host.userId).select('id').single()).error).toBeNull();
    const createProperty = async (name: string, rooms: { name: string; room_number: string }[]) => {
      const property = await host.client
        .from('properties')
        .insert({ name, type: 'hotel', content: { wifi: { network: name, password: 'shared-pass' } } })
        .select('id')
        .single();
      expect(property.error).toBeNull();
      const created = await host.client.rpc('create_rooms', { property_id: property.data!.id, rooms });
      expect(created.error).toBeNull();
      return {
        id: property.data!.id as string,
        rooms: new Map(((created.data ?? []) as { id: string; room_number: string }[]).map((room) => [room.room_number, room.id])),
      };
    };
    const aurora = await createProperty('Hotel Aurora', [
      { name: 'Room 101', room_number: '101' },
      { name: 'Room 102', room_number: '102' },
      { name: 'Room 103', room_number: '103' },
    ]);
    const annex = await createProperty('Aurora Annex', [{ name: 'Garden', room_number: 'A1' }]);
    await scanDaysAgo(aurora.rooms.get('101')!, 2, 3);
    await scanDaysAgo(annex.rooms.get('A1')!, 5, 1);

    await signIn(page, host.email, host.password);
    await page.getByRole('link', { name: 'Scan analytics', exact: true }).click();
    await page.getByRole('heading', { name: 'Scans per day', level: 2, exact: true }).waitFor();

    // The last 30 days by default: both properties' scans, room 103 and 102 never scanned.
    expect(await figure(page, 'range-scans')).toBe('4');
    expect(await figure(page, 'all-time-scans')).toBe('4');
    expect(await figure(page, 'never-scanned-count')).toBe('2');
    const auroraCard = page.getByTestId('property-scans').filter({ has: page.getByRole('heading', { name: 'Hotel Aurora', exact: true }) });
    await auroraCard.getByText('Scans in this period: 3 · all time: 3', { exact: true }).waitFor();
    expect(await auroraCard.getByRole('list', { name: 'Never scanned', exact: true }).getByRole('listitem').allTextContents()).toEqual([
      '102 · Room 102',
      '103 · Room 103',
    ]);

    // The chart's figures, as its table: one column per property, the scans on their UTC days.
    // The chart's own legend is a table too: the figures' table is named like the chart. It stays open once opened.
    const figuresTable = () => page.getByRole('table', { name: /^Scans per day from / });
    const openFigures = async () => {
      await page.getByRole('img', { name: /^Scans per day from / }).waitFor();
      if (!(await figuresTable().isVisible())) await page.getByText('Show the figures as a table', { exact: true }).click();
      await figuresTable().waitFor();
    };
    await openFigures();
    const table = figuresTable();
    expect(await table.getByRole('columnheader').allTextContents()).toEqual(['Day (UTC)', 'Hotel Aurora', 'Aurora Annex']);
    const day = (daysAgo: number) => new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(Date.now() - daysAgo * 86_400_000);
    const rowOf = (daysAgo: number) => table.getByRole('row').filter({ has: page.getByRole('cell', { name: day(daysAgo), exact: true }) });
    expect(await rowOf(2).getByRole('cell').allTextContents()).toEqual([day(2), '3', '0']);
    expect(await rowOf(5).getByRole('cell').allTextContents()).toEqual([day(5), '0', '1']);
    expect(await rowOf(0).getByRole('cell').allTextContents()).toEqual([day(0), '0', '0']);

    // The chart's legend (uPlot's) names its lines; a day's figures, after a colon, show only while the pointer is on
    // the chart.
    const legendRow = page.locator('.u-legend .u-series').filter({ hasText: 'Hotel Aurora' });
    const colonAfterLabel = () => legendRow.locator('th').evaluate((label) => getComputedStyle(label, '::after').content);
    expect(await legendRow.locator('.u-value').textContent()).toBe('');
    expect(await colonAfterLabel()).toBe('none');
    const plot = (await page.locator('.u-over').boundingBox())!;
    await page.mouse.move(plot.x + plot.width - 1, plot.y + plot.height / 2);
    await expect.poll(() => legendRow.locator('.u-value').textContent()).toBe('0');
    expect(await colonAfterLabel()).toBe('":"');
    await page.mouse.move(0, 0);
    await expect.poll(() => legendRow.locator('.u-value').textContent()).toBe('');
    await screenshotWidths(page, 'analytics-all-properties');

    // A guest opens room 102's guide: the open screen shows the scan by itself, without a reload.
    const guest = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
    await guest.goto(guidePath(aurora.rooms.get('102')!));
    await guest.getByTestId('wifi-password').waitFor();
    await expect.poll(() => figure(page, 'range-scans'), { timeout: 45_000, interval: 500 }).toBe('5');
    expect(await rowOf(0).getByRole('cell').allTextContents()).toEqual([day(0), '1', '0']);
    expect(await figure(page, 'never-scanned-count')).toBe('1');

    // One property: its line plus the rooms the host ticks; most, least and never scanned.
    await page.getByRole('combobox', { name: 'Property', exact: true }).selectOption({ label: 'Hotel Aurora' });
    await page.getByRole('table', { name: 'Rooms', exact: true }).waitFor();
    expect(await page.getByRole('list', { name: 'Most scanned', exact: true }).getByRole('listitem').allTextContents()).toEqual([
      '101 · Room 1013 scans',
      '102 · Room 1021 scan',
    ]);
    expect(await page.getByRole('list', { name: 'Never scanned', exact: true }).getByRole('listitem').allTextContents()).toEqual(['103 · Room 103']);
    await tickCheckbox(page, 'Show 102 · Room 102 in the chart');
    await openFigures();
    expect(await figuresTable().getByRole('columnheader').allTextContents()).toEqual(['Day (UTC)', 'Hotel Aurora (all rooms)', '102 · Room 102']);
    expect(page.url()).toContain(`property=${aurora.id}`);
    await screenshotWidths(page, 'analytics-property');

    // The CSV: the property's 3 rooms over the 7 days shown, and its non-zero days are the database's.
    expect(await page.getByRole('radio', { name: '30 days', exact: true }).isChecked()).toBe(true);
    await page.getByText('7 days', { exact: true }).click();
    const { fromDay, toDay } = lastDays(7);
    await page.getByRole('img', { name: `Scans per day from ${day(6)} to ${day(0)}`, exact: true }).waitFor();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download CSV', exact: true }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`roomguide-scans-${fromDay}-to-${toDay}.csv`);
    const text = fs.readFileSync((await file.path())!, 'utf8');
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const [header, ...records] = Papa.parse<string[]>(text.slice(1), { skipEmptyLines: true }).data;
    // A line per room with its total, and a column per day of the range.
    const days = Array.from({ length: 7 }, (_, i) => new Date(Date.parse(`${fromDay}T00:00:00Z`) + i * 86_400_000).toISOString().slice(0, 10));
    expect(header).toEqual(['Property', 'Room number', 'Room name', 'Total', ...days]);
    expect(records.map((record) => record.slice(0, 3))).toEqual(['101', '102', '103'].map((room) => ['Hotel Aurora', room, `Room ${room}`]));
    for (const record of records) expect(Number(record[3])).toBe(record.slice(4).reduce((sum, scans) => sum + Number(scans), 0));
    const stored = await db.query<{ day: string; room_number: string; scans: number }>(
      `select to_char(d.day, 'YYYY-MM-DD') as day, q.room_number, d.scans from public.scan_days d join public.qr_codes q on q.id = d.qr_code_id
        where q.property_id = $1 and d.day between $2 and $3 order by d.day, q.room_number`,
      [aurora.id, fromDay, toDay],
    );
    expect(
      days
        .flatMap((csvDay, column) => records.map((record) => ({ day: csvDay, room_number: record[1], scans: Number(record[4 + column]) })))
        .filter((cell) => cell.scans !== 0),
    ).toEqual(stored.rows);
    expect(stored.rows.reduce((sum, row) => sum + row.scans, 0)).toBe(4);

    // The room's own page: the same chart for that room.
    await page.goto(`/dashboard/properties/${aurora.id}/qrcodes/${aurora.rooms.get('101')!}`);
    await page.getByRole('heading', { name: 'Scans per day', level: 2, exact: true }).waitFor();
    await openFigures();
    const roomTable = figuresTable();
    expect(
      await roomTable
        .getByRole('row')
        .filter({ has: page.getByRole('cell', { name: day(2), exact: true }) })
        .getByRole('cell')
        .allTextContents(),
    ).toEqual([day(2), '3']);
    await screenshotWidths(page, 'room-scans', [1280, 390]);

    // A room nobody scans: its page is a click away, and so is its card, to print again.
    await page.goto(`/dashboard/analytics?property=${aurora.id}`);
    const never = page.getByRole('list', { name: 'Never scanned', exact: true });
    expect(await never.getByRole('link', { name: '103 · Room 103', exact: true }).getAttribute('href')).toBe(
      `/dashboard/properties/${aurora.id}/qrcodes/${aurora.rooms.get('103')!}`,
    );
    await page.getByRole('link', { name: "Print this room's card", exact: true }).click();
    await page.getByText('Hotel Aurora · 1 of 3 rooms', { exact: true }).waitFor();
    await page.getByRole('img', { name: 'QR code for Room 103', exact: true }).waitFor();
    expect(await page.getByRole('img', { name: /^QR code for / }).count()).toBe(1);
    expect(problems).toEqual([]);
  });

  it('tells a host without scans what to do', async () => {
    const page = browser.page;
    const host = await signedInClient();
    expect((await serviceClient().from('users').update({ qr_code_limit: 5 }).eq('id', host.userId).select('id').single()).error).toBeNull();
    const property = await host.client.from('properties').insert({ name: 'Quiet Inn', type: 'hotel' }).select('id').single();
    expect((await host.client.rpc('create_rooms', { property_id: property.data!.id, rooms: [{ name: 'Room 1', room_number: '1' }] })).error).toBeNull();
    await signIn(page, host.email, host.password);
    await page.goto(`/dashboard/analytics?property=${property.data!.id}`);
    await page.getByRole('heading', { name: 'No scans yet', level: 2, exact: true }).waitFor();
    await page.getByText('Print and place the codes to see scans here.', { exact: true }).waitFor();
    await page.getByRole('link', { name: 'Open the print sheet', exact: true }).click();
    await page.waitForURL(`**/dashboard/properties/${property.data!.id}/qrcodes/print`);

    // The room's own page says the same instead of a chart of zeros, and shows the chart by itself once a guest scans.
    const room = await host.client.from('qr_codes').select('id').eq('property_id', property.data!.id).single();
    await page.goto(`/dashboard/properties/${property.data!.id}/qrcodes/${room.data!.id}`);
    await page.getByText("No scans yet. Print and place this room's code to see its scans here.", { exact: true }).waitFor();
    expect(await page.getByRole('img', { name: /^Scans per day from / }).count()).toBe(0);
    const guest = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
    await guest.goto(guidePath(room.data!.id));
    await guest.getByRole('heading', { name: 'Welcome to Room 1', level: 1, exact: true }).waitFor();
    await page.getByRole('img', { name: /^Scans per day from / }).waitFor({ timeout: 45_000 });
    expect(await page.getByText("No scans yet. Print and place this room's code to see its scans here.", { exact: true }).count()).toBe(0);
    await guest.context().close();
  });
});
