/** Moving and copying objects: the rows change as the caller (RLS decides), then the files follow. */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { sendJson } from '../http.ts';
import { asCaller, callerOf, filePath, findBucket, jsonbParameter, readJson, type ObjectRow, type StorageContext } from './context.ts';
import { errors } from './errors.ts';

function moveOrCopyBody(body: Record<string, unknown>, objectName: (value: string) => string) {
  const { bucketId, sourceKey, destinationKey, destinationBucket } = body;
  if (typeof bucketId !== 'string' || typeof sourceKey !== 'string' || typeof destinationKey !== 'string') {
    throw errors.invalidRequest("body must have required properties 'bucketId', 'sourceKey' and 'destinationKey'");
  }
  return {
    bucketId,
    sourceKey: objectName(sourceKey),
    destinationBucket: typeof destinationBucket === 'string' && destinationBucket !== '' ? destinationBucket : bucketId,
    destinationKey: objectName(destinationKey),
  };
}

/** move = UPDATE of the row as the caller (SELECT + UPDATE policies), then the file is renamed. */
export async function move(ctx: StorageContext, req: IncomingMessage, res: ServerResponse, objectName: (value: string) => string): Promise<void> {
  const caller = await callerOf(ctx, req);
  const target = moveOrCopyBody(await readJson(req), objectName);
  await findBucket(ctx, target.bucketId);
  await findBucket(ctx, target.destinationBucket);
  await asCaller(ctx, caller, req, 'storage.object.move', async (client) => {
    const moved = await client.query(`update storage.objects set bucket_id = $3, name = $4, updated_at = now() where bucket_id = $1 and name = $2`, [
      target.bucketId,
      target.sourceKey,
      target.destinationBucket,
      target.destinationKey,
    ]);
    if (moved.rowCount === 0) throw errors.noSuchKey();
    const destination = filePath(ctx, target.destinationBucket, target.destinationKey);
    await fs.promises.mkdir(path.dirname(destination), { recursive: true });
    await fs.promises.rename(filePath(ctx, target.bucketId, target.sourceKey), destination);
  });
  sendJson(res, 200, { message: 'Successfully moved' });
}

/** copy = SELECT of the source and INSERT of the new row as the caller, then the file is copied. */
export async function copy(ctx: StorageContext, req: IncomingMessage, res: ServerResponse, objectName: (value: string) => string): Promise<void> {
  const caller = await callerOf(ctx, req);
  const body = await readJson(req);
  const target = moveOrCopyBody(body, objectName);
  await findBucket(ctx, target.bucketId);
  await findBucket(ctx, target.destinationBucket);
  const cols = await ctx.columns();
  const id = randomUUID();
  await asCaller(ctx, caller, req, 'storage.object.copy', async (client) => {
    const source = (await client.query<ObjectRow>(`select * from storage.objects where bucket_id = $1 and name = $2`, [target.bucketId, target.sourceKey]))
      .rows[0];
    if (!source) throw errors.noSuchKey();
    const values: Record<string, unknown> = {
      id,
      bucket_id: target.destinationBucket,
      name: target.destinationKey,
      owner: caller.owner,
      metadata: source.metadata,
    };
    if (cols.has('owner_id')) values.owner_id = typeof caller.claims.sub === 'string' ? caller.claims.sub : null;
    if (cols.has('user_metadata')) values.user_metadata = jsonbParameter(body.copyMetadata === false ? body.metadata : source.user_metadata);
    const names = Object.keys(values);
    await client.query(
      `insert into storage.objects (${names.join(', ')}) values (${names.map((_, index) => `$${index + 1}`).join(', ')})`,
      names.map((column) => values[column]),
    );
    const destination = filePath(ctx, target.destinationBucket, target.destinationKey);
    await fs.promises.mkdir(path.dirname(destination), { recursive: true });
    await fs.promises.copyFile(filePath(ctx, target.bucketId, target.sourceKey), destination);
  });
  sendJson(res, 200, { Id: id, Key: `${target.destinationBucket}/${target.destinationKey}` });
}
