/** Reading buckets (read-only: buckets come from migrations). */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendJson } from '../http.ts';
import { asCaller, callerOf, type StorageContext } from './context.ts';
import { errors } from './errors.ts';

export async function buckets(ctx: StorageContext, req: IncomingMessage, res: ServerResponse, bucketId: string | null): Promise<void> {
  const caller = await callerOf(ctx, req);
  const rows = await asCaller(ctx, caller, req, 'storage.bucket.list', async (client) => {
    const result = await client.query(
      `select id, name, owner, public, file_size_limit, allowed_mime_types, created_at, updated_at from storage.buckets
        where $1::text is null or id = $1 order by name`,
      [bucketId],
    );
    return result.rows;
  });
  if (bucketId === null) return sendJson(res, 200, rows);
  if (rows.length === 0) throw errors.noSuchBucket();
  sendJson(res, 200, rows[0]);
}
