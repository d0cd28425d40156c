/**
 * Uploads (POST, and PUT = overwrite) as Storage does them: the `storage.objects` row is written as the caller
 * first, so RLS refuses before any byte is kept (Storage's canUpload), then the bucket's type and size limits
 * apply and the file is written.
 */
import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { BodyTooLargeError, readBody, sendJson } from '../http.ts';
import { parseUntrustedJson } from '../untrusted-input.ts';
import { asCaller, callerOf, filePath, findBucket, jsonbParameter, type ObjectMetadata, type StorageContext } from './context.ts';
import { errors } from './errors.ts';
import { mimeTypeAllowed } from './rules.ts';

/** The server-wide upload limit when a bucket sets none (the CLI's default `file_size_limit = "50MiB"`). */
export const GLOBAL_FILE_SIZE_LIMIT = 50 * 1024 * 1024;
/** Room for multipart boundaries and form fields around the file itself. */
const MULTIPART_OVERHEAD = 64 * 1024;

export async function upload(ctx: StorageContext, req: IncomingMessage, res: ServerResponse, bucketId: string, name: string, upsert: boolean): Promise<void> {
  const caller = await callerOf(ctx, req);
  const bucket = await findBucket(ctx, bucketId);
  const limit = Math.min(bucket.file_size_limit ?? GLOBAL_FILE_SIZE_LIMIT, GLOBAL_FILE_SIZE_LIMIT);
  // An oversized body is refused after the RLS check below, as Storage does; only its size is kept.
  const body = await readBody(req, limit + MULTIPART_OVERHEAD).catch((error: unknown) => {
    if (error instanceof BodyTooLargeError) return null;
    throw error;
  });
  const file = body === null ? null : await parseUpload(req, body);

  const id = randomUUID();
  const cols = await ctx.columns();
  const data = file?.data ?? Buffer.alloc(0);
  const metadata: ObjectMetadata = {
    eTag: `"${createHash('md5').update(data).digest('hex')}"`,
    size: data.length,
    mimetype: file?.contentType ?? 'application/octet-stream',
    cacheControl: file?.cacheControl ?? 'no-cache',
    lastModified: new Date().toUTCString(),
    contentLength: data.length,
    httpStatusCode: 200,
  };
  const values: Record<string, unknown> = { id, bucket_id: bucketId, name, owner: caller.owner, metadata };
  if (cols.has('owner_id')) values.owner_id = typeof caller.claims.sub === 'string' ? caller.claims.sub : null;
  if (cols.has('user_metadata') && file?.userMetadata !== undefined) values.user_metadata = jsonbParameter(file.userMetadata);
  const names = Object.keys(values);
  const placeholders = names.map((_, index) => `$${index + 1}`);
  const updates = names.filter((column) => column !== 'id' && column !== 'bucket_id' && column !== 'name').map((column) => `${column} = excluded.${column}`);
  if (cols.has('updated_at')) updates.push('updated_at = now()');
  const sql =
    `insert into storage.objects (${names.join(', ')}) values (${placeholders.join(', ')})` +
    (upsert ? ` on conflict (bucket_id, name) do update set ${updates.join(', ')}` : '');

  const target = filePath(ctx, bucketId, name);
  await asCaller(ctx, caller, req, upsert ? 'storage.object.upload_upsert' : 'storage.object.upload', async (client) => {
    // As Storage's canUpload: the row is written as the caller first, so RLS refuses before any byte is kept.
    await client.query(
      sql,
      names.map((column) => values[column]),
    );
    if (!file) throw errors.entityTooLarge();
    if (!mimeTypeAllowed(file.contentType, bucket.allowed_mime_types)) throw errors.invalidMimeType(file.contentType);
    if (data.length > limit) throw errors.entityTooLarge();
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    const temporary = `${target}.${id}.uploading`;
    await fs.promises.writeFile(temporary, data);
    await fs.promises.rename(temporary, target);
  });
  // On an upsert that replaced a row, the id is the existing row's.
  const stored = await ctx.pool.query<{ id: string }>(`select id from storage.objects where bucket_id = $1 and name = $2`, [bucketId, name]);
  sendJson(res, 200, { Id: stored.rows[0]?.id ?? id, Key: `${bucketId}/${name}` });
}

interface UploadedFile {
  data: Buffer;
  contentType: string;
  cacheControl: string;
  userMetadata: unknown;
}

/**
 * The two upload encodings storage-js uses: multipart/form-data with the file under
 * field "" plus `cacheControl`/`metadata` fields, or the raw body with cache-control/content-type/x-metadata
 * headers. Multipart is parsed by Node's built-in WHATWG `Request.formData()` (undici), not by hand.
 */
async function parseUpload(req: IncomingMessage, body: Buffer): Promise<UploadedFile> {
  const contentType = req.headers['content-type'] ?? '';
  if (/^multipart\/form-data/i.test(contentType)) {
    let form: FormData;
    try {
      form = await new Request('http://storage/upload', { method: 'POST', headers: { 'content-type': contentType }, body: new Uint8Array(body) }).formData();
    } catch {
      throw errors.invalidRequest('The multipart body could not be parsed');
    }
    const files: File[] = [];
    form.forEach((value) => {
      if (typeof value !== 'string') files.push(value);
    });
    const file = files[0];
    if (!file) throw errors.invalidRequest('No file in the multipart body');
    const cacheTime = form.get('cacheControl');
    const metadataField = form.get('metadata');
    let userMetadata: unknown;
    if (typeof metadataField === 'string' && metadataField !== '') {
      try {
        userMetadata = parseUntrustedJson(metadataField);
      } catch {
        throw errors.invalidRequest('metadata is not valid JSON');
      }
    }
    return {
      data: Buffer.from(await file.arrayBuffer()),
      contentType: file.type || 'text/plain;charset=UTF-8',
      cacheControl: typeof cacheTime === 'string' && cacheTime !== '' ? `max-age=${cacheTime}` : 'no-cache',
      userMetadata,
    };
  }
  const metadataHeader = req.headers['x-metadata'];
  let userMetadata: unknown;
  if (typeof metadataHeader === 'string' && metadataHeader !== '') {
    try {
      userMetadata = parseUntrustedJson(Buffer.from(metadataHeader, 'base64').toString('utf8'));
    } catch {
      throw errors.invalidRequest('x-metadata is not base64-encoded JSON');
    }
  }
  return {
    data: body,
    contentType: contentType || 'text/plain;charset=UTF-8',
    cacheControl: req.headers['cache-control'] ?? 'no-cache',
    userMetadata,
  };
}
