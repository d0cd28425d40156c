/**
 * Supabase Storage stand-in behind the gateway's /storage/v1. Files live on disk under
 * `storageDir/<bucket>/<name>`; their rows live in the real `storage.objects`. Every object operation
 * except the public GET runs as the caller's role with the request.jwt.* settings in one transaction
 * (context.ts), so the project's storage policies decide exactly as on Supabase (upload = INSERT, upsert =
 * INSERT + SELECT + UPDATE, download/list = SELECT, remove = SELECT + DELETE). This file routes; each
 * operation lives in its own file.
 *
 * `req.url` arrives without the /storage/v1 prefix.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import pg from 'pg';
import { buckets } from './buckets.ts';
import type { StorageContext } from './context.ts';
import { errors, fromDatabaseError, sendStorageError, StorageError } from './errors.ts';
import { list } from './list.ts';
import { copy, move } from './move-copy.ts';
import { authenticatedObject, objectInfo, publicObject } from './read.ts';
import { removeMany, removeOne } from './remove.ts';
import { isValidObjectKey } from './rules.ts';
import { signedObject, signMany, signOne } from './signed-urls.ts';
import { upload } from './upload.ts';

export interface StorageService {
  handle(req: IncomingMessage, res: ServerResponse): Promise<void>;
  close(): Promise<void>;
}

export function createStorageService(opts: { databaseUrl: string; jwtSecret: string; storageDir: string }): StorageService {
  const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 5 });
  // A dropped idle connection (database restart) must not crash the stack.
  pool.on('error', () => {});
  let objectColumns: Promise<Set<string>> | null = null;
  const ctx: StorageContext = {
    pool,
    storageDir: opts.storageDir,
    jwtSecret: opts.jwtSecret,
    columns() {
      objectColumns ??= pool
        .query<{ column_name: string }>(`select column_name from information_schema.columns where table_schema = 'storage' and table_name = 'objects'`)
        .then((result) => new Set(result.rows.map((row) => row.column_name)));
      return objectColumns;
    },
  };

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
      if (!isValidObjectKey(name) || name.split('/').some((segment) => segment === '' || segment === '.' || segment === '..')) throw errors.invalidKey(name);
      return name;
    };

    if (parts[0] === 'bucket') {
      if (method === 'GET') return buckets(ctx, req, res, parts[1] ? decode(parts[1]) : null);
      throw errors.routeNotFound(method, pathname);
    }
    if (parts[0] !== 'object' || parts.length < 2) throw errors.routeNotFound(method, pathname);

    const kind = parts[1]!;
    if ((kind === 'public' || kind === 'authenticated') && parts.length >= 4 && (method === 'GET' || method === 'HEAD')) {
      const bucketId = decode(parts[2]!);
      const name = objectName(3);
      return kind === 'public' ? publicObject(ctx, req, res, bucketId, name) : authenticatedObject(ctx, req, res, bucketId, name);
    }
    if (kind === 'info' && method === 'GET') {
      const offset = parts[2] === 'public' || parts[2] === 'authenticated' ? 3 : 2;
      if (parts.length < offset + 2) throw errors.routeNotFound(method, pathname);
      return objectInfo(ctx, req, res, decode(parts[offset]!), objectName(offset + 1), parts[2] === 'public');
    }
    if (kind === 'list' && method === 'POST' && parts.length === 3) return list(ctx, req, res, decode(parts[2]!));
    if ((kind === 'move' || kind === 'copy') && method === 'POST' && parts.length === 2) {
      const validName = (value: string): string => {
        const name = value.replace(/^\/+|\/+$/g, '').replace(/\/+/g, '/');
        if (!isValidObjectKey(name) || name.split('/').some((segment) => segment === '.' || segment === '..')) throw errors.invalidKey(value);
        return name;
      };
      return kind === 'move' ? move(ctx, req, res, validName) : copy(ctx, req, res, validName);
    }
    if (kind === 'sign' && parts.length >= 3) {
      const signBucket = decode(parts[2]!);
      if (method === 'POST' && parts.length === 3) return signMany(ctx, req, res, signBucket);
      if (method === 'POST') return signOne(ctx, req, res, signBucket, objectName(3));
      if ((method === 'GET' || method === 'HEAD') && parts.length >= 4) return signedObject(ctx, req, res, signBucket, objectName(3));
    }

    const bucketId = decode(kind);
    if (parts.length === 2) {
      if (method === 'DELETE') return removeMany(ctx, req, res, bucketId);
      throw errors.routeNotFound(method, pathname);
    }
    const name = objectName(2);
    switch (method) {
      case 'POST':
        return upload(ctx, req, res, bucketId, name, String(req.headers['x-upsert']).toLowerCase() === 'true');
      case 'PUT':
        // Storage's update route is an upload that overwrites (isUpsert: true).
        return upload(ctx, req, res, bucketId, name, true);
      case 'GET':
      case 'HEAD':
        return authenticatedObject(ctx, req, res, bucketId, name);
      case 'DELETE':
        return removeOne(ctx, req, res, bucketId, name);
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
    close: () => ctx.pool.end(),
  };
}
