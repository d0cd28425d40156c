/** Removing objects: DELETE as the caller (SELECT + DELETE policies), then the files. */
import fs from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendJson } from '../http.ts';
import { asCaller, callerOf, filePath, findBucket, readJson, type Caller, type ObjectRow, type StorageContext } from './context.ts';
import { stringList } from './body-schema.ts';
import { errors } from './errors.ts';

async function deleteRows(ctx: StorageContext, req: IncomingMessage, caller: Caller, bucketId: string, names: string[]): Promise<ObjectRow[]> {
  const rows = await asCaller(ctx, caller, req, 'storage.object.delete', async (client) => {
    const result = await client.query<ObjectRow & { path_tokens?: unknown }>(
      `delete from storage.objects where bucket_id = $1 and name = any($2::text[]) returning *`,
      [bucketId, names],
    );
    return result.rows;
  });
  await Promise.all(rows.map((row) => fs.promises.rm(filePath(ctx, bucketId, row.name), { force: true })));
  return rows.map((row) => {
    const copy: Record<string, unknown> = { ...row };
    delete copy.path_tokens;
    return copy as unknown as ObjectRow;
  });
}

export async function removeMany(ctx: StorageContext, req: IncomingMessage, res: ServerResponse, bucketId: string): Promise<void> {
  const caller = await callerOf(ctx, req);
  const names = stringList(await readJson(req), 'prefixes');
  await findBucket(ctx, bucketId);
  sendJson(res, 200, await deleteRows(ctx, req, caller, bucketId, names));
}

export async function removeOne(ctx: StorageContext, req: IncomingMessage, res: ServerResponse, bucketId: string, name: string): Promise<void> {
  const caller = await callerOf(ctx, req);
  await findBucket(ctx, bucketId);
  const rows = await deleteRows(ctx, req, caller, bucketId, [name]);
  if (rows.length === 0) throw errors.noSuchKey();
  sendJson(res, 200, { message: 'Successfully deleted' });
}
