/**
 * Reading objects: the public route (no key, no RLS, public buckets only, as Storage checks it as
 * superuser), the authenticated route (RLS SELECT as the caller), object info, with ETag, Range and
 * `?download=` handling.
 */
import fs from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { sendJson } from '../http.ts';
import { asCaller, callerOf, filePath, findBucket, type ObjectRow, type StorageContext } from './context.ts';
import { errors } from './errors.ts';
import { parseRange } from './rules.ts';

export async function sendObject(
  ctx: StorageContext,
  req: IncomingMessage,
  res: ServerResponse,
  bucketId: string,
  name: string,
  row: ObjectRow,
): Promise<void> {
  const metadata = row.metadata;
  const target = filePath(ctx, bucketId, name);
  const stat = await fs.promises.stat(target).catch(() => null);
  if (!stat || !metadata) throw errors.noSuchKey();
  const headers: Record<string, string | number> = {
    'Content-Type': metadata.mimetype,
    // The type was declared by whoever uploaded the file: browsers must not guess another (an "image" that is HTML).
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': metadata.cacheControl,
    ETag: metadata.eTag,
    'Last-Modified': metadata.lastModified,
    'Content-Length': stat.size,
  };
  const query = new URL(req.url ?? '/', 'http://storage').searchParams;
  if (query.has('download')) {
    const fileName = query.get('download') || path.posix.basename(name);
    headers['Content-Disposition'] = `attachment; filename=${encodeURIComponent(fileName)}; filename*=UTF-8''${encodeURIComponent(fileName)}`;
  }
  const ifNoneMatch = req.headers['if-none-match'];
  if (
    ifNoneMatch &&
    ifNoneMatch
      .split(',')
      .map((tag) => tag.trim())
      .includes(metadata.eTag)
  ) {
    res.writeHead(304, { ETag: metadata.eTag, 'Cache-Control': metadata.cacheControl });
    res.end();
    return;
  }
  headers['Accept-Ranges'] = 'bytes';
  const range = parseRange(req.headers.range, stat.size);
  if (range === 'unsatisfiable') {
    res.writeHead(416, { 'Content-Range': `bytes */${stat.size}` });
    res.end();
    return;
  }
  if (range) {
    headers['Content-Range'] = `bytes ${range.start}-${range.end}/${stat.size}`;
    headers['Content-Length'] = range.end - range.start + 1;
  }
  res.writeHead(range ? 206 : 200, headers);
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  await new Promise<void>((resolve, reject) => {
    const stream = fs.createReadStream(target, range ? { start: range.start, end: range.end } : {});
    stream.on('error', reject);
    res.on('close', resolve);
    stream.pipe(res);
  });
}

export async function publicObject(ctx: StorageContext, req: IncomingMessage, res: ServerResponse, bucketId: string, name: string): Promise<void> {
  // As Storage's public route: checked as superuser, no RLS; the bucket must be public.
  const bucket = await findBucket(ctx, bucketId);
  if (!bucket.public) throw errors.noSuchBucket();
  const result = await ctx.pool.query<ObjectRow>(`select * from storage.objects where bucket_id = $1 and name = $2`, [bucketId, name]);
  const row = result.rows[0];
  if (!row) throw errors.noSuchKey();
  await sendObject(ctx, req, res, bucketId, name, row);
}

export async function authenticatedObject(ctx: StorageContext, req: IncomingMessage, res: ServerResponse, bucketId: string, name: string): Promise<void> {
  const caller = await callerOf(ctx, req);
  const row = await asCaller(ctx, caller, req, 'storage.object.get_authenticated', async (client) => {
    const result = await client.query<ObjectRow>(`select * from storage.objects where bucket_id = $1 and name = $2`, [bucketId, name]);
    return result.rows[0];
  });
  if (!row) {
    await findBucket(ctx, bucketId);
    throw errors.noSuchKey();
  }
  await sendObject(ctx, req, res, bucketId, name, row);
}

export async function objectInfo(
  ctx: StorageContext,
  req: IncomingMessage,
  res: ServerResponse,
  bucketId: string,
  name: string,
  isPublic: boolean,
): Promise<void> {
  const select = `select * from storage.objects where bucket_id = $1 and name = $2`;
  let row: (ObjectRow & { version?: string | null }) | undefined;
  if (isPublic) {
    // Like the public object route: superuser, no RLS, only for public buckets.
    const bucket = await findBucket(ctx, bucketId);
    if (!bucket.public) throw errors.noSuchBucket();
    row = (await ctx.pool.query<ObjectRow & { version?: string | null }>(select, [bucketId, name])).rows[0];
  } else {
    const caller = await callerOf(ctx, req);
    row = await asCaller(ctx, caller, req, 'storage.object.info', async (client) => {
      return (await client.query<ObjectRow & { version?: string | null }>(select, [bucketId, name])).rows[0];
    });
  }
  if (!row) throw errors.noSuchKey();
  sendJson(res, 200, {
    id: row.id,
    name: row.name,
    version: row.version ?? null,
    bucket_id: row.bucket_id,
    size: row.metadata?.size ?? null,
    content_type: row.metadata?.mimetype ?? null,
    cache_control: row.metadata?.cacheControl ?? null,
    etag: row.metadata?.eTag ?? null,
    metadata: row.user_metadata ?? null,
    last_modified: row.updated_at,
    created_at: row.created_at,
  });
}
