/**
 * The stack's children killed under load: while 16 guests scan rooms (each from its own loopback address, as guests
 * on their own phones) and 4 hosts add and rename rooms, PostgREST is killed (SIGKILL), then the Edge Functions
 * runtime (SIGKILL), then PostgreSQL is shut down (SIGINT, a fast shutdown), each from outside the stack as a crash
 * would be. Each comes back within 10 s, every write that was answered 2xx is in the database, and a host's open
 * dashboard says it is reconnecting while a service is away and recovers without a reload.
 *
 * The supervisor of this suite's stack pauses 3 s before a first restart (tests/setup/faults.ts), so the outage is
 * long enough for the dashboard's requests to meet it.
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { anonKey } from '../../local-stack/config.ts';
import { serviceClient, signedInClient, uniqueEmail } from '../e2e/support/api.ts';
import { useBrowser } from '../e2e/support/browser.ts';
import { signIn } from '../e2e/support/host.ts';
import { PropertyListPage } from '../e2e/support/pages/property-list-page.ts';
import { RoomListPage } from '../e2e/support/pages/room-list-page.ts';
import { childPid, type Child } from './processes.ts';

const scanners = 16;
const editors = 4;
const scannedRooms = 40;
/** The most a child may take to answer again after it was killed. */
const backWithinMs = 10_000;

interface ScanTally {
  /** 2xx answers per room. */
  accepted: Map<string, number>;
  /** Answers that say nothing of whether the scan was counted: a connection cut mid-request (503/502) or none at all. */
  unsure: Map<string, number>;
  refused: number;
}

interface EditTally {
  /**
   * Rooms whose insert was answered 2xx, with the names they may have: the last one answered 2xx, and the rename tried
   * after it when its answer was lost (the database may have taken it).
   */
  rooms: Map<string, string[]>;
  failures: number;
}

const browser = useBrowser({}, { perFile: true });
let db: pg.Client;
let owner: { client: SupabaseClient; userId: string; email: string; password: string };
let propertyId: string;
const roomIds: string[] = [];
const scans: ScanTally = { accepted: new Map(), unsure: new Map(), refused: 0 };
const edits: EditTally = { rooms: new Map(), failures: 0 };
let running = true;
let loops: Promise<void>[] = [];
const backAfterMs: Partial<Record<Child, number>> = {};

function add(map: Map<string, number>, key: string): void {
  map.set(key, (map.get(key) ?? 0) + 1);
}

function totalAccepted(): number {
  return [...scans.accepted.values()].reduce((sum, count) => sum + count, 0);
}

/** record_scan as a guest's phone calls it, from its own loopback address (the rate limit counts per address). */
function recordScan(roomId: string, localAddress: string): Promise<number> {
  const body = JSON.stringify({ qr_id: roomId, device_token: randomUUID() });
  return new Promise((resolve) => {
    const request = http.request(
      `${inject('apiUrl')}/rest/v1/rpc/record_scan`,
      { method: 'POST', localAddress, headers: { apikey: anonKey, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.on('error', () => resolve(0));
      },
    );
    request.on('error', () => resolve(0));
    request.end(body);
  });
}

/** A pause between one guest's scans: a scan a minute per guest, sped up, not a loop as fast as the CPU allows. */
const scanPauseMs = 20;

async function scanner(index: number): Promise<void> {
  for (let turn = 0; running; turn++) {
    const room = roomIds[(turn * 7 + index) % roomIds.length]!;
    // A new guest (address) every turn, so the rate limit (10 an hour per address and guide) never stops the load.
    const status = await recordScan(room, `127.0.${index + 1}.${(turn % 250) + 1}`);
    await new Promise((resolve) => setTimeout(resolve, scanPauseMs));
    if (status >= 200 && status < 300) add(scans.accepted, room);
    else if (status === 429) scans.refused += 1;
    else add(scans.unsure, room);
  }
}

interface Editor {
  client: SupabaseClient;
  propertyId: string;
}

async function newEditor(index: number): Promise<Editor> {
  const host = await signedInClient(uniqueEmail(`editor${index}`));
  expect((await serviceClient().from('users').update({ qr_code_limit: 100_000 }).eq('id', host.userId)).error).toBeNull();
  const property = await host.client
    .from('properties')
    .insert({ name: `Editor ${index} Hotel` })
    .select('id')
    .single();
  expect(property.error).toBeNull();
  return { client: host.client, propertyId: property.data!.id };
}

async function editor(host: Editor, index: number): Promise<void> {
  for (let turn = 0; running; turn++) {
    const name = `Room ${index}-${turn}`;
    const inserted = await host.client
      .from('qr_codes')
      .insert({ property_id: host.propertyId, name, room_number: `${index}-${turn}` })
      .select('id')
      .single();
    if (inserted.error || !inserted.data) {
      edits.failures += 1;
      continue;
    }
    edits.rooms.set(inserted.data.id, [name]);
    const renamed = `Renamed ${index}-${turn}`;
    const update = await host.client.from('qr_codes').update({ name: renamed }).eq('id', inserted.data.id);
    if (update.error) {
      edits.failures += 1;
      edits.rooms.set(inserted.data.id, [name, renamed]);
    } else edits.rooms.set(inserted.data.id, [renamed]);
  }
}

/** Resolves once `check` holds, polling every 50 ms, or rejects after `withinMs`. */
async function until(what: string, check: () => Promise<boolean> | boolean, withinMs: number): Promise<void> {
  const deadline = Date.now() + withinMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${withinMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** What answers 200 through the gateway once `child` is back. */
async function answersAgain(child: Child): Promise<boolean> {
  const target = child === 'deno' ? '/functions/v1/health' : '/rest/v1/products?select=id';
  try {
    const response = await fetch(`${inject('apiUrl')}${target}`, { headers: { apikey: anonKey }, signal: AbortSignal.timeout(2_000) });
    await response.arrayBuffer();
    return response.status === 200;
  } catch {
    return false;
  }
}

/** Kills `child` as a crash would and returns the moment it was killed. */
function crash(child: Child): number {
  const pid = childPid(inject('stackPid'), child);
  process.kill(pid, child === 'postgres' ? 'SIGINT' : 'SIGKILL');
  return Date.now();
}

async function waitUntilBack(child: Child, killedAt: number): Promise<void> {
  await until(`${child} back`, () => answersAgain(child), backWithinMs - (Date.now() - killedAt));
  backAfterMs[child] = Date.now() - killedAt;
}

/** Lets the load run until guests have had `count` more scans counted: the stack works under load again. */
async function loadProgresses(count = 30): Promise<void> {
  const start = totalAccepted();
  await until('scans counted again', () => totalAccepted() >= start + count, 60_000);
}

beforeAll(async () => {
  owner = await signedInClient(uniqueEmail('faults'));
  expect((await serviceClient().from('users').update({ qr_code_limit: 1000 }).eq('id', owner.userId)).error).toBeNull();
  const property = await owner.client.from('properties').insert({ name: 'Fault Hotel' }).select('id').single();
  expect(property.error).toBeNull();
  propertyId = property.data!.id;
  const rooms = await owner.client
    .from('qr_codes')
    .insert(Array.from({ length: scannedRooms }, (_, index) => ({ property_id: propertyId, name: `Room ${101 + index}`, room_number: String(101 + index) })))
    .select('id');
  expect(rooms.error).toBeNull();
  roomIds.push(...rooms.data!.map((row) => row.id));

  await signIn(browser.page, owner.email, owner.password);
  await new PropertyListPage(browser.page).card('Fault Hotel').waitFor();
  // Set once: a reload would lose it.
  await browser.page.evaluate(() => ((window as unknown as { notReloaded?: boolean }).notReloaded = true));

  const hosts: Editor[] = [];
  for (let index = 0; index < editors; index++) hosts.push(await newEditor(index));
  loops = [...Array.from({ length: scanners }, (_, index) => scanner(index)), ...hosts.map((host, index) => editor(host, index))];
  await loadProgresses();
});

afterAll(async () => {
  running = false;
  await Promise.allSettled(loops);
  await db?.end();
});

describe('children killed under load', () => {
  const reconnecting = () => browser.page.getByText('Reconnecting…', { exact: true });
  const notReloaded = () => browser.page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded === true);

  it('PostgREST killed: back within 10 s; the open dashboard says it is reconnecting and shows the rooms once it is back', async () => {
    const added = await owner.client.from('qr_codes').insert({ property_id: propertyId, name: 'Room 777', room_number: '777' });
    expect(added.error).toBeNull();
    const killedAt = crash('postgrest');
    await new PropertyListPage(browser.page).card('Fault Hotel').viewRooms();
    await reconnecting().waitFor();
    const list = new RoomListPage(browser.page);
    await list.card('Room 777').root.waitFor({ timeout: 30_000 });
    await reconnecting().waitFor({ state: 'detached' });
    expect(await notReloaded()).toBe(true);
    await waitUntilBack('postgrest', killedAt);
    await loadProgresses();
  });

  it('the Edge Functions runtime killed: back within 10 s', async () => {
    const killedAt = crash('deno');
    await waitUntilBack('deno', killedAt);
    await loadProgresses();
  });

  it('PostgreSQL shut down: back within 10 s with every committed row; the dashboard recovers without a reload', async () => {
    const late = await owner.client.from('properties').insert({ name: 'Late Hotel' });
    expect(late.error).toBeNull();
    const killedAt = crash('postgres');
    // A screen not opened before reads the database at once, during the outage.
    await browser.page.goBack();
    await new PropertyListPage(browser.page).card('Fault Hotel').choose('Scans');
    await reconnecting().waitFor();
    await browser.page.getByRole('heading', { name: 'Scans per day', level: 2, exact: true }).waitFor({ timeout: 30_000 });
    await reconnecting().waitFor({ state: 'detached' });
    // The property committed just before the shutdown is there.
    await browser.page.goBack();
    await new PropertyListPage(browser.page).card('Late Hotel').waitFor();
    expect(await notReloaded()).toBe(true);
    await waitUntilBack('postgres', killedAt);
    await loadProgresses();
  });

  it('every write that was answered 2xx is in the database', async () => {
    running = false;
    await Promise.all(loops);
    console.log(
      `faults: back after ${JSON.stringify(backAfterMs)} ms; scans ${totalAccepted()} counted, ${scans.refused} refused (limit), ` +
        `${[...scans.unsure.values()].reduce((a, b) => a + b, 0)} unsure; ${edits.rooms.size} rooms added, ${edits.failures} edits failed`,
    );
    expect(Object.keys(backAfterMs).sort()).toEqual(['deno', 'postgres', 'postgrest']);
    // Connected only now: a connection open during the database's shutdown would be cut by it.
    db = new pg.Client({ connectionString: inject('dbUrl') });
    await db.connect();

    const counted = await db.query<{ id: string; scans: number }>(
      `select q.id, coalesce(sum(d.scans), 0)::integer as scans from public.qr_codes q left join public.scan_days d on d.qr_code_id = q.id
        where q.id = any($1) group by q.id`,
      [roomIds],
    );
    for (const { id, scans: inDatabase } of counted.rows) {
      const accepted = scans.accepted.get(id) ?? 0;
      // Every 2xx scan is counted; beyond those, at most the ones whose answer was lost with a killed service.
      expect(inDatabase).toBeGreaterThanOrEqual(accepted);
      expect(inDatabase).toBeLessThanOrEqual(accepted + (scans.unsure.get(id) ?? 0));
    }

    const rooms = await db.query<{ id: string; name: string }>('select id, name from public.qr_codes where id = any($1)', [[...edits.rooms.keys()]]);
    expect(rooms.rows).toHaveLength(edits.rooms.size);
    const unexpected = rooms.rows.filter((row) => !edits.rooms.get(row.id)!.includes(row.name));
    expect(unexpected).toEqual([]);
    expect(edits.rooms.size).toBeGreaterThan(0);
  });
});
