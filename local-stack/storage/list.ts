/** Listing a folder as storage-js's `list()` shows it: files and sub-folders one level deep, sorted and paged. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendJson } from '../http.ts';
import { checkBody } from './body-schema.ts';
import { asCaller, callerOf, findBucket, readJson, type ObjectMetadata, type ObjectRow, type StorageContext } from './context.ts';

export async function list(ctx: StorageContext, req: IncomingMessage, res: ServerResponse, bucketId: string): Promise<void> {
  const caller = await callerOf(ctx, req);
  const body = await readJson(req);
  checkBody(body, { prefix: 'string', limit: 'integer', offset: 'integer', search: 'string', sortBy: 'object' });
  if (body.sortBy) checkBody(body.sortBy as Record<string, unknown>, { column: 'string', order: 'string' }, 'body/sortBy');
  const options = body as {
    prefix?: string;
    limit?: number;
    offset?: number;
    search?: string;
    sortBy?: { column?: string; order?: string };
  };
  let prefix = options.prefix ?? '';
  if (prefix !== '' && !prefix.endsWith('/')) prefix += '/';
  const limit = Math.max(0, Math.min(Number(options.limit ?? 100), 1000));
  const offset = Math.max(0, Number(options.offset ?? 0));
  const search = (options.search ?? '').toLowerCase();
  const column = ['name', 'updated_at', 'created_at', 'last_accessed_at'].includes(options.sortBy?.column ?? '') ? options.sortBy!.column! : 'name';
  const descending = options.sortBy?.order?.toLowerCase() === 'desc';

  await findBucket(ctx, bucketId);
  const rows = await asCaller(ctx, caller, req, 'storage.object.list', async (client) => {
    const result = await client.query<ObjectRow>(
      `select id, name, bucket_id, created_at, updated_at, last_accessed_at, metadata
         from storage.objects where bucket_id = $1 and starts_with(name, $2)`,
      [bucketId, prefix],
    );
    return result.rows;
  });
  type Entry = {
    name: string;
    id: string | null;
    updated_at: Date | null;
    created_at: Date | null;
    last_accessed_at: Date | null;
    metadata: ObjectMetadata | null;
  };
  const entries = new Map<string, Entry>();
  for (const row of rows) {
    const rest = row.name.slice(prefix.length);
    const slash = rest.indexOf('/');
    const entryName = slash === -1 ? rest : rest.slice(0, slash);
    // storage.search matches `name ilike prefix || search || '%'`: the entry name starts with `search`.
    if (search && !entryName.toLowerCase().startsWith(search)) continue;
    if (slash === -1) {
      entries.set(`f:${entryName}`, {
        name: entryName,
        id: row.id,
        updated_at: row.updated_at,
        created_at: row.created_at,
        last_accessed_at: row.last_accessed_at,
        metadata: row.metadata,
      });
    } else if (!entries.has(`d:${entryName}`)) {
      entries.set(`d:${entryName}`, { name: entryName, id: null, updated_at: null, created_at: null, last_accessed_at: null, metadata: null });
    }
  }
  const sortKey = (entry: Entry): string => {
    const value = entry[column as keyof Entry];
    return value instanceof Date ? value.toISOString() : String(value ?? '');
  };
  const sorted = [...entries.values()].sort((a, b) => {
    const order = sortKey(a) < sortKey(b) ? -1 : sortKey(a) > sortKey(b) ? 1 : 0;
    return descending ? -order : order;
  });
  sendJson(res, 200, sorted.slice(offset, offset + limit));
}
