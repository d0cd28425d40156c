/**
 * Which subscriber gets which change, decided by PostgreSQL (docs/realtime.md §5): per read and table, one query
 * for the bindings' filters, one for row-level security with every distinct set of claims (the live row for INSERT
 * and UPDATE as Supabase's WALRUS does; the select policies on the old row for DELETE), and one for the columns each
 * role may select. Then each subscriber gets one `postgres_changes` message per change it may read, with the ids of
 * its bindings that match.
 */
import type pg from 'pg';
import type { Change, ChangeType, RowRecord, TableInfo } from './change-feed.ts';

export interface ChangeBinding {
  id: number;
  schema: string;
  table: string;
  /** '*' or a change type. */
  event: '*' | ChangeType;
  /** The filter's conditions (filters.ts) as JSON, '' for none: bindings with the same filter share one check. */
  filterKey: string;
}

export interface ChangeSubscriber {
  claims: Record<string, unknown>;
  /** The claims as JSON: subscribers with the same claims share one visibility check. */
  claimsKey: string;
  role: string;
  bindings: ChangeBinding[];
  /** `dataJson`: the message's `data`, serialised once for every subscriber it goes to. */
  deliver(dataJson: string, ids: number[]): void;
}

/** The largest change record sent whole (Supabase's `max_record_bytes`, 1 MiB). */
const maxRecordBytes = 1024 * 1024;
const largeValueBytes = 64;

function matchesTable(binding: ChangeBinding, table: TableInfo): boolean {
  return (binding.schema === '*' || binding.schema === table.schema) && (binding.table === '*' || binding.table === table.table);
}

function pairKey(a: number, b: number): string {
  return `${a}:${b}`;
}

function pick(record: RowRecord | undefined, columns: Set<string>): RowRecord | undefined {
  if (!record) return undefined;
  return Object.fromEntries(Object.entries(record).filter(([name]) => columns.has(name)));
}

/** `data` as JSON; over max_record_bytes, as Supabase does: values over 64 bytes dropped, and an error saying so. */
function serialiseWithinRecordLimit(data: Record<string, unknown>): string {
  const whole = JSON.stringify(data);
  if (Buffer.byteLength(whole) <= maxRecordBytes) return whole;
  const trim = (record: unknown): RowRecord | undefined =>
    record
      ? Object.fromEntries(Object.entries(record as RowRecord).filter(([, value]) => Buffer.byteLength(JSON.stringify(value) ?? '') <= largeValueBytes))
      : undefined;
  return JSON.stringify({ ...data, record: trim(data.record), old_record: trim(data.old_record), errors: ['Error 413: Payload Too Large'] });
}

async function selectableColumns(client: pg.Pool, relationId: number, role: string): Promise<Set<string>> {
  const { rows } = await client.query<{ attname: string }>(
    `select a.attname from pg_attribute a
      where a.attrelid = $1 and a.attnum > 0 and not a.attisdropped
        and realtime.local_may_act_as($2) and has_column_privilege($2, a.attrelid, a.attnum, 'SELECT')`,
    [relationId, role],
  );
  return new Set(rows.map((row) => row.attname));
}

/**
 * Runs `query` over `claimsList` split into one slice per connection of `pool`: the checks are PostgreSQL's work
 * (about 0.4 ms per set of claims with this project's policies), and slices in parallel use every core.
 */
async function perClaimsSlice<Row extends { claims_index: number }>(
  pool: pg.Pool,
  claimsList: string[],
  query: (claimsSlice: string[]) => Promise<Row[]>,
): Promise<Row[]> {
  const slices = Math.max(1, Math.min(pool.options.max ?? 1, Math.ceil(claimsList.length / 25)));
  const size = Math.ceil(claimsList.length / slices);
  const results = await Promise.all(
    Array.from({ length: slices }, async (_, slice) => {
      const rows = await query(claimsList.slice(slice * size, (slice + 1) * size));
      return rows.map((row) => ({ ...row, claims_index: row.claims_index + slice * size }));
    }),
  );
  return results.flat();
}

async function dispatchTable(client: pg.Pool, table: TableInfo, changes: Change[], subscribers: ChangeSubscriber[]): Promise<void> {
  const interested = subscribers.filter((subscriber) =>
    subscriber.bindings.some((binding) => matchesTable(binding, table) && changes.some((change) => binding.event === '*' || binding.event === change.type)),
  );
  if (interested.length === 0) return;
  const entity = table.relationId;
  const records = changes.map((change) => (change.type === 'DELETE' ? change.oldRecord : change.record) ?? {});

  // Filters: each distinct one once, over every record of this read.
  const filterKeys: string[] = [];
  const filterIndex = new Map<string, number>();
  for (const subscriber of interested) {
    for (const binding of subscriber.bindings) {
      if (binding.filterKey === '' || filterIndex.has(binding.filterKey)) continue;
      filterIndex.set(binding.filterKey, filterKeys.length);
      filterKeys.push(binding.filterKey);
    }
  }
  const passing = new Set<string>();
  if (filterKeys.length > 0) {
    const { rows } = await client.query<{ filter_index: number; record_index: number }>('select * from realtime.local_filter_rows($1::oid::regclass, $2, $3)', [
      entity,
      JSON.stringify(records),
      `[${filterKeys.join(',')}]`,
    ]);
    for (const row of rows) passing.add(pairKey(row.filter_index, row.record_index));
  }

  // Row-level security: each distinct set of claims once.
  const claimsList: string[] = [];
  const claimsIndex = new Map<string, number>();
  for (const subscriber of interested) {
    if (!claimsIndex.has(subscriber.claimsKey)) {
      claimsIndex.set(subscriber.claimsKey, claimsList.length);
      claimsList.push(subscriber.claimsKey);
    }
  }
  const visible = new Set<string>();
  const liveIndexes = changes.flatMap((change, index) => (change.type === 'DELETE' ? [] : [index]));
  const deletedIndexes = changes.flatMap((change, index) => (change.type === 'DELETE' ? [index] : []));
  if (liveIndexes.length > 0) {
    const keys = liveIndexes.map((index) => Object.fromEntries(table.primaryKey.map((column) => [column, records[index]![column]])));
    const keysJson = JSON.stringify(keys);
    const rows = await perClaimsSlice(client, claimsList, async (slice) => {
      const answer = await client.query<{ claims_index: number; key_index: number }>(
        'select * from realtime.local_visible_rows($1::oid::regclass, $2, $3::jsonb[])',
        [entity, keysJson, slice],
      );
      return answer.rows;
    });
    for (const row of rows) visible.add(pairKey(row.claims_index, liveIndexes[row.key_index]!));
  }
  if (deletedIndexes.length > 0) {
    const oldRecordsJson = JSON.stringify(deletedIndexes.map((index) => records[index]));
    const rows = await perClaimsSlice(client, claimsList, async (slice) => {
      const answer = await client.query<{ claims_index: number; record_index: number }>(
        'select * from realtime.local_visible_old_rows($1::oid::regclass, $2, $3::jsonb[])',
        [entity, oldRecordsJson, slice],
      );
      return answer.rows;
    });
    for (const row of rows) visible.add(pairKey(row.claims_index, deletedIndexes[row.record_index]!));
  }

  const columnsByRole = new Map<string, Set<string>>();
  for (const role of new Set(interested.map((subscriber) => subscriber.role))) {
    columnsByRole.set(role, await selectableColumns(client, entity, role));
  }

  const primaryKey = new Set(table.primaryKey);
  /** What a role sees of a change, serialised once: 200 subscribers of one role share it. */
  const serialised = new Map<string, string>();
  const dataJsonFor = (change: Change, changeIndex: number, role: string): string => {
    const key = `${changeIndex}:${role}`;
    const cached = serialised.get(key);
    if (cached !== undefined) return cached;
    const columns = columnsByRole.get(role)!;
    // As on hosted Realtime: a deleted row of a table with row-level security is sent as its primary key only.
    const oldColumns = change.type === 'DELETE' && table.rowSecurity ? new Set([...columns].filter((name) => primaryKey.has(name))) : columns;
    const record = pick(change.record, columns);
    const oldRecord = pick(change.oldRecord, oldColumns);
    const json = serialiseWithinRecordLimit({
      schema: table.schema,
      table: table.table,
      commit_timestamp: change.commitTimestamp,
      type: change.type,
      columns: table.columns.filter((column) => columns.has(column.name)),
      errors: null,
      ...(record ? { record } : {}),
      ...(oldRecord ? { old_record: oldRecord } : {}),
    });
    serialised.set(key, json);
    return json;
  };
  changes.forEach((change, changeIndex) => {
    for (const subscriber of interested) {
      if (!visible.has(pairKey(claimsIndex.get(subscriber.claimsKey)!, changeIndex))) continue;
      const ids = subscriber.bindings
        .filter(
          (binding) =>
            matchesTable(binding, table) &&
            (binding.event === '*' || binding.event === change.type) &&
            (binding.filterKey === '' || passing.has(pairKey(filterIndex.get(binding.filterKey)!, changeIndex))),
        )
        .map((binding) => binding.id);
      if (ids.length > 0) subscriber.deliver(dataJsonFor(change, changeIndex, subscriber.role), ids);
    }
  });
}

/** Delivers one read's changes; a table whose checks fail is reported and skipped, never the whole read. */
export async function dispatchChanges(client: pg.Pool, changes: Change[], subscribers: ChangeSubscriber[], log: (line: string) => void): Promise<void> {
  if (subscribers.length === 0) return;
  const byTable = new Map<number, Change[]>();
  for (const change of changes) {
    const group = byTable.get(change.table.relationId);
    if (group) group.push(change);
    else byTable.set(change.table.relationId, [change]);
  }
  for (const group of byTable.values()) {
    try {
      await dispatchTable(client, group[0]!.table, group, subscribers);
    } catch (error) {
      log(`Realtime: changes of ${group[0]!.table.schema}.${group[0]!.table.table} not delivered: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}
