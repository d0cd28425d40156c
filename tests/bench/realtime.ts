/**
 * `npm run bench:realtime`: how long a row change takes to reach Realtime subscribers on the local stack (started in a
 * process of its own), with 200 subscribers on one table, at 10 and at 100 changes a second. 4 hosts with 5 rooms each; 50 supabase-js clients per host, each with a token of its own
 * (so the service checks 200 distinct sets of claims), subscribed to UPDATEs of `qr_codes`. Rooms are renamed one
 * at a time over the superuser connection, each rename carrying the moment it was sent; the latency of a delivery is
 * the time from sending the UPDATE to the subscriber's callback (the same process, the same clock). Printed:
 * p50, p99 and max over all deliveries, and deliveries against the number expected (each subscriber gets exactly its
 * host's renames). Figures, not a test; the floor of a delivery is the poll interval of the change feed (100 ms, as
 * Supabase's), so a change waits 50 ms on average before it is read.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';
import WebSocket from 'ws';
import { randomUUID } from 'node:crypto';
import { anonKey, databaseUrl, jwtSecret, projectRoot, stackPorts } from '../../local-stack/config.ts';
import { signHs256 } from '../../local-stack/jwt.ts';
import { printTable } from './figures.ts';

const SUBSCRIBERS = 200;
const HOSTS = 4;
const ROOMS_PER_HOST = 5;
/**
 * A busy hotel's front desk (10 changes a second), and a load far above what one property produces (100 a second,
 * 1,000 updates as in the stack test).
 */
const loads = [
  { updates: 200, perSecond: 10 },
  { updates: 1000, perSecond: 100 },
] as const;
type Load = (typeof loads)[number];

function percentile(sorted: number[], fraction: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)]!;
}

/** A signed-in host's access token (the local stack's secret), with a session of its own. */
function tokenFor(userId: string, email: string): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return signHs256(
    { sub: userId, email, role: 'authenticated', aud: 'authenticated', aal: 'aal1', session_id: randomUUID(), is_anonymous: false, iat: now, exp: now + 3600 },
    jwtSecret,
  );
}

export interface RealtimeBenchResult {
  p50: number;
  p99: number;
  max: number;
  delivered: number;
  expected: number;
}

export async function measureRealtime(apiUrl: string, dbUrl: string, load: Load): Promise<RealtimeBenchResult> {
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  const clients: SupabaseClient[] = [];
  try {
    const hosts: Array<{ id: string; email: string; rooms: string[] }> = [];
    for (let h = 0; h < HOSTS; h++) {
      const id = randomUUID();
      const email = `bench-realtime-${id.slice(0, 8)}@example.test`;
      await db.query(
        `insert into auth.users (instance_id, id, aud, role, email, email_confirmed_at, raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
         values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated', $2, now(), '{"provider":"email","providers":["email"]}', '{}', now(), now())`,
        [id, email],
      );
      await db.query('update public.users set qr_code_limit = $2 where id = $1', [id, ROOMS_PER_HOST]);
      const property = await db.query<{ id: string }>(`insert into public.properties (user_id, name) values ($1, 'Bench Realtime') returning id`, [id]);
      const rooms = await db.query<{ id: string }>(
        `insert into public.qr_codes (user_id, property_id, name, room_number)
         select $1, $2, 'Room ' || n, n::text from generate_series(1, $3) as n returning id`,
        [id, property.rows[0]!.id, ROOMS_PER_HOST],
      );
      hosts.push({ id, email, rooms: rooms.rows.map((row) => row.id) });
    }

    const sentAt = new Map<string, number>();
    const latencies: number[] = [];
    let delivered = 0;
    await Promise.all(
      Array.from({ length: SUBSCRIBERS }, async (_, index) => {
        const host = hosts[index % HOSTS]!;
        const client = createClient(apiUrl, anonKey, { realtime: { transport: WebSocket as never }, auth: { persistSession: false, autoRefreshToken: false } });
        clients.push(client);
        await client.realtime.setAuth(await tokenFor(host.id, host.email));
        await new Promise<void>((resolve, reject) => {
          client
            .channel(`bench-${index}`)
            .on('postgres_changes', { event: 'UPDATE', schema: 'public', table: 'qr_codes' }, (payload) => {
              const sent = sentAt.get(String((payload.new as { name?: string }).name));
              if (sent !== undefined) latencies.push(performance.now() - sent);
              delivered += 1;
            })
            .on('system', {}, (message: { extension?: string; status?: string }) => {
              if (message.extension === 'postgres_changes') (message.status === 'ok' ? resolve : reject)();
            })
            .subscribe((status, error) => {
              if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') reject(error ?? new Error(status));
            });
        });
      }),
    );

    const allRooms = hosts.flatMap((host) => host.rooms);
    const started = performance.now();
    for (let update = 0; update < load.updates; update++) {
      const due = started + (update * 1000) / load.perSecond;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      const name = `bench-${update}`;
      sentAt.set(name, performance.now());
      await db.query('update public.qr_codes set name = $2 where id = $1', [allRooms[update % allRooms.length], name]);
    }
    const expected = (load.updates * SUBSCRIBERS) / HOSTS;
    const deadline = performance.now() + 60_000;
    while (delivered < expected && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    const sorted = latencies.sort((a, b) => a - b);
    return { p50: percentile(sorted, 0.5), p99: percentile(sorted, 0.99), max: sorted.at(-1) ?? NaN, delivered, expected };
  } finally {
    await Promise.all(clients.map((client) => client.removeAllChannels()));
    await db.end();
  }
}

/**
 * The stack in a process of its own (`npm run stack`), as in use: the 200 clients decoding their messages here must
 * not share an event loop with the service they measure.
 */
async function startStackProcess(base: number, dataDir: string): Promise<{ apiUrl: string; dbUrl: string; stop(): Promise<void> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(projectRoot, 'local-stack', 'start.ts'), '--no-app', '--fresh'], {
    env: { ...process.env, ROOMGUIDE_PORT_BASE: String(base), ROOMGUIDE_DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const ports = stackPorts(base);
  const apiUrl = `http://127.0.0.1:${ports.gateway}`;
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The stack did not start:\n${output}`);
    // Ready once the stand-in's catalogue reached the database (the last step before the app).
    const ready = await fetch(`${apiUrl}/rest/v1/prices?select=id&limit=1`, { headers: { apikey: anonKey } }).then(
      (answer) => answer.ok,
      () => false,
    );
    if (ready && /Stripe catalogue|gateway/.test(output)) break;
    if (Date.now() > deadline) throw new Error(`The stack did not start in 3 minutes:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    apiUrl,
    dbUrl: databaseUrl(ports),
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

export async function runRealtimeBench(): Promise<RealtimeBenchResult[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'roomguide-bench-realtime-'));
  const stack = await startStackProcess(Number(process.env.ROOMGUIDE_PORT_BASE ?? 56520), dataDir);
  try {
    const results: RealtimeBenchResult[] = [];
    const rows: string[][] = [];
    for (const load of loads) {
      const result = await measureRealtime(stack.apiUrl, stack.dbUrl, load);
      results.push(result);
      rows.push([
        `${SUBSCRIBERS} subscribers, ${load.updates} updates at ${load.perSecond}/s`,
        `${Math.round(result.p50)} ms`,
        `${Math.round(result.p99)} ms`,
        `${Math.round(result.max)} ms`,
        `${result.delivered} / ${result.expected}${result.delivered === result.expected ? '' : ' (MISSED: not all delivered)'}`,
      ]);
    }
    printTable(['Realtime: change → delivery', 'p50', 'p99', 'max', 'delivered / expected'], rows);
    return results;
  } finally {
    await stack.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  runRealtimeBench().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
