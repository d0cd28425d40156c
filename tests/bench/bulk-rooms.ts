/**
 * `npm run bench:bulk`: how long a host waits for bulk room work on a hotel of 300 rooms, end to end through
 * supabase-js, the gateway, PostgREST and PostgreSQL of the local stack (no browser): one `create_rooms` call
 * with 300 rooms (name, room number, own WiFi password), one `update_rooms` call changing all 300, one
 * `delete_rooms` call removing them. Median of RUNS runs on a fresh stack. Figures, not a test: it prints a
 * table and never fails on a number.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { anonKey, stackPaths, stackPorts } from '../../local-stack/config.ts';
import { startStack } from '../../local-stack/stack.ts';
import { nodeOptions, signUpBenchHost } from './guide-fixture.ts';
import { median, printTable } from './figures.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const ROOMS = 300;
const TARGETS = { createMs: 2000 };

export interface BulkRoomsBenchResult {
  createMs: number;
  updateMs: number;
  deleteMs: number;
}

async function timed<T>(work: () => PromiseLike<{ data: T | null; error: { message: string } | null }>, what: string): Promise<number> {
  const started = performance.now();
  const { data, error } = await work();
  const elapsed = performance.now() - started;
  if (error) throw new Error(`${what} failed: ${error.message}`);
  if (!Array.isArray(data) || data.length !== ROOMS) throw new Error(`${what} answered ${Array.isArray(data) ? data.length : 'no'} rows, expected ${ROOMS}`);
  return elapsed;
}

/** A signed-up host with room for 300 codes and one hotel whose guide the rooms inherit. */
async function hostWithHotel(apiUrl: string): Promise<{ host: SupabaseClient; propertyId: string }> {
  const host = createClient(apiUrl, anonKey, nodeOptions);
  await signUpBenchHost(apiUrl, host, 'bulk-host', ROOMS);
  const property = await host
    .from('properties')
    .insert({
      name: 'Grand Hotel Bench',
      type: 'hotel',
      hotel: { name: 'Grand Hotel Bench', phone: '+34 971 000 300', website: 'https://grand.example' },
      content: { wifi: { network: 'Grand-Guests' } },
      template: 'luxury',
    })
    .select('id')
    .single();
  if (property.error) throw new Error(`create property failed: ${property.error.message}`);
  return { host, propertyId: (property.data as { id: string }).id };
}

export async function runBulkRoomsBench(): Promise<BulkRoomsBenchResult> {
  const ports = stackPorts(Number(process.env.ROOMGUIDE_PORT_BASE ?? 55720));
  const dataDir = process.env.ROOMGUIDE_DATA_DIR
    ? path.join(process.env.ROOMGUIDE_DATA_DIR, 'bench-bulk')
    : fs.mkdtempSync(path.join(os.tmpdir(), 'roomguide-bench-bulk-'));
  console.log(`Starting the stack (port base ${ports.gateway - 1})…`);
  const stack = await startStack({ ports, paths: stackPaths(dataDir), fresh: true, app: false, quiet: true });
  try {
    const { host, propertyId } = await hostWithHotel(stack.urls.api);
    const rooms = Array.from({ length: ROOMS }, (_, i) => ({
      name: `Room ${101 + i}`,
      room_number: String(101 + i),
      content: { wifi: { password: `pw-${101 + i}-${Math.random().toString(36).slice(2, 10)}` } },
    }));
    const samples: BulkRoomsBenchResult[] = [];
    console.log(`Measuring ${RUNS} runs of ${ROOMS} rooms…`);
    for (let run = 0; run < RUNS; run++) {
      let ids: string[] = [];
      const createMs = await timed(async () => {
        const result = await host.rpc('create_rooms', { property_id: propertyId, rooms }).select('id');
        ids = ((result.data ?? []) as { id: string }[]).map((row) => row.id);
        return result;
      }, 'create_rooms');
      const updateMs = await timed(
        () => host.rpc('update_rooms', { room_ids: ids, set_fields: { 'content.wifi.password': `floor-${run}` } }).select('id'),
        'update_rooms',
      );
      const deleteMs = await timed(() => host.rpc('delete_rooms', { room_ids: ids }).select('id'), 'delete_rooms');
      samples.push({ createMs, updateMs, deleteMs });
    }
    const result = {
      createMs: median(samples.map((sample) => sample.createMs)),
      updateMs: median(samples.map((sample) => sample.updateMs)),
      deleteMs: median(samples.map((sample) => sample.deleteMs)),
    };
    printFigures(result);
    return result;
  } finally {
    await stack.stop();
    if (!process.env.ROOMGUIDE_DATA_DIR) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

function printFigures({ createMs, updateMs, deleteMs }: BulkRoomsBenchResult): void {
  const ms = (value: number) => `${Math.round(value)} ms`;
  printTable(
    [`Bulk rooms, end to end (median of ${RUNS})`, 'time', 'target', 'met'],
    [
      [`create_rooms: ${ROOMS} rooms in one call`, ms(createMs), `≤ ${TARGETS.createMs} ms`, createMs <= TARGETS.createMs ? 'yes' : 'NO'],
      [`update_rooms: WiFi password of ${ROOMS} rooms`, ms(updateMs), '—', '—'],
      [`delete_rooms: ${ROOMS} rooms`, ms(deleteMs), '—', '—'],
    ],
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  runBulkRoomsBench().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
