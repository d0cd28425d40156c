/**
 * What every Storage route needs: the pool, the files folder, the JWT secret, the caller, and running SQL
 * as the caller with the settings Storage sets, so the project's storage policies decide as on Supabase.
 */
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import type pg from 'pg';
import { jwtErrors, verifyHs256, type JWTPayload } from '../jwt.ts';
import { emptyRecord, parseUntrustedJson } from '../untrusted-input.ts';
import { BodyTooLargeError, jsonBodyLimit, readBody } from '../http.ts';
import { errors, fromDatabaseError } from './errors.ts';

export interface StorageContext {
  pool: pg.Pool;
  storageDir: string;
  jwtSecret: string;
  /** storage.objects columns differ between Storage versions; inserts write only what this database has. */
  columns(): Promise<Set<string>>;
}

const API_ROLES = new Set(['anon', 'authenticated', 'service_role']);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface Caller {
  role: string;
  claims: JWTPayload;
  token: string;
  /** JWT `sub` when it is a uuid (Storage's `owner`). */
  owner: string | null;
}

export interface Bucket {
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

export interface ObjectRow {
  id: string;
  name: string;
  bucket_id: string;
  created_at: Date | null;
  updated_at: Date | null;
  last_accessed_at: Date | null;
  metadata: ObjectMetadata | null;
  user_metadata?: unknown;
}

export async function callerOf(ctx: StorageContext, req: IncomingMessage): Promise<Caller> {
  const authorization = req.headers.authorization;
  const bearer = authorization ? /^Bearer\s+(.+)$/i.exec(authorization)?.[1] : undefined;
  const apikey = typeof req.headers.apikey === 'string' ? req.headers.apikey : undefined;
  const token = bearer ?? apikey;
  if (!token) throw errors.invalidJwt("headers must have required property 'authorization'");
  let claims: JWTPayload;
  try {
    claims = await verifyHs256(token, ctx.jwtSecret);
  } catch (error) {
    throw errors.invalidJwt(error instanceof jwtErrors.JWTExpired ? 'jwt expired' : 'invalid signature');
  }
  const role = typeof claims.role === 'string' ? claims.role : 'anon';
  if (!API_ROLES.has(role)) throw errors.invalidJwt(`role "${role}" is not allowed`);
  const owner = typeof claims.sub === 'string' && UUID.test(claims.sub) ? claims.sub : null;
  return { role, claims, token, owner };
}

/** Runs `work` in a transaction as the caller's role with the settings Storage sets (scope.ts). */
export async function asCaller<T>(
  ctx: StorageContext,
  caller: Caller,
  req: IncomingMessage,
  operation: string,
  work: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const client = await ctx.pool.connect();
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

export async function findBucket(ctx: StorageContext, bucketId: string): Promise<Bucket> {
  const result = await ctx.pool.query<Bucket>(`select id, public, file_size_limit, allowed_mime_types from storage.buckets where id = $1`, [bucketId]);
  const bucket = result.rows[0];
  if (!bucket) throw errors.noSuchBucket();
  return { ...bucket, file_size_limit: bucket.file_size_limit === null ? null : Number(bucket.file_size_limit) };
}

export function filePath(ctx: StorageContext, bucketId: string, name: string): string {
  return path.join(ctx.storageDir, bucketId, ...name.split('/'));
}

/** A JSON object body (list, sign, move, copy, remove), at most 1 MiB. */
export async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  let data: Buffer;
  try {
    data = await readBody(req, jsonBodyLimit);
  } catch (error) {
    if (error instanceof BodyTooLargeError) throw errors.entityTooLarge();
    throw error;
  }
  if (data.length === 0) return emptyRecord();
  try {
    const parsed: unknown = parseUntrustedJson(data.toString('utf8'));
    if (typeof parsed !== 'object' || parsed === null) throw new Error('not an object');
    return parsed as Record<string, unknown>;
  } catch {
    throw errors.invalidRequest('Body is not valid JSON');
  }
}

/** A jsonb parameter as JSON text (null stays SQL null): pg would send a JavaScript array as a PostgreSQL array. */
export function jsonbParameter(value: unknown): string | null {
  return value === null || value === undefined ? null : JSON.stringify(value);
}
