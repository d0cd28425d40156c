/**
 * Supabase Storage stand-in behind the gateway's /storage/v1 (reference §C). Files live on disk under
 * `storageDir/<bucket>/<name>`; their rows live in the real `storage.objects`. Every object operation
 * except the public GET runs as the caller's role with the request.jwt.* settings in one transaction, so
 * the project's storage policies decide exactly as on Supabase (upload = INSERT, upsert = INSERT + SELECT +
 * UPDATE, download/list = SELECT, remove = SELECT + DELETE).
 *
 * `req.url` arrives without the /storage/v1 prefix.
 */
import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { errors as jwtErrors, jwtVerify, SignJWT, type JWTPayload } from 'jose';
import pg from 'pg';
import { errors, fromDatabaseError, sendStorageError, StorageError } from './errors.ts';

/** The server-wide upload limit when a bucket sets none (the CLI's default `file_size_limit = "50MiB"`). */
const GLOBAL_FILE_SIZE_LIMIT = 50 * 1024 * 1024;
/** Room for multipart boundaries and form fields around the file itself. */
const MULTIPART_OVERHEAD = 64 * 1024;

const API_ROLES = new Set(['anon', 'authenticated', 'service_role']);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface Caller {
  role: string;
  claims: JWTPayload;
  token: string;
  /** JWT `sub` when it is a uuid (Storage's `owner`). */
  owner: string | null;
}

interface Bucket {
  id: string;
  public: boolean;
  file_size_limit: number | null;
  allowed_mime_types: string[] | null;
}

export interface ObjectMetadata {
  eTag: string;
  size: number;
  mimetype: string;
  cacheControl: string;
  lastModified: string;
  contentLength: number;
  httpStatusCode: number;
}

interface ObjectRow {
  id: string;
  name: string;
  bucket_id: string;
  created_at: Date | null;
  updated_at: Date | null;
  last_accessed_at: Date | null;
  metadata: ObjectMetadata | null;
  user_metadata?: unknown;
}

export interface StorageService {
  handle(req: IncomingMessage, res: ServerResponse): Promise<void>;
  close(): Promise<void>;
}

export function createStorageService(opts: { databaseUrl: string; jwtSecret: string; storageDir: string }): StorageService {
  const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 5 });
  // A dropped idle connection (database restart) must not crash the stack.
  pool.on('error', () => {});
  const secret = new TextEncoder().encode(opts.jwtSecret);
  let objectColumns: Promise<Set<string>> | null = null;

  /** storage.objects columns differ between Storage versions; insert only what this database has. */
  function columns(): Promise<Set<string>> {
    objectColumns ??= pool
      .query<{ column_name: string }>(
        `select column_name from information_schema.columns where table_schema = 'storage' and table_name = 'objects'`,
      )
      .then((result) => new Set(result.rows.map((row) => row.column_name)));
    return objectColumns;
  }

  async function callerOf(req: IncomingMessage): Promise<Caller> {
    const authorization = req.headers.authorization;
    const bearer = authorization ? /^Bearer\s+(.+)$/i.exec(authorization)?.[1] : undefined;
    const apikey = typeof req.headers.apikey === 'string' ? req.headers.apikey : undefined;
    const token = bearer ?? apikey;
    if (!token) throw errors.invalidJwt('headers must have required property \'authorization\'');
    let claims: JWTPayload;
    try {
      ({ payload: claims } = await jwtVerify(token, secret, { algorithms: ['HS256'] }));
    } catch (error) {
      throw errors.invalidJwt(error instanceof jwtErrors.JWTExpired ? 'jwt expired' : 'invalid signature');
    }
    const role = typeof claims.role === 'string' ? claims.role : 'anon';
    if (!API_ROLES.has(role)) throw errors.invalidJwt(`role "${role}" is not allowed`);
    const owner = typeof claims.sub === 'string' && UUID.test(claims.sub) ? claims.sub : null;
    return { role, claims, token, owner };
  }

  /** Runs `work` in a transaction as the caller's role with the settings Storage sets (scope.ts). */
  async function asCaller<T>(caller: Caller, req: IncomingMessage, operation: string, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    const client = await pool.connect();
    try {
      await client.query('begin');
      await client.query(
        `select set_config('role', $1, true),
                set_config('request.jwt.claim.role', $1, true),
                set_config('request.jwt', $2, true),
                set_config('request.jwt.claim.sub', $3, true),
                set_config('request.jwt.claims', $4, true),
                set_config('request.method', $5, true),
                set_config('request.path', $6, true),
                set_config('storage.operation', $7, true),
                set_config('storage.allow_delete_query', 'true', true)`,
        [caller.role, caller.token, caller.claims.sub ?? '', JSON.stringify(caller.claims), req.method ?? 'GET', req.url ?? '/', operation],
      );
      const result = await work(client);
      await client.query('commit');
      return result;
    } catch (error) {
      await client.query('rollback').catch(() => {});
      throw fromDatabaseError(error);
    } finally {
      client.release();
    }
  }

  async function findBucket(bucketId: string): Promise<Bucket> {
    const result = await pool.query<Bucket>(
      `select id, public, file_size_limit, allowed_mime_types from storage.buckets where id = $1`,
      [bucketId],
    );
    const bucket = result.rows[0];
    if (!bucket) throw errors.noSuchBucket();
    return { ...bucket, file_size_limit: bucket.file_size_limit === null ? null : Number(bucket.file_size_limit) };
  }

  function filePath(bucketId: string, name: string): string {
    return path.join(opts.storageDir, bucketId, ...name.split('/'));
  }

  // ---- upload / update ------------------------------------------------------------------------------

  async function upload(req: IncomingMessage, res: ServerResponse, bucketId: string, name: string, upsert: boolean): Promise<void> {
    const caller = await callerOf(req);
    const bucket = await findBucket(bucketId);
    const limit = Math.min(bucket.file_size_limit ?? GLOBAL_FILE_SIZE_LIMIT, GLOBAL_FILE_SIZE_LIMIT);
    const body = await readBody(req, limit + MULTIPART_OVERHEAD);
    const file = body.truncated ? null : await parseUpload(req, body.data);

    const id = randomUUID();
    const cols = await columns();
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
    if (cols.has('user_metadata') && file?.userMetadata !== undefined) values.user_metadata = file.userMetadata;
    const names = Object.keys(values);
    const placeholders = names.map((_, index) => `$${index + 1}`);
    const updates = names.filter((column) => column !== 'id' && column !== 'bucket_id' && column !== 'name').map((column) => `${column} = excluded.${column}`);
    if (cols.has('updated_at')) updates.push('updated_at = now()');
    const sql =
      `insert into storage.objects (${names.join(', ')}) values (${placeholders.join(', ')})` +
      (upsert ? ` on conflict (bucket_id, name) do update set ${updates.join(', ')}` : '');

    const target = filePath(bucketId, name);
    await asCaller(caller, req, upsert ? 'storage.object.upload_upsert' : 'storage.object.upload', async (client) => {
      // As Storage's canUpload: the row is written as the caller first, so RLS refuses before any byte is kept.
      await client.query(sql, names.map((column) => values[column]));
      if (!file) throw errors.entityTooLarge();
      if (!mimeTypeAllowed(file.contentType, bucket.allowed_mime_types)) throw errors.invalidMimeType(file.contentType);
      if (data.length > limit) throw errors.entityTooLarge();
      await fs.promises.mkdir(path.dirname(target), { recursive: true });
      const temporary = `${target}.${id}.uploading`;
      await fs.promises.writeFile(temporary, data);
      await fs.promises.rename(temporary, target);
    });
    // On an upsert that replaced a row, the id is the existing row's.
    const stored = await pool.query<{ id: string }>(`select id from storage.objects where bucket_id = $1 and name = $2`, [bucketId, name]);
    sendJson(res, 200, { Id: stored.rows[0]?.id ?? id, Key: `${bucketId}/${name}` });
  }

  // ---- read -----------------------------------------------------------------------------------------

  async function sendObject(req: IncomingMessage, res: ServerResponse, bucketId: string, name: string, row: ObjectRow): Promise<void> {
    const metadata = row.metadata;
    const target = filePath(bucketId, name);
    const stat = await fs.promises.stat(target).catch(() => null);
    if (!stat || !metadata) throw errors.noSuchKey();
    const headers: Record<string, string | number> = {
      'Content-Type': metadata.mimetype,
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
    if (ifNoneMatch && ifNoneMatch.split(',').map((tag) => tag.trim()).includes(metadata.eTag)) {
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

  async function publicObject(req: IncomingMessage, res: ServerResponse, bucketId: string, name: string): Promise<void> {
    // As Storage's public route: checked as superuser, no RLS; the bucket must be public.
    const bucket = await findBucket(bucketId);
    if (!bucket.public) throw errors.noSuchBucket();
    const result = await pool.query<ObjectRow>(`select * from storage.objects where bucket_id = $1 and name = $2`, [bucketId, name]);
    const row = result.rows[0];
    if (!row) throw errors.noSuchKey();
    await sendObject(req, res, bucketId, name, row);
  }

  async function authenticatedObject(req: IncomingMessage, res: ServerResponse, bucketId: string, name: string): Promise<void> {
    const caller = await callerOf(req);
    const row = await asCaller(caller, req, 'storage.object.get_authenticated', async (client) => {
      const result = await client.query<ObjectRow>(`select * from storage.objects where bucket_id = $1 and name = $2`, [bucketId, name]);
      return result.rows[0];
    });
    if (!row) {
      await findBucket(bucketId);
      throw errors.noSuchKey();
    }
    await sendObject(req, res, bucketId, name, row);
  }

  async function objectInfo(req: IncomingMessage, res: ServerResponse, bucketId: string, name: string, isPublic: boolean): Promise<void> {
    const select = `select * from storage.objects where bucket_id = $1 and name = $2`;
    let row: (ObjectRow & { version?: string | null }) | undefined;
    if (isPublic) {
      // Like the public object route: superuser, no RLS, only for public buckets.
      const bucket = await findBucket(bucketId);
      if (!bucket.public) throw errors.noSuchBucket();
      row = (await pool.query<ObjectRow & { version?: string | null }>(select, [bucketId, name])).rows[0];
    } else {
      const caller = await callerOf(req);
      row = await asCaller(caller, req, 'storage.object.info', async (client) => {
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

  async function list(req: IncomingMessage, res: ServerResponse, bucketId: string): Promise<void> {
    const caller = await callerOf(req);
    const options = (await readJson(req)) as {
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

    await findBucket(bucketId);
    const rows = await asCaller(caller, req, 'storage.object.list', async (client) => {
      const result = await client.query<ObjectRow>(
        `select id, name, bucket_id, created_at, updated_at, last_accessed_at, metadata
           from storage.objects where bucket_id = $1 and starts_with(name, $2)`,
        [bucketId, prefix],
      );
      return result.rows;
    });
    type Entry = { name: string; id: string | null; updated_at: Date | null; created_at: Date | null; last_accessed_at: Date | null; metadata: ObjectMetadata | null };
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

  // ---- move / copy ----------------------------------------------------------------------------------

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
  async function move(req: IncomingMessage, res: ServerResponse, objectName: (value: string) => string): Promise<void> {
    const caller = await callerOf(req);
    const target = moveOrCopyBody(await readJson(req), objectName);
    await findBucket(target.bucketId);
    await findBucket(target.destinationBucket);
    await asCaller(caller, req, 'storage.object.move', async (client) => {
      const moved = await client.query(
        `update storage.objects set bucket_id = $3, name = $4, updated_at = now() where bucket_id = $1 and name = $2`,
        [target.bucketId, target.sourceKey, target.destinationBucket, target.destinationKey],
      );
      if (moved.rowCount === 0) throw errors.noSuchKey();
      const destination = filePath(target.destinationBucket, target.destinationKey);
      await fs.promises.mkdir(path.dirname(destination), { recursive: true });
      await fs.promises.rename(filePath(target.bucketId, target.sourceKey), destination);
    });
    sendJson(res, 200, { message: 'Successfully moved' });
  }

  /** copy = SELECT of the source and INSERT of the new row as the caller, then the file is copied. */
  async function copy(req: IncomingMessage, res: ServerResponse, objectName: (value: string) => string): Promise<void> {
    const caller = await callerOf(req);
    const body = await readJson(req);
    const target = moveOrCopyBody(body, objectName);
    await findBucket(target.bucketId);
    await findBucket(target.destinationBucket);
    const cols = await columns();
    const id = randomUUID();
    await asCaller(caller, req, 'storage.object.copy', async (client) => {
      const source = (
        await client.query<ObjectRow>(`select * from storage.objects where bucket_id = $1 and name = $2`, [target.bucketId, target.sourceKey])
      ).rows[0];
      if (!source) throw errors.noSuchKey();
      const values: Record<string, unknown> = {
        id,
        bucket_id: target.destinationBucket,
        name: target.destinationKey,
        owner: caller.owner,
        metadata: source.metadata,
      };
      if (cols.has('owner_id')) values.owner_id = typeof caller.claims.sub === 'string' ? caller.claims.sub : null;
      if (cols.has('user_metadata')) values.user_metadata = body.copyMetadata === false ? (body.metadata ?? null) : (source.user_metadata ?? null);
      const names = Object.keys(values);
      await client.query(
        `insert into storage.objects (${names.join(', ')}) values (${names.map((_, index) => `$${index + 1}`).join(', ')})`,
        names.map((column) => values[column]),
      );
      const destination = filePath(target.destinationBucket, target.destinationKey);
      await fs.promises.mkdir(path.dirname(destination), { recursive: true });
      await fs.promises.copyFile(filePath(target.bucketId, target.sourceKey), destination);
    });
    sendJson(res, 200, { Id: id, Key: `${target.destinationBucket}/${target.destinationKey}` });
  }

  // ---- signed URLs ----------------------------------------------------------------------------------

  /** Storage signs `{url: "<bucket>/<name>"}` with the JWT secret; the link then works without a key. */
  async function signedPath(bucketId: string, name: string, expiresIn: number): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    const token = await new SignJWT({ url: `${bucketId}/${name}` })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt(now)
      .setExpirationTime(now + expiresIn)
      .sign(secret);
    return `/object/sign/${bucketId}/${name}?token=${token}`;
  }

  function expiresInOf(body: Record<string, unknown>): number {
    const expiresIn = Number(body.expiresIn);
    if (!Number.isInteger(expiresIn) || expiresIn < 1) throw errors.invalidRequest("body/expiresIn must be an integer >= 1");
    return expiresIn;
  }

  async function signOne(req: IncomingMessage, res: ServerResponse, bucketId: string, name: string): Promise<void> {
    const caller = await callerOf(req);
    const expiresIn = expiresInOf(await readJson(req));
    // Only what the caller may SELECT can be signed.
    const found = await asCaller(caller, req, 'storage.object.sign', async (client) => {
      return (await client.query(`select 1 from storage.objects where bucket_id = $1 and name = $2`, [bucketId, name])).rowCount;
    });
    if (!found) throw errors.noSuchKey();
    sendJson(res, 200, { signedURL: await signedPath(bucketId, name, expiresIn) });
  }

  async function signMany(req: IncomingMessage, res: ServerResponse, bucketId: string): Promise<void> {
    const caller = await callerOf(req);
    const body = await readJson(req);
    const expiresIn = expiresInOf(body);
    if (!Array.isArray(body.paths)) throw errors.invalidRequest("body must have required property 'paths'");
    const paths = body.paths.map(String);
    const visible = await asCaller(caller, req, 'storage.object.sign', async (client) => {
      const result = await client.query<{ name: string }>(`select name from storage.objects where bucket_id = $1 and name = any($2::text[])`, [bucketId, paths]);
      return new Set(result.rows.map((row) => row.name));
    });
    const signed = await Promise.all(
      paths.map(async (name: string) =>
        visible.has(name)
          ? { error: null, path: name, signedURL: await signedPath(bucketId, name, expiresIn) }
          : { error: 'Either the object does not exist or you do not have access to it', path: name, signedURL: null },
      ),
    );
    sendJson(res, 200, signed);
  }

  async function signedObject(req: IncomingMessage, res: ServerResponse, bucketId: string, name: string): Promise<void> {
    const token = new URL(req.url ?? '/', 'http://storage').searchParams.get('token');
    if (!token) throw errors.invalidRequest('querystring must have required property \'token\'');
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, secret, { algorithms: ['HS256'] }));
    } catch (error) {
      if (error instanceof jwtErrors.JWTExpired) throw errors.invalidJwt('jwt expired');
      throw errors.invalidSignature();
    }
    if (payload.url !== `${bucketId}/${name}`) throw errors.invalidSignature();
    const row = (await pool.query<ObjectRow>(`select * from storage.objects where bucket_id = $1 and name = $2`, [bucketId, name])).rows[0];
    if (!row) throw errors.noSuchKey();
    await sendObject(req, res, bucketId, name, row);
  }

  // ---- delete ---------------------------------------------------------------------------------------

  async function deleteRows(req: IncomingMessage, caller: Caller, bucketId: string, names: string[]): Promise<ObjectRow[]> {
    const rows = await asCaller(caller, req, 'storage.object.delete', async (client) => {
      const result = await client.query<ObjectRow & { path_tokens?: unknown }>(
        `delete from storage.objects where bucket_id = $1 and name = any($2::text[]) returning *`,
        [bucketId, names],
      );
      return result.rows;
    });
    await Promise.all(rows.map((row) => fs.promises.rm(filePath(bucketId, row.name), { force: true })));
    return rows.map((row) => {
      const copy: Record<string, unknown> = { ...row };
      delete copy.path_tokens;
      return copy as unknown as ObjectRow;
    });
  }

  async function removeMany(req: IncomingMessage, res: ServerResponse, bucketId: string): Promise<void> {
    const caller = await callerOf(req);
    const body = (await readJson(req)) as { prefixes?: unknown };
    if (!Array.isArray(body.prefixes) || body.prefixes.length === 0) throw errors.invalidRequest("body must have required property 'prefixes'");
    const names = body.prefixes.map((entry: unknown) =>
      typeof entry === 'string' ? entry : typeof entry === 'object' && entry !== null && 'path' in entry ? String((entry as { path: unknown }).path) : '',
    );
    await findBucket(bucketId);
    sendJson(res, 200, await deleteRows(req, caller, bucketId, names));
  }

  async function removeOne(req: IncomingMessage, res: ServerResponse, bucketId: string, name: string): Promise<void> {
    const caller = await callerOf(req);
    await findBucket(bucketId);
    const rows = await deleteRows(req, caller, bucketId, [name]);
    if (rows.length === 0) throw errors.noSuchKey();
    sendJson(res, 200, { message: 'Successfully deleted' });
  }

  // ---- buckets (read-only: buckets come from migrations) --------------------------------------------

  async function buckets(req: IncomingMessage, res: ServerResponse, bucketId: string | null): Promise<void> {
    const caller = await callerOf(req);
    const rows = await asCaller(caller, req, 'storage.bucket.list', async (client) => {
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

  // ---- routing --------------------------------------------------------------------------------------

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const method = req.method ?? 'GET';
    const pathname = new URL(req.url ?? '/', 'http://storage').pathname;
    const parts = pathname.replace(/^\/+/, '').split('/');
    const decode = (value: string): string => {
      try {
        return decodeURIComponent(value);
      } catch {
        throw errors.invalidKey(value);
      }
    };
    const objectName = (from: number): string => {
      const name = parts.slice(from).map(decode).join('/');
      if (name === '' || name.split('/').some((segment) => segment === '' || segment === '.' || segment === '..')) throw errors.invalidKey(name);
      return name;
    };

    if (parts[0] === 'bucket') {
      if (method === 'GET') return buckets(req, res, parts[1] ? decode(parts[1]) : null);
      throw errors.routeNotFound(method, pathname);
    }
    if (parts[0] !== 'object' || parts.length < 2) throw errors.routeNotFound(method, pathname);

    const kind = parts[1]!;
    if ((kind === 'public' || kind === 'authenticated') && parts.length >= 4 && (method === 'GET' || method === 'HEAD')) {
      const bucketId = decode(parts[2]!);
      const name = objectName(3);
      return kind === 'public' ? publicObject(req, res, bucketId, name) : authenticatedObject(req, res, bucketId, name);
    }
    if (kind === 'info' && method === 'GET') {
      const offset = parts[2] === 'public' || parts[2] === 'authenticated' ? 3 : 2;
      if (parts.length < offset + 2) throw errors.routeNotFound(method, pathname);
      return objectInfo(req, res, decode(parts[offset]!), objectName(offset + 1), parts[2] === 'public');
    }
    if (kind === 'list' && method === 'POST' && parts.length === 3) return list(req, res, decode(parts[2]!));
    if ((kind === 'move' || kind === 'copy') && method === 'POST' && parts.length === 2) {
      const validName = (value: string): string => {
        const name = value.replace(/^\/+|\/+$/g, '').replace(/\/+/g, '/');
        if (name === '' || name.split('/').some((segment) => segment === '.' || segment === '..')) throw errors.invalidKey(value);
        return name;
      };
      return kind === 'move' ? move(req, res, validName) : copy(req, res, validName);
    }
    if (kind === 'sign' && parts.length >= 3) {
      const signBucket = decode(parts[2]!);
      if (method === 'POST' && parts.length === 3) return signMany(req, res, signBucket);
      if (method === 'POST') return signOne(req, res, signBucket, objectName(3));
      if ((method === 'GET' || method === 'HEAD') && parts.length >= 4) return signedObject(req, res, signBucket, objectName(3));
    }

    const bucketId = decode(kind);
    if (parts.length === 2) {
      if (method === 'DELETE') return removeMany(req, res, bucketId);
      throw errors.routeNotFound(method, pathname);
    }
    const name = objectName(2);
    switch (method) {
      case 'POST':
        return upload(req, res, bucketId, name, String(req.headers['x-upsert']).toLowerCase() === 'true');
      case 'PUT':
        // Storage's update route is an upload that overwrites (isUpsert: true).
        return upload(req, res, bucketId, name, true);
      case 'GET':
      case 'HEAD':
        return authenticatedObject(req, res, bucketId, name);
      case 'DELETE':
        return removeOne(req, res, bucketId, name);
      default:
        throw errors.routeNotFound(method, pathname);
    }
  }

  return {
    async handle(req, res) {
      try {
        await route(req, res);
      } catch (error) {
        const storageError = error instanceof StorageError ? error : fromDatabaseError(error);
        if (storageError.statusCode === 500) console.error('[storage]', error);
        if (!req.complete) req.resume();
        if (res.headersSent) {
          res.destroy();
          return;
        }
        sendStorageError(res, storageError);
      }
    },
    close: () => pool.end(),
  };
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const payload = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(payload) });
  res.end(payload);
}

/** Reads the body, keeping at most `maxBytes`; the rest is drained so the client gets the error response. */
async function readBody(req: IncomingMessage, maxBytes: number): Promise<{ data: Buffer; truncated: boolean }> {
  const chunks: Buffer[] = [];
  let size = 0;
  let truncated = false;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) {
      truncated = true;
      continue;
    }
    chunks.push(chunk);
  }
  return { data: Buffer.concat(chunks), truncated };
}

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const { data, truncated } = await readBody(req, 1024 * 1024);
  if (truncated) throw errors.entityTooLarge();
  if (data.length === 0) return {};
  try {
    const parsed: unknown = JSON.parse(data.toString('utf8'));
    if (typeof parsed !== 'object' || parsed === null) throw new Error('not an object');
    return parsed as Record<string, unknown>;
  } catch {
    throw errors.invalidRequest('Body is not valid JSON');
  }
}

interface UploadedFile {
  data: Buffer;
  contentType: string;
  cacheControl: string;
  userMetadata: unknown;
}

/**
 * The two upload encodings storage-js uses (reference §C.1): multipart/form-data with the file under
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
        userMetadata = JSON.parse(metadataField);
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
      userMetadata = JSON.parse(Buffer.from(metadataHeader, 'base64').toString('utf8'));
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

/**
 * One `Range: bytes=…` interval (what browsers send for media and resumed downloads); null means the whole
 * file (no header, or several ranges, which are answered with the full body as HTTP allows).
 */
export function parseRange(header: string | undefined, size: number): { start: number; end: number } | null | 'unsatisfiable' {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!match || (match[1] === '' && match[2] === '')) return null;
  let start: number;
  let end: number;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0) return 'unsatisfiable';
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  if (start >= size || start > end) return 'unsatisfiable';
  return { start, end };
}

/** Storage's validateMimeType: exact types or `type/*` wildcards; parameters (`;charset=…`) ignored. */
export function mimeTypeAllowed(contentType: string, allowed: string[] | null): boolean {
  if (!allowed || allowed.length === 0) return true;
  const [type = ''] = contentType.toLowerCase().split(';');
  const mime = type.trim();
  return allowed.some((pattern) => {
    const normalized = pattern.toLowerCase().trim();
    if (normalized.endsWith('/*')) return mime.startsWith(normalized.slice(0, -1));
    return mime === normalized;
  });
}
