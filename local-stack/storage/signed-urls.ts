/** Signed URLs: Storage signs `{url: "<bucket>/<name>"}` with the JWT secret; the link then works without a key. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendJson } from '../http.ts';
import { jwtErrors, signHs256, verifyHs256, type JWTPayload } from '../jwt.ts';
import { asCaller, callerOf, readJson, type ObjectRow, type StorageContext } from './context.ts';
import { stringList } from './body-schema.ts';
import { errors } from './errors.ts';
import { sendObject } from './read.ts';

async function signedPath(ctx: StorageContext, bucketId: string, name: string, expiresIn: number): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  const token = await signHs256({ url: `${bucketId}/${name}`, iat: now, exp: now + expiresIn }, ctx.jwtSecret);
  return `/object/sign/${bucketId}/${name}?token=${token}`;
}

function expiresInOf(body: Record<string, unknown>): number {
  const expiresIn = Number(body.expiresIn);
  if (!Number.isInteger(expiresIn) || expiresIn < 1) throw errors.invalidRequest('body/expiresIn must be an integer >= 1');
  return expiresIn;
}

export async function signOne(ctx: StorageContext, req: IncomingMessage, res: ServerResponse, bucketId: string, name: string): Promise<void> {
  const caller = await callerOf(ctx, req);
  const expiresIn = expiresInOf(await readJson(req));
  // Only what the caller may SELECT can be signed.
  const found = await asCaller(ctx, caller, req, 'storage.object.sign', async (client) => {
    return (await client.query(`select 1 from storage.objects where bucket_id = $1 and name = $2`, [bucketId, name])).rowCount;
  });
  if (!found) throw errors.noSuchKey();
  sendJson(res, 200, { signedURL: await signedPath(ctx, bucketId, name, expiresIn) });
}

export async function signMany(ctx: StorageContext, req: IncomingMessage, res: ServerResponse, bucketId: string): Promise<void> {
  const caller = await callerOf(ctx, req);
  const body = await readJson(req);
  const expiresIn = expiresInOf(body);
  const paths = stringList(body, 'paths');
  const visible = await asCaller(ctx, caller, req, 'storage.object.sign', async (client) => {
    const result = await client.query<{ name: string }>(`select name from storage.objects where bucket_id = $1 and name = any($2::text[])`, [bucketId, paths]);
    return new Set(result.rows.map((row) => row.name));
  });
  const signed = await Promise.all(
    paths.map(async (name: string) =>
      visible.has(name)
        ? { error: null, path: name, signedURL: await signedPath(ctx, bucketId, name, expiresIn) }
        : { error: 'Either the object does not exist or you do not have access to it', path: name, signedURL: null },
    ),
  );
  sendJson(res, 200, signed);
}

export async function signedObject(ctx: StorageContext, req: IncomingMessage, res: ServerResponse, bucketId: string, name: string): Promise<void> {
  const token = new URL(req.url ?? '/', 'http://storage').searchParams.get('token');
  if (!token) throw errors.invalidRequest("querystring must have required property 'token'");
  let payload: JWTPayload;
  try {
    payload = await verifyHs256(token, ctx.jwtSecret);
  } catch (error) {
    if (error instanceof jwtErrors.JWTExpired) throw errors.invalidJwt('jwt expired');
    throw errors.invalidSignature();
  }
  if (payload.url !== `${bucketId}/${name}`) throw errors.invalidSignature();
  const row = (await ctx.pool.query<ObjectRow>(`select * from storage.objects where bucket_id = $1 and name = $2`, [bucketId, name])).rows[0];
  if (!row) throw errors.noSuchKey();
  await sendObject(ctx, req, res, bucketId, name, row);
}
