/**
 * The local stack's Realtime service at /realtime/v1/websocket: Phoenix channels over WebSocket as realtime-js 2.x
 * speaks them (docs/realtime.md). Postgres changes come from the change feed and reach each subscriber PostgreSQL
 * lets read them (./dispatch.ts); Broadcast and Presence go between the clients of one channel. Bounded: a frame
 * over `maxFrameBytes` closes its connection (1009), a connection silent for `livenessMs` (no frame, no answer to
 * the WebSocket ping) is dropped, and one that does not read what it is sent is dropped once `maxBufferedBytes` wait.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import os from 'node:os';
import type { Duplex } from 'node:stream';
import pg from 'pg';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import { startChangeFeed, type ChangeFeed, type ChangeType } from './change-feed.ts';
import { dispatchChanges, type ChangeBinding, type ChangeSubscriber } from './dispatch.ts';
import { parseFilter, FilterParseError } from './filters.ts';
import {
  decodeText,
  decodeUserBroadcastPush,
  encodeText,
  encodeTextWithPayloadJson,
  encodeUserBroadcast,
  FrameError,
  userBroadcastAsJson,
  type PhoenixMessage,
  type SerializerVersion,
  type UserBroadcastPush,
} from './frames.ts';
import { checkToken, expiredMessage } from './tokens.ts';

export interface RealtimeOptions {
  databaseUrl: string;
  jwtSecret: string;
  /** Incoming frames over this are refused by closing the connection (1009). Default 256 KiB + envelope. */
  maxFrameBytes?: number;
  /** A connection that sent nothing and answered no ping for this long is dropped. Default 60 s. */
  livenessMs?: number;
  /** Unsent bytes a connection may have waiting before it is dropped as too slow. Default 4 MiB. */
  maxBufferedBytes?: number;
  /** How long a refused join waits before its error reply (Supabase: 5 s, so a failing client cannot spin). */
  joinErrorDelayMs?: number;
  pollIntervalMs?: number;
  log?: (line: string) => void;
}

export interface RealtimeService {
  /** Takes over an HTTP upgrade for /realtime/v1/websocket (the gateway has checked the apikey). */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void;
  /** Open connections (for tests and the bench). */
  connectionCount(): number;
  close(): Promise<void>;
}

const maxChannelsPerConnection = 100;

interface Connection {
  vsn: SerializerVersion;
  socket: WebSocket;
  apikey: string;
  channels: Map<string, Member>;
  lastHeard: number;
}

interface Member {
  connection: Connection;
  topic: string;
  joinRef: string;
  broadcastSelf: boolean;
  broadcastAck: boolean;
  presenceKey: string;
  /** Active once PostgreSQL confirmed the bindings. */
  subscriber: ChangeSubscriber | null;
  claims: Record<string, unknown>;
  role: string;
  expiryTimer: NodeJS.Timeout | null;
}

interface PresenceEntry {
  key: string;
  meta: Record<string, unknown>;
}

type PresenceByKey = Record<string, { metas: Array<Record<string, unknown>> }>;

/** Presence entries as Phoenix sends them in `presence_state` and a diff's joins and leaves: `{key: {metas}}`. */
function byPresenceKey(entries: Iterable<PresenceEntry>): PresenceByKey {
  const grouped: PresenceByKey = {};
  for (const entry of entries) (grouped[entry.key] ??= { metas: [] }).metas.push(entry.meta);
  return grouped;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A stable positive integer per binding, as the real server's `:erlang.phash2(params)`. */
function bindingId(params: Record<string, unknown>): number {
  let hash = 0x811c9dc5;
  for (const char of JSON.stringify(params)) {
    hash ^= char.charCodeAt(0);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % 2 ** 27;
}

function changeEvent(value: unknown): '*' | ChangeType {
  const upper = typeof value === 'string' ? value.toUpperCase() : '*';
  return upper === 'INSERT' || upper === 'UPDATE' || upper === 'DELETE' ? upper : '*';
}

export function createRealtimeService(opts: RealtimeOptions): RealtimeService {
  const log = opts.log ?? ((line: string) => console.error(line));
  const livenessMs = opts.livenessMs ?? 60_000;
  const maxBufferedBytes = opts.maxBufferedBytes ?? 4 * 1024 * 1024;
  const joinErrorDelayMs = opts.joinErrorDelayMs ?? 5000;
  const sockets = new WebSocketServer({ noServer: true, maxPayload: opts.maxFrameBytes ?? 256 * 1024 + 4096, perMessageDeflate: false });
  const connections = new Set<Connection>();
  const topics = new Map<string, Set<Member>>();
  const presence = new Map<string, Map<Member, PresenceEntry>>();
  const subscribers = new Set<ChangeSubscriber>();
  /** The connections that decide who sees a change (one per core, ./dispatch.ts) and check new bindings. */
  const checks = new pg.Pool({
    connectionString: opts.databaseUrl,
    max: Math.min(4, Math.max(2, os.availableParallelism())),
    application_name: 'realtime checks',
  });
  checks.on('error', () => {});

  const feed: ChangeFeed = startChangeFeed({
    databaseUrl: opts.databaseUrl,
    pollIntervalMs: opts.pollIntervalMs,
    log,
    onChanges: (changes) => dispatchChanges(checks, changes, [...subscribers], log),
  });

  const liveness = setInterval(
    () => {
      const now = Date.now();
      for (const connection of connections) {
        if (now - connection.lastHeard > livenessMs) connection.socket.terminate();
        else if (now - connection.lastHeard > livenessMs / 3) connection.socket.ping();
      }
    },
    Math.max(250, Math.floor(livenessMs / 6)),
  );
  liveness.unref();

  function sendRaw(connection: Connection, data: string | Buffer): void {
    if (connection.socket.readyState !== connection.socket.OPEN) return;
    if (connection.socket.bufferedAmount > maxBufferedBytes) {
      // A client that does not read must not make this process hold its messages without limit.
      connection.socket.terminate();
      return;
    }
    connection.socket.send(data, { binary: typeof data !== 'string' });
  }

  function push(connection: Connection, message: PhoenixMessage): void {
    sendRaw(connection, encodeText(connection.vsn, message));
  }

  function reply(connection: Connection, request: PhoenixMessage, status: 'ok' | 'error', response: unknown): void {
    push(connection, { joinRef: request.joinRef, ref: request.ref, topic: request.topic, event: 'phx_reply', payload: { status, response } });
  }

  function channelName(topic: string): string {
    return topic.replace(/^realtime:/, '');
  }

  function system(member: Member, extension: string, status: 'ok' | 'error', message: string): void {
    push(member.connection, {
      joinRef: null,
      ref: null,
      topic: member.topic,
      event: 'system',
      payload: { extension, status, message, channel: channelName(member.topic) },
    });
  }

  function presenceState(topic: string): PresenceByKey {
    return byPresenceKey(presence.get(topic)?.values() ?? []);
  }

  function presenceDiff(topic: string, joins: PresenceEntry[], leaves: PresenceEntry[]): void {
    for (const member of topics.get(topic) ?? []) {
      push(member.connection, {
        joinRef: null,
        ref: null,
        topic,
        event: 'presence_diff',
        payload: { joins: byPresenceKey(joins), leaves: byPresenceKey(leaves) },
      });
    }
  }

  function untrack(member: Member): void {
    const entries = presence.get(member.topic);
    const entry = entries?.get(member);
    if (!entries || !entry) return;
    entries.delete(member);
    if (entries.size === 0) presence.delete(member.topic);
    presenceDiff(member.topic, [], [entry]);
  }

  function removeMember(member: Member): void {
    if (member.expiryTimer) clearTimeout(member.expiryTimer);
    if (member.subscriber) subscribers.delete(member.subscriber);
    member.subscriber = null;
    member.connection.channels.delete(member.topic);
    const members = topics.get(member.topic);
    members?.delete(member);
    if (members?.size === 0) topics.delete(member.topic);
    untrack(member);
  }

  /** Supabase's shutdown pattern: a system error, then the channel closes (the client does not rejoin). */
  function shutdown(member: Member, message: string): void {
    system(member, 'system', 'error', message);
    push(member.connection, { joinRef: member.joinRef, ref: member.joinRef, topic: member.topic, event: 'phx_close', payload: {} });
    removeMember(member);
  }

  function watchExpiry(member: Member, expiresAt: number): void {
    if (member.expiryTimer) clearTimeout(member.expiryTimer);
    // setTimeout holds at most 2^31-1 ms; a longer-lived token is checked again then.
    const wait = Math.min(Math.max(0, expiresAt - Date.now()), 2 ** 31 - 1);
    member.expiryTimer = setTimeout(() => {
      if (Date.now() >= expiresAt) shutdown(member, expiredMessage(expiresAt));
      else watchExpiry(member, expiresAt);
    }, wait);
    member.expiryTimer.unref();
  }

  function tokenOf(connection: Connection, payload: Record<string, unknown>): string {
    const token = payload.access_token;
    // Supabase ignores publishable/secret keys (`sb_…`) here and uses the socket's apikey.
    return typeof token === 'string' && token !== '' && !token.startsWith('sb_') ? token : connection.apikey;
  }

  function refuseJoin(connection: Connection, message: PhoenixMessage, reason: string): void {
    setTimeout(() => reply(connection, message, 'error', { reason }), joinErrorDelayMs).unref();
  }

  /** Checks the bindings' tables and filters in PostgreSQL, then starts delivering. */
  async function subscribe(member: Member, bindings: ChangeBinding[], described: string[]): Promise<void> {
    for (let index = 0; index < bindings.length; index++) {
      const binding = bindings[index]!;
      const { rows } = await checks.query<{ oid: number }>(
        `select c.oid::int as oid from pg_publication_tables p join pg_class c on c.oid = format('%I.%I', p.schemaname, p.tablename)::regclass
          where p.pubname = 'supabase_realtime' and ($1 = '*' or p.schemaname = $1) and ($2 = '*' or p.tablename = $2)`,
        [binding.schema, binding.table],
      );
      if (rows.length === 0) {
        system(
          member,
          'postgres_changes',
          'error',
          `Unable to subscribe to changes with given parameters. Please check Realtime is enabled for the given connect parameters: [${described[index]}]`,
        );
        return;
      }
      if (binding.filterKey !== '') {
        for (const { oid } of rows) {
          try {
            await checks.query('select * from realtime.local_filter_rows($1::oid::regclass, $2, $3)', [oid, '[]', `[${binding.filterKey}]`]);
          } catch (error) {
            system(member, 'postgres_changes', 'error', `Error parsing \`filter\` params: ${error instanceof Error ? error.message : String(error)}`);
            return;
          }
        }
      }
    }
    if (!member.connection.channels.has(member.topic) || member.connection.channels.get(member.topic) !== member) return;
    const subscriber: ChangeSubscriber = {
      claims: member.claims,
      claimsKey: JSON.stringify(member.claims),
      role: member.role,
      bindings,
      deliver(dataJson, ids) {
        const frame = { joinRef: null, ref: null, topic: member.topic, event: 'postgres_changes' };
        sendRaw(member.connection, encodeTextWithPayloadJson(member.connection.vsn, frame, `{"ids":${JSON.stringify(ids)},"data":${dataJson}}`));
      },
    };
    member.subscriber = subscriber;
    subscribers.add(subscriber);
    system(member, 'postgres_changes', 'ok', 'Subscribed to PostgreSQL');
  }

  async function join(connection: Connection, message: PhoenixMessage): Promise<void> {
    const payload = isRecord(message.payload) ? message.payload : {};
    const config = isRecord(payload.config) ? payload.config : {};
    if (message.topic === 'realtime:' || !message.topic.startsWith('realtime:')) {
      return refuseJoin(connection, message, 'TopicNameRequired: You must provide a topic name');
    }
    const existing = connection.channels.get(message.topic);
    if (existing) removeMember(existing);
    if (connection.channels.size >= maxChannelsPerConnection) return refuseJoin(connection, message, 'ChannelRateLimitReached: Too many channels');
    const token = await checkToken(tokenOf(connection, payload), opts.jwtSecret);
    if (!token.ok) return refuseJoin(connection, message, token.reason);
    if (config.private === true) {
      // Private channels need Realtime Authorization policies on realtime.messages, which this project has none of.
      return refuseJoin(connection, message, `Unauthorized: You do not have permissions to read from this Channel topic: ${channelName(message.topic)}`);
    }

    const rawBindings = Array.isArray(config.postgres_changes) ? config.postgres_changes.filter(isRecord) : [];
    const bindings: ChangeBinding[] = [];
    const described: string[] = [];
    let filterError: string | null = null;
    for (const raw of rawBindings) {
      let filterKey = '';
      try {
        const conditions = parseFilter(typeof raw.filter === 'string' ? raw.filter : null);
        filterKey = conditions.length > 0 ? JSON.stringify(conditions) : '';
      } catch (error) {
        if (!(error instanceof FilterParseError)) throw error;
        filterError ??= `Error parsing \`filter\` params: ${error.message}`;
      }
      const schema = typeof raw.schema === 'string' && raw.schema !== '' ? raw.schema : 'public';
      const table = typeof raw.table === 'string' && raw.table !== '' ? raw.table : '*';
      bindings.push({ id: bindingId(raw), schema, table, event: changeEvent(raw.event), filterKey });
      described.push(`event: ${String(raw.event ?? '*')}, schema: ${schema}, table: ${table}, filters: [${typeof raw.filter === 'string' ? raw.filter : ''}]`);
    }

    const presenceConfig = isRecord(config.presence) ? config.presence : {};
    const broadcastConfig = isRecord(config.broadcast) ? config.broadcast : {};
    const member: Member = {
      connection,
      topic: message.topic,
      joinRef: message.joinRef ?? message.ref ?? '',
      broadcastSelf: broadcastConfig.self === true,
      broadcastAck: broadcastConfig.ack === true,
      presenceKey: typeof presenceConfig.key === 'string' && presenceConfig.key !== '' ? presenceConfig.key : randomUUID(),
      subscriber: null,
      claims: token.claims,
      role: token.role,
      expiryTimer: null,
    };
    connection.channels.set(message.topic, member);
    const members = topics.get(message.topic) ?? new Set<Member>();
    members.add(member);
    topics.set(message.topic, members);
    watchExpiry(member, token.expiresAt);

    reply(connection, message, 'ok', { postgres_changes: rawBindings.map((raw, index) => ({ ...raw, id: bindings[index]!.id })) });
    if (presenceConfig.enabled === true) {
      push(connection, { joinRef: null, ref: null, topic: message.topic, event: 'presence_state', payload: presenceState(message.topic) });
    }
    if (filterError) system(member, 'postgres_changes', 'error', filterError);
    else if (bindings.length > 0) {
      await subscribe(member, bindings, described).catch((error: unknown) => {
        system(member, 'postgres_changes', 'error', `Unable to subscribe to changes: ${error instanceof Error ? error.message : String(error)}`);
      });
    }
  }

  async function refreshToken(member: Member, payload: unknown): Promise<void> {
    const token = isRecord(payload) ? tokenOf(member.connection, payload) : member.connection.apikey;
    const checked = await checkToken(token, opts.jwtSecret);
    if (!checked.ok) return shutdown(member, checked.reason.replace(/^InvalidJWTToken: /, ''));
    member.claims = checked.claims;
    member.role = checked.role;
    if (member.subscriber) {
      member.subscriber.claims = checked.claims;
      member.subscriber.claimsKey = JSON.stringify(checked.claims);
      member.subscriber.role = checked.role;
    }
    watchExpiry(member, checked.expiresAt);
  }

  function relayBroadcast(sender: Member, json: Record<string, unknown> | null, binary: UserBroadcastPush | null): void {
    for (const member of topics.get(sender.topic) ?? []) {
      if (member === sender && !sender.broadcastSelf) continue;
      if (binary && member.connection.vsn === '2.0.0') {
        sendRaw(member.connection, encodeUserBroadcast({ ...binary, topic: sender.topic }));
      } else if (json) {
        push(member.connection, { joinRef: null, ref: null, topic: sender.topic, event: 'broadcast', payload: json });
      }
    }
  }

  function track(member: Member, message: PhoenixMessage, payload: Record<string, unknown>): void {
    if (payload.event === 'untrack') {
      untrack(member);
      return reply(member.connection, message, 'ok', {});
    }
    if (!isRecord(payload.payload)) return reply(member.connection, message, 'error', { reason: 'Presence track payload must be a map' });
    const entries = presence.get(member.topic) ?? new Map<Member, PresenceEntry>();
    presence.set(member.topic, entries);
    const previous = entries.get(member);
    const entry: PresenceEntry = { key: member.presenceKey, meta: { ...payload.payload, phx_ref: randomUUID().replace(/-/g, '').slice(0, 20) } };
    entries.set(member, entry);
    presenceDiff(member.topic, [entry], previous ? [previous] : []);
    reply(member.connection, message, 'ok', {});
  }

  async function handleText(connection: Connection, message: PhoenixMessage): Promise<void> {
    if (message.topic === 'phoenix' && message.event === 'heartbeat') return reply(connection, message, 'ok', {});
    if (message.event === 'phx_join') return join(connection, message);
    const member = connection.channels.get(message.topic);
    if (!member || (message.joinRef !== null && message.joinRef !== member.joinRef)) {
      return reply(connection, message, 'error', { reason: 'unmatched topic' });
    }
    const payload = isRecord(message.payload) ? message.payload : {};
    switch (message.event) {
      case 'phx_leave':
        reply(connection, message, 'ok', {});
        return removeMember(member);
      case 'access_token':
        return refreshToken(member, message.payload);
      case 'broadcast':
        relayBroadcast(member, payload, null);
        if (member.broadcastAck) reply(connection, message, 'ok', {});
        return;
      case 'presence':
        return track(member, message, payload);
      default:
        return;
    }
  }

  function handleBinary(connection: Connection, frame: Buffer): void {
    const pushed = decodeUserBroadcastPush(frame);
    const member = connection.channels.get(pushed.topic);
    const request: PhoenixMessage = { joinRef: pushed.joinRef, ref: pushed.ref, topic: pushed.topic, event: 'broadcast', payload: null };
    if (!member) return reply(connection, request, 'error', { reason: 'unmatched topic' });
    relayBroadcast(member, userBroadcastAsJson(pushed), pushed);
    if (member.broadcastAck) reply(connection, request, 'ok', {});
  }

  function accept(socket: WebSocket, vsn: SerializerVersion, apikey: string): void {
    const connection: Connection = { vsn, socket, apikey, channels: new Map(), lastHeard: Date.now() };
    connections.add(connection);
    socket.on('pong', () => {
      connection.lastHeard = Date.now();
    });
    socket.on('message', (data: RawData, isBinary: boolean) => {
      connection.lastHeard = Date.now();
      const frame = Buffer.isBuffer(data) ? data : Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data);
      try {
        if (isBinary) {
          if (vsn !== '2.0.0') throw new FrameError('binary frames need vsn 2.0.0');
          handleBinary(connection, frame);
        } else {
          handleText(connection, decodeText(vsn, frame.toString('utf8'))).catch((error: unknown) => log(`Realtime: ${String(error)}`));
        }
      } catch (error) {
        if (!(error instanceof FrameError)) throw error;
        // As Phoenix does with a frame it cannot decode: the connection ends.
        socket.close(1003, error.message.slice(0, 120));
      }
    });
    socket.on('error', () => socket.terminate());
    socket.on('close', () => {
      connections.delete(connection);
      for (const member of [...connection.channels.values()]) removeMember(member);
    });
  }

  return {
    handleUpgrade(req, socket, head) {
      const query = new URL(req.url ?? '/', 'http://realtime').searchParams;
      const vsnParam = query.get('vsn') ?? '1.0.0';
      const vsn: SerializerVersion | null = vsnParam.startsWith('2.') ? '2.0.0' : vsnParam.startsWith('1.') ? '1.0.0' : null;
      const header = req.headers['x-api-key'];
      const apikey = (typeof header === 'string' && header) || query.get('apikey') || '';
      const refuse = (status: number, error: string): void => {
        const body = JSON.stringify({ error });
        socket.end(
          `HTTP/1.1 ${status} ${status === 400 ? 'Bad Request' : 'Unauthorized'}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
        );
      };
      if (!vsn) return refuse(400, `Unsupported serializer version ${vsnParam}`);
      if (apikey === '') return refuse(401, 'API key is missing');
      void checkToken(apikey, opts.jwtSecret).then((checked) => {
        if (!checked.ok) return refuse(401, checked.reason.replace(/^InvalidJWTToken: /, ''));
        sockets.handleUpgrade(req, socket, head, (ws) => accept(ws, vsn, apikey));
      });
    },
    connectionCount: () => connections.size,
    async close() {
      clearInterval(liveness);
      for (const connection of connections) connection.socket.terminate();
      connections.clear();
      await feed.stop();
      await checks.end().catch(() => {});
      await new Promise<void>((resolve) => sockets.close(() => resolve()));
    },
  };
}
