/**
 * Row changes straight from PostgreSQL: a temporary logical replication slot with the built-in `pgoutput` plugin on
 * the `supabase_realtime` publication, read with `pg_logical_slot_get_binary_changes` every `pollIntervalMs` (as
 * Supabase's Realtime polls its slot, 100 ms by default, counted from the start of one read to the next), at once
 * again while a read comes back full. The slot lives
 * as long as the feed's own connection, so a killed stack never leaves one holding the write-ahead log. When the
 * connection is lost (the database restarted) the feed reconnects with a new slot; changes made meanwhile are not
 * delivered, as with hosted Realtime.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { decodePgoutput, type Relation, type TupleValue } from './pgoutput.ts';

export type ChangeType = 'INSERT' | 'UPDATE' | 'DELETE';
export type RowRecord = Record<string, unknown>;

export interface TableInfo {
  relationId: number;
  schema: string;
  table: string;
  /** Every column with its type's name (`int4`, `text`, `timestamptz`), in table order. */
  columns: Array<{ name: string; type: string }>;
  primaryKey: string[];
  rowSecurity: boolean;
}

export interface Change {
  table: TableInfo;
  type: ChangeType;
  /** UTC with milliseconds, `2024-01-01T12:00:00.123Z`. */
  commitTimestamp: string;
  record?: RowRecord;
  oldRecord?: RowRecord;
}

export interface ChangeFeedOptions {
  databaseUrl: string;
  /** Called with each read's changes, in commit order; the next read waits for it. */
  onChanges(changes: Change[]): Promise<void>;
  pollIntervalMs?: number;
  /** Changes read at most per poll (whole transactions are always read). */
  maxChangesPerRead?: number;
  log(line: string): void;
}

export interface ChangeFeed {
  stop(): Promise<void>;
}

const numericTypes = new Set(['int2', 'int4', 'int8', 'float4', 'float8', 'numeric', 'oid']);

/** A column's text form as wal2json writes it into Realtime's JSON: numbers and booleans bare, JSON parsed. */
function typedValue(text: string, type: string): unknown {
  if (numericTypes.has(type)) {
    const value = Number(text);
    return Number.isFinite(value) ? value : text;
  }
  if (type === 'bool') return text === 't';
  if (type === 'json' || type === 'jsonb') {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

function recordOf(table: TableInfo, tuple: TupleValue[], fallback?: RowRecord): RowRecord {
  const record: RowRecord = {};
  table.columns.forEach((column, index) => {
    const value = tuple[index];
    if (value === undefined) return;
    if (value === null) record[column.name] = null;
    else if (typeof value === 'string') record[column.name] = typedValue(value, column.type);
    else if (fallback && column.name in fallback) record[column.name] = fallback[column.name];
  });
  return record;
}

async function describeTable(client: pg.Client, relation: Relation): Promise<TableInfo> {
  const { rows } = await client.query<{ typname: string; oid: number }>('select oid::int as oid, typname from pg_type where oid = any($1::oid[])', [
    relation.columns.map((column) => column.typeOid),
  ]);
  const typeNames = new Map(rows.map((row) => [row.oid, row.typname]));
  const keyRows = await client.query<{ attname: string; rowsecurity: boolean }>(
    `select a.attname, c.relrowsecurity as rowsecurity
       from pg_class c
       left join pg_index i on i.indrelid = c.oid and i.indisprimary
       left join pg_attribute a on a.attrelid = c.oid and a.attnum = any (i.indkey)
      where c.oid = $1`,
    [relation.id],
  );
  return {
    relationId: relation.id,
    schema: relation.schema,
    table: relation.table,
    columns: relation.columns.map((column) => ({ name: column.name, type: typeNames.get(column.typeOid) ?? 'text' })),
    primaryKey: keyRows.rows.flatMap((row) => (row.attname ? [row.attname] : [])),
    rowSecurity: keyRows.rows[0]?.rowsecurity ?? false,
  };
}

export function startChangeFeed(opts: ChangeFeedOptions): ChangeFeed {
  const pollIntervalMs = opts.pollIntervalMs ?? 100;
  const maxChanges = opts.maxChangesPerRead ?? 2000;
  const tables = new Map<number, { signature: string; info: TableInfo }>();
  let client: pg.Client | null = null;
  let slot = '';
  let running = true;
  let failing = false;
  let wake: (() => void) | null = null;
  const pause = (ms: number): Promise<void> =>
    new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  async function connect(): Promise<pg.Client> {
    const fresh = new pg.Client({ connectionString: opts.databaseUrl, application_name: 'realtime' });
    // A lost connection surfaces as a failed read below; without a listener the error would end the process.
    fresh.on('error', () => {});
    await fresh.connect();
    slot = `realtime_local_${randomBytes(6).toString('hex')}`;
    await fresh.query(`select pg_create_logical_replication_slot($1, 'pgoutput', true)`, [slot]);
    tables.clear();
    return fresh;
  }

  async function readOnce(connection: pg.Client): Promise<number> {
    const { rows } = await connection.query<{ data: Buffer }>(
      `select data from pg_logical_slot_get_binary_changes($1, null, $2, 'proto_version', '1', 'publication_names', 'supabase_realtime')`,
      [slot, maxChanges],
    );
    const changes: Change[] = [];
    let commitTimestamp = new Date().toISOString();
    for (const { data } of rows) {
      const message = decodePgoutput(data);
      switch (message.kind) {
        case 'begin':
          commitTimestamp = message.commitTime.toISOString();
          break;
        case 'relation': {
          const signature = JSON.stringify(message.relation);
          if (tables.get(message.relation.id)?.signature !== signature) {
            tables.set(message.relation.id, { signature, info: await describeTable(connection, message.relation) });
          }
          break;
        }
        case 'insert':
        case 'update':
        case 'delete': {
          const table = tables.get(message.relationId)?.info;
          if (!table) break;
          const oldRecord = message.kind === 'insert' || !message.oldTuple ? undefined : recordOf(table, message.oldTuple);
          const record = message.kind === 'delete' ? undefined : recordOf(table, message.newTuple, oldRecord);
          const type: ChangeType = message.kind === 'insert' ? 'INSERT' : message.kind === 'update' ? 'UPDATE' : 'DELETE';
          changes.push({ table, type, commitTimestamp, ...(record ? { record } : {}), ...(oldRecord ? { oldRecord } : {}) });
          break;
        }
        default:
          break;
      }
    }
    if (changes.length > 0) await opts.onChanges(changes);
    return rows.length;
  }

  const loop = async (): Promise<void> => {
    let backoffMs = 200;
    while (running) {
      try {
        client ??= await connect();
        const readStarted = performance.now();
        const read = await readOnce(client);
        if (failing) opts.log('Realtime: reading changes from the database again.');
        failing = false;
        backoffMs = 200;
        // Reads start every pollIntervalMs (a read that delivered for a while is not followed by a whole pause).
        if (read < maxChanges) await pause(Math.max(0, pollIntervalMs - (performance.now() - readStarted)));
      } catch (error) {
        if (!running) break;
        if (!failing) opts.log(`Realtime: cannot read changes from the database (${error instanceof Error ? error.message : String(error)}); retrying.`);
        failing = true;
        const lost = client;
        client = null;
        await lost?.end().catch(() => {});
        await pause(backoffMs);
        backoffMs = Math.min(backoffMs * 2, 5000);
      }
    }
  };
  const done = loop();

  return {
    async stop() {
      running = false;
      wake?.();
      await done;
      await client?.end().catch(() => {});
      client = null;
    },
  };
}
