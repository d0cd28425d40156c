/**
 * The local Realtime service through the gateway, with supabase-js (realtime-js 2.x) on Node, against the facts in
 * docs/realtime.md: postgres_changes delivered only to the subscribers PostgreSQL lets read the row, filters,
 * tokens refreshed and expired, Broadcast and Presence, many subscribers at once, and clients that misbehave.
 * "Nothing arrived" is never waited for by time: each quiet client proves its socket is drained with a broadcast
 * to itself, which the service sends after everything it sent that client before.
 */
import { randomUUID } from 'node:crypto';
import { createClient, type RealtimeChannel, type SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';
import { inject } from 'vitest';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodeClientOptions } from '../e2e/support/api.ts';
import { accessTokenFor, anonKey, apiUrl, createUser, sql, type TestUser } from './support.ts';

interface Received {
  eventType: string;
  new: Record<string, unknown>;
  old: Record<string, unknown>;
  table: string;
}

interface Listener {
  channel: RealtimeChannel;
  events: Received[];
  system: Array<Record<string, unknown>>;
  client: SupabaseClient;
}

const clients: SupabaseClient[] = [];

/** supabase-js acting with `token` on Realtime (as a signed-in app does after setAuth). */
async function realtimeClient(token: string | null, options: { vsn?: '1.0.0' | '2.0.0' } = {}): Promise<SupabaseClient> {
  const client = createClient(apiUrl(), anonKey, { ...nodeClientOptions, realtime: { ...nodeClientOptions.realtime, ...options } });
  if (token) await client.realtime.setAuth(token);
  clients.push(client);
  return client;
}

async function until<T>(what: string, check: () => T | undefined | false, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

type Binding = { event: '*' | 'INSERT' | 'UPDATE' | 'DELETE'; schema: string; table: string; filter?: string };

/** Subscribes and resolves once SUBSCRIBED and PostgreSQL confirmed (or refused) the bindings. */
async function listen(client: SupabaseClient, bindings: Binding[], name = `test-${randomUUID()}`): Promise<Listener> {
  const events: Received[] = [];
  const system: Array<Record<string, unknown>> = [];
  let channel = client.channel(name, { config: { broadcast: { self: true } } });
  for (const binding of bindings) {
    channel = channel.on('postgres_changes', binding, (payload) => events.push(payload as unknown as Received));
  }
  channel = channel.on('system', {}, (payload: Record<string, unknown>) => system.push(payload));
  channel = channel.on('broadcast', { event: 'drain' }, () => {});
  await new Promise<void>((resolve, reject) => {
    channel.subscribe((status, error) => {
      if (status === 'SUBSCRIBED') resolve();
      else if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') reject(error ?? new Error(status));
    });
  });
  if (bindings.length > 0) await until('the postgres_changes confirmation', () => system.some((message) => message.extension === 'postgres_changes'));
  return { channel, events, system, client };
}

/** Resolves once everything the service sent this channel's socket before now has arrived. */
async function drained(listener: Listener): Promise<void> {
  const marker = randomUUID();
  let seen = false;
  listener.channel.on('broadcast', { event: `drain-${marker}` }, () => {
    seen = true;
  });
  await listener.channel.send({ type: 'broadcast', event: `drain-${marker}`, payload: {} });
  await until('the drain broadcast', () => seen);
}

async function hostWithRooms(label: string, rooms: number): Promise<{ host: TestUser; propertyId: string; roomIds: string[] }> {
  const host = await createUser(label);
  await sql('update public.users set qr_code_limit = 50 where id = $1', [host.id]);
  const property = await host.client
    .from('properties')
    .insert({ name: `${label} Hotel` })
    .select('id')
    .single();
  expect(property.error).toBeNull();
  const propertyId = (property.data as { id: string }).id;
  const created = await host.client
    .rpc('create_rooms', { property_id: propertyId, rooms: Array.from({ length: rooms }, (_, i) => ({ name: `Room ${i + 1}`, room_number: String(i + 1) })) })
    .select('id');
  expect(created.error).toBeNull();
  return { host, propertyId, roomIds: (created.data as { id: string }[]).map((row) => row.id) };
}

afterAll(async () => {
  await Promise.all(clients.map((client) => client.removeAllChannels()));
});

describe('postgres_changes', () => {
  let owner: Awaited<ReturnType<typeof hostWithRooms>>;
  let other: Awaited<ReturnType<typeof hostWithRooms>>;

  beforeAll(async () => {
    owner = await hostWithRooms('rt-owner', 2);
    other = await hostWithRooms('rt-other', 1);
  });

  it('gives a host INSERT, UPDATE and DELETE of their rooms within a second, and another host and a guest nothing', async () => {
    const mine = await listen(await realtimeClient(owner.host.accessToken), [{ event: '*', schema: 'public', table: 'qr_codes' }]);
    const otherHost = await listen(await realtimeClient(other.host.accessToken), [{ event: '*', schema: 'public', table: 'qr_codes' }]);
    const guest = await listen(await realtimeClient(null), [{ event: '*', schema: 'public', table: 'qr_codes' }]);

    const timings: number[] = [];
    let started = Date.now();
    const inserted = await owner.host.client
      .from('qr_codes')
      .insert({ property_id: owner.propertyId, name: 'Live room', room_number: '77' })
      .select('id')
      .single();
    expect(inserted.error).toBeNull();
    const roomId = (inserted.data as { id: string }).id;
    const insert = await until('the INSERT', () => mine.events.find((event) => event.eventType === 'INSERT' && event.new.id === roomId));
    timings.push(Date.now() - started);
    expect(insert).toMatchObject({ table: 'qr_codes', new: { name: 'Live room', room_number: '77', property_id: owner.propertyId } });

    started = Date.now();
    expect((await owner.host.client.from('qr_codes').update({ name: 'Live room, renamed' }).eq('id', roomId)).error).toBeNull();
    const update = await until('the UPDATE', () => mine.events.find((event) => event.eventType === 'UPDATE' && event.new.id === roomId));
    timings.push(Date.now() - started);
    // REPLICA IDENTITY FULL: the whole old row.
    expect(update).toMatchObject({ new: { name: 'Live room, renamed' }, old: { id: roomId, name: 'Live room' } });

    started = Date.now();
    expect((await owner.host.client.from('qr_codes').delete().eq('id', roomId)).error).toBeNull();
    const deleted = await until('the DELETE', () => mine.events.find((event) => event.eventType === 'DELETE'));
    timings.push(Date.now() - started);
    // As on hosted Realtime: a deleted row of a table with RLS arrives as its primary key.
    expect(deleted.old).toEqual({ id: roomId });
    for (const ms of timings) expect(ms).toBeLessThan(1000);

    await drained(otherHost);
    await drained(guest);
    // The other host may see their own rooms (made just before), never the owner's.
    const ownersRooms = new Set([...owner.roomIds, roomId]);
    expect(otherHost.events.filter((event) => ownersRooms.has(String(event.new.id ?? event.old.id)))).toEqual([]);
    expect(otherHost.events.every((event) => event.new.property_id === other.propertyId)).toBe(true);
    expect(guest.events).toEqual([]);
  });

  it('applies a filter on property_id, and answers with the binding ids realtime-js matches', async () => {
    const secondProperty = await owner.host.client.from('properties').insert({ name: 'Annex' }).select('id').single();
    const annexId = (secondProperty.data as { id: string }).id;
    const filtered = await listen(await realtimeClient(owner.host.accessToken), [
      { event: 'UPDATE', schema: 'public', table: 'qr_codes', filter: `property_id=eq.${annexId}` },
    ]);
    const listed = await listen(await realtimeClient(owner.host.accessToken), [
      { event: 'UPDATE', schema: 'public', table: 'qr_codes', filter: `room_number=in.(1,"2")` },
    ]);
    const created = await owner.host.client.rpc('create_rooms', { property_id: annexId, rooms: [{ name: 'Annex 1', room_number: 'A1' }] }).select('id');
    const annexRoom = (created.data as { id: string }[])[0]!.id;

    await sql(`update public.qr_codes set name = name || ' (filtered)' where id = any($1)`, [[...owner.roomIds, annexRoom]]);
    await until('the annex update', () => filtered.events.length === 1 || undefined);
    await until('both main rooms', () => listed.events.length === 2 || undefined);
    await drained(filtered);
    await drained(listed);
    expect(filtered.events.map((event) => event.new.id)).toEqual([annexRoom]);
    expect(listed.events.map((event) => event.new.id).sort()).toEqual([...owner.roomIds].sort());
  });

  it('reports a table outside the publication and a filter it cannot apply as Supabase does', async () => {
    const client = await realtimeClient(owner.host.accessToken);
    const unknownTable = await listen(client, [{ event: '*', schema: 'public', table: 'prices' }]);
    expect(unknownTable.system.at(-1)).toMatchObject({ extension: 'postgres_changes', status: 'error' });
    expect(String(unknownTable.system.at(-1)?.message)).toMatch(/^Unable to subscribe to changes with given parameters/);

    const badOperator = await listen(client, [{ event: '*', schema: 'public', table: 'qr_codes', filter: 'room_number=like.1%' }]);
    expect(String(badOperator.system.at(-1)?.message)).toMatch(/^Error parsing `filter` params/);
    const badValue = await listen(client, [{ event: '*', schema: 'public', table: 'qr_codes', filter: 'created_at=gt.yesterday-ish' }]);
    expect(badValue.system.at(-1)).toMatchObject({ status: 'error' });
    expect(String(badValue.system.at(-1)?.message)).toMatch(/^Error parsing `filter` params/);
  });

  it('keeps a subscription through setAuth with a refreshed token, and ends it when the token expires', async () => {
    const shortToken = await accessTokenFor(owner.host.id, owner.host.email, 4);
    const shortTokenExpiresAt = Date.now() + 4000;
    const client = await realtimeClient(shortToken);
    const listener = await listen(client, [{ event: 'UPDATE', schema: 'public', table: 'qr_codes', filter: `id=eq.${owner.roomIds[0]}` }]);
    await client.realtime.setAuth(await accessTokenFor(owner.host.id, owner.host.email, 3600));
    // Past the first token's expiry (the service ends channels whose token ran out; this one was refreshed).
    await until('the first token to expire', () => Date.now() > shortTokenExpiresAt + 1500);
    await sql(`update public.qr_codes set name = 'After refresh' where id = $1`, [owner.roomIds[0]]);
    await until('the change after the refresh', () => listener.events.some((event) => event.new.name === 'After refresh'));
    expect(listener.system.filter((message) => message.status === 'error')).toEqual([]);

    const expiring = await accessTokenFor(owner.host.id, owner.host.email, 2);
    const closedClient = await realtimeClient(expiring);
    const statuses: string[] = [];
    const ended = closedClient.channel('expiring');
    const endMessages: Array<Record<string, unknown>> = [];
    ended.on('system', {}, (payload: Record<string, unknown>) => endMessages.push(payload));
    ended.on('postgres_changes', { event: '*', schema: 'public', table: 'qr_codes' }, () => {});
    ended.subscribe((status) => statuses.push(status));
    await until('the expiry shutdown', () => statuses.includes('CLOSED'), 15_000);
    expect(endMessages.at(-1)).toMatchObject({ extension: 'system', status: 'error' });
    expect(String(endMessages.at(-1)?.message)).toMatch(/^Token has expired \d+ seconds ago$/);
  });

  it('refuses a join with an expired token with the reason Supabase gives', async () => {
    const expired = await accessTokenFor(owner.host.id, owner.host.email, -30);
    const client = await realtimeClient(expired);
    const error = await new Promise<Error | undefined>((resolve) => {
      client.channel('refused').subscribe((status, failure) => {
        if (status === 'CHANNEL_ERROR') resolve(failure);
      });
    });
    expect(error?.message).toMatch(/^InvalidJWTToken: Token has expired (\d+) seconds ago$/);
    expect(Number(/(\d+) seconds/.exec(error!.message)![1])).toBeGreaterThanOrEqual(29);
  });
});

describe('Broadcast and Presence', () => {
  it('relays broadcasts to the other clients of a channel, to the sender only with self, and acknowledges with ack', async () => {
    const topic = `room-${randomUUID()}`;
    const sender = await realtimeClient(null);
    const receiver = await realtimeClient(null, { vsn: '1.0.0' });
    const heard: { sender: unknown[]; receiver: unknown[] } = { sender: [], receiver: [] };
    const subscribed = (channel: RealtimeChannel) => new Promise<void>((resolve) => channel.subscribe((status) => status === 'SUBSCRIBED' && resolve()));
    const sending = sender
      .channel(topic, { config: { broadcast: { self: true, ack: true } } })
      .on('broadcast', { event: 'wave' }, ({ payload }) => heard.sender.push(payload));
    const receiving = receiver.channel(topic).on('broadcast', { event: 'wave' }, ({ payload }) => heard.receiver.push(payload));
    await subscribed(sending);
    await subscribed(receiving);

    // v2 sender (binary frame) to a v1 receiver (JSON), with an acknowledgement.
    expect(await sending.send({ type: 'broadcast', event: 'wave', payload: { from: 'sender' } })).toBe('ok');
    await until('the broadcast on both', () => heard.receiver.length === 1 && heard.sender.length === 1);
    expect(heard.receiver).toEqual([{ from: 'sender' }]);

    // Without self, the v1 client's own broadcast reaches only the other.
    await receiving.send({ type: 'broadcast', event: 'wave', payload: { from: 'receiver' } });
    await until('the reply', () => heard.sender.length === 2);
    expect(heard.sender[1]).toEqual({ from: 'receiver' });
    expect(heard.receiver).toEqual([{ from: 'sender' }]);
  });

  it('syncs presence between two clients: track, sync, untrack and leave', async () => {
    const topic = `desk-${randomUUID()}`;
    const first = (await realtimeClient(null)).channel(topic, { config: { presence: { key: 'anna' } } });
    const second = (await realtimeClient(null)).channel(topic, { config: { presence: { key: 'ben' } } });
    const keysSeenByFirst = (): string[] => Object.keys(first.presenceState()).sort();
    first.on('presence', { event: 'sync' }, () => {});
    second.on('presence', { event: 'sync' }, () => {});
    await new Promise<void>((resolve) => first.subscribe((status) => status === 'SUBSCRIBED' && resolve()));
    await new Promise<void>((resolve) => second.subscribe((status) => status === 'SUBSCRIBED' && resolve()));
    expect(await first.track({ desk: 'front' })).toBe('ok');
    expect(await second.track({ desk: 'back' })).toBe('ok');
    await until('both present', () => keysSeenByFirst().join() === 'anna,ben');
    expect(first.presenceState().ben).toEqual([expect.objectContaining({ desk: 'back', presence_ref: expect.any(String) })]);
    await until('the second sees the first', () => Object.keys(second.presenceState()).includes('anna'));

    expect(await second.untrack()).toBe('ok');
    await until('the untrack', () => keysSeenByFirst().join() === 'anna');
    await second.track({ desk: 'back again' });
    await until('back again', () => keysSeenByFirst().join() === 'anna,ben');
    await second.unsubscribe();
    await until('the leave', () => keysSeenByFirst().join() === 'anna');
  });
});

describe('under load and with misbehaving clients', () => {
  it('gives 200 subscribers during 1,000 updates exactly the rows each may read: none lost, none leaked', async () => {
    const hosts = await Promise.all([0, 1, 2, 3].map((index) => hostWithRooms(`rt-load-${index}`, 5)));
    const roomHost = new Map(hosts.flatMap((entry, index) => entry.roomIds.map((roomId) => [roomId, index] as const)));
    const subscribers = await Promise.all(
      Array.from({ length: 200 }, async (_, index) => {
        const { host } = hosts[index % 4]!;
        // Each with a token of its own (own session), so the service checks 200 distinct sets of claims.
        const token = await accessTokenFor(host.id, host.email);
        return { hostIndex: index % 4, listener: await listen(await realtimeClient(token), [{ event: 'UPDATE', schema: 'public', table: 'qr_codes' }]) };
      }),
    );
    const allRooms = hosts.flatMap((entry) => entry.roomIds);
    const db = new pg.Client({ connectionString: inject('dbUrl') });
    await db.connect();
    try {
      for (let update = 0; update < 1000; update++) {
        await db.query('update public.qr_codes set name = $2 where id = $1', [allRooms[update % allRooms.length], `v${update}`]);
      }
    } finally {
      await db.end();
    }
    await until('every subscriber to get its 250 updates', () => subscribers.every(({ listener }) => listener.events.length >= 250) || undefined, 90_000);
    for (const { hostIndex, listener } of subscribers) {
      await drained(listener);
      expect(listener.events).toHaveLength(250);
      expect(new Set(listener.events.map((event) => event.new.name)).size).toBe(250);
      expect(listener.events.every((event) => roomHost.get(String(event.new.id)) === hostIndex)).toBe(true);
    }
    await Promise.all(subscribers.map(({ listener }) => listener.client.removeAllChannels()));
  }, 240_000);

  it('drops a client that answers no heartbeat and closes one that sends 1 MB frames, and serves the others meanwhile', async () => {
    const { host, roomIds } = await hostWithRooms('rt-robust', 1);
    const healthy = await listen(await realtimeClient(host.accessToken), [{ event: 'UPDATE', schema: 'public', table: 'qr_codes' }]);
    const url = `${apiUrl().replace('http', 'ws')}/realtime/v1/websocket?apikey=${anonKey}&vsn=2.0.0`;

    const silent = new WebSocket(url, { autoPong: false });
    const silentClosed = new Promise<number>((resolve) => silent.on('close', (code) => resolve(code)));
    await new Promise((resolve) => silent.once('open', resolve));
    silent.send(JSON.stringify(['1', '1', 'realtime:silent', 'phx_join', { config: {} }]));

    const flooder = new WebSocket(url);
    const flooderClosed = new Promise<number>((resolve) => flooder.on('close', (code) => resolve(code)));
    await new Promise((resolve) => flooder.once('open', resolve));
    const big = 'x'.repeat(1024 * 1024);
    flooder.send(JSON.stringify(['1', '2', 'realtime:flood', 'broadcast', { type: 'broadcast', event: 'e', payload: { big } }]));
    expect(await flooderClosed).toBe(1009);

    await sql(`update public.qr_codes set name = 'Still live' where id = $1`, [roomIds[0]]);
    await until('the healthy client update', () => healthy.events.some((event) => event.new.name === 'Still live'));
    // The test stack's liveness window is 3 s (tests/setup/stack.ts): the silent client goes, the healthy one stays.
    expect(await silentClosed).toBe(1006);
    await sql(`update public.qr_codes set name = 'Still live, later' where id = $1`, [roomIds[0]]);
    await until('the next update', () => healthy.events.some((event) => event.new.name === 'Still live, later'));
  });

  it('drops a client that stops reading once 4 MiB wait for it, instead of holding its messages', async () => {
    const topic = `slow-${randomUUID()}`;
    const url = `${apiUrl().replace('http', 'ws')}/realtime/v1/websocket?apikey=${anonKey}&vsn=2.0.0`;
    const slow = new WebSocket(url);
    await new Promise((resolve) => slow.once('open', resolve));
    let received = 0;
    slow.on('message', () => (received += 1));
    const joined = new Promise((resolve) => slow.once('message', resolve));
    slow.send(JSON.stringify(['1', '1', `realtime:${topic}`, 'phx_join', { config: { broadcast: { self: false } } }]));
    await joined;
    const slowClosed = new Promise<number>((resolve) => slow.on('close', (code) => resolve(code)));
    slow.pause();

    const sender = (await realtimeClient(null)).channel(topic, { config: { broadcast: { ack: true } } });
    await new Promise<void>((resolve) => sender.subscribe((status) => status === 'SUBSCRIBED' && resolve()));
    const chunk = 'x'.repeat(200 * 1024);
    const broadcasts = 100;
    for (let index = 0; index < broadcasts; index++) expect(await sender.send({ type: 'broadcast', event: 'bulk', payload: { index, chunk } })).toBe('ok');
    slow.resume();
    // 20 MB were sent to the topic; the service kept at most 4 MiB for this client, then dropped it.
    expect(await slowClosed).toBe(1006);
    expect(received).toBeLessThan(broadcasts);
    expect(await sender.send({ type: 'broadcast', event: 'bulk', payload: { index: -1 } })).toBe('ok');
  });

  it('refuses a socket without an API key, or with a key that is no JWT, before any channel', async () => {
    const base = `${apiUrl().replace('http', 'ws')}/realtime/v1/websocket?vsn=2.0.0`;
    const statusOf = (url: string) =>
      new Promise<number>((resolve) => {
        const socket = new WebSocket(url);
        socket.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
        socket.on('open', () => resolve(101));
      });
    expect(await statusOf(base)).toBe(401);
    expect(await statusOf(`${base}&apikey=not-a-key`)).toBe(401);
    expect(await statusOf(`${base}&apikey=${anonKey}`)).toBe(101);
  });
});
