/**
 * Storage stand-in through the gateway with storage-js (docs/supabase-http-api.md §C): the `qr_images` bucket of
 * docs/architecture.md §3 (public, 5 MiB, jpeg/png/webp, owners write only under `<their id>/`). Errors come back
 * with HTTP 400 and the real status in the body's statusCode, as Supabase Storage does.
 */
import { StorageApiError } from '@supabase/supabase-js';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiUrl, createUser, sql, type TestUser } from './support.ts';

/** A real 1×1 PNG. */
const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

function storageError(error: unknown): { status: number; statusCode: string | undefined; code: string | undefined } {
  expect(error).toBeInstanceOf(StorageApiError);
  const apiError = error as StorageApiError & { code?: string };
  return { status: apiError.status, statusCode: apiError.statusCode, code: apiError.code };
}

describe('Storage through the gateway', () => {
  let owner: TestUser;
  let other: TestUser;

  beforeAll(async () => {
    owner = await createUser('storage-owner');
    other = await createUser('storage-other');
  });

  const bucket = (user: TestUser) => user.client.storage.from('qr_images');

  it('uploads a Blob (multipart) and serves the same bytes at the public URL with its type and cache headers', async () => {
    const path = `${owner.id}/room-101.png`;
    const { data, error } = await bucket(owner).upload(path, new Blob([png], { type: 'image/png' }), { cacheControl: '120' });
    expect(error).toBeNull();
    expect(data).toMatchObject({ path, fullPath: `qr_images/${path}` });
    expect(data?.id).toMatch(/^[0-9a-f-]{36}$/);

    const publicUrl = bucket(owner).getPublicUrl(path).data.publicUrl;
    expect(publicUrl).toBe(`${apiUrl()}/storage/v1/object/public/qr_images/${path}`);
    const response = await fetch(publicUrl); // no apikey, as an <img> would
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    // The uploader declared the type; browsers must not sniff another one (an "image" that is HTML).
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('cache-control')).toBe('max-age=120');
    const etag = response.headers.get('etag');
    expect(etag).toMatch(/^".+"$/);
    expect(Buffer.from(await response.arrayBuffer()).equals(png)).toBe(true);

    const revalidated = await fetch(publicUrl, { headers: { 'If-None-Match': etag! } });
    expect(revalidated.status).toBe(304);

    const partial = await fetch(publicUrl, { headers: { Range: 'bytes=0-7' } });
    expect(partial.status).toBe(206);
    expect(partial.headers.get('content-range')).toBe(`bytes 0-7/${png.length}`);
    expect(Buffer.from(await partial.arrayBuffer()).equals(png.subarray(0, 8))).toBe(true);
  });

  it('uploads a raw body with its content type', async () => {
    const path = `${owner.id}/raw.webp`;
    const { error } = await bucket(owner).upload(path, png, { contentType: 'image/webp' });
    expect(error).toBeNull();
    const rows = await sql<{ owner: string; mimetype: string; size: number }>(
      `select owner::text, metadata->>'mimetype' as mimetype, (metadata->>'size')::int as size from storage.objects where bucket_id = 'qr_images' and name = $1`,
      [path],
    );
    expect(rows).toEqual([{ owner: owner.id, mimetype: 'image/webp', size: png.length }]);
  });

  it('refuses a second upload to the same path: HTTP 400 with statusCode 409 in the body', async () => {
    const path = `${owner.id}/twice.png`;
    expect((await bucket(owner).upload(path, png, { contentType: 'image/png' })).error).toBeNull();
    const { error } = await bucket(owner).upload(path, png, { contentType: 'image/png' });
    expect(storageError(error)).toEqual({ status: 400, statusCode: '409', code: 'ResourceAlreadyExists' });
  });

  it('replaces the object with upsert: true, keeping its id', async () => {
    const path = `${owner.id}/upsert.png`;
    const first = await bucket(owner).upload(path, png, { contentType: 'image/png' });
    const replacement = Buffer.concat([png, Buffer.from([0])]);
    const second = await bucket(owner).upload(path, replacement, { contentType: 'image/png', upsert: true });
    expect(second.error).toBeNull();
    expect(second.data?.id).toBe(first.data?.id);
    const downloaded = await bucket(owner).download(path);
    expect(Buffer.from(await downloaded.data!.arrayBuffer()).equals(replacement)).toBe(true);
  });

  it('downloads through the authenticated route, and hides another owner’s file (404 in body)', async () => {
    const path = `${owner.id}/private-check.png`;
    await bucket(owner).upload(path, png, { contentType: 'image/png' });
    const mine = await bucket(owner).download(path);
    expect(mine.error).toBeNull();
    expect(Buffer.from(await mine.data!.arrayBuffer()).equals(png)).toBe(true);

    const theirs = await bucket(other).download(path);
    expect(theirs.data).toBeNull();
    expect(theirs.error).not.toBeNull();
  });

  it('lists a folder: files with metadata, sub-folders with id null', async () => {
    await bucket(owner).upload(`${owner.id}/list/a.png`, png, { contentType: 'image/png' });
    await bucket(owner).upload(`${owner.id}/list/b.png`, png, { contentType: 'image/png' });
    await bucket(owner).upload(`${owner.id}/list/nested/c.png`, png, { contentType: 'image/png' });
    const { data, error } = await bucket(owner).list(`${owner.id}/list`);
    expect(error).toBeNull();
    expect(data?.map((entry) => [entry.name, entry.id === null])).toEqual([
      ['a.png', false],
      ['b.png', false],
      ['nested', true],
    ]);
    expect(data?.[0]?.metadata).toMatchObject({ mimetype: 'image/png', size: png.length });

    const searched = await bucket(owner).list(`${owner.id}/list`, { search: 'b' });
    expect(searched.data?.map((entry) => entry.name)).toEqual(['b.png']);
    const descending = await bucket(owner).list(`${owner.id}/list`, { sortBy: { column: 'name', order: 'desc' }, limit: 2 });
    expect(descending.data?.map((entry) => entry.name)).toEqual(['nested', 'b.png']);
  });

  it('removes files: returns the deleted rows, then the public URL is gone', async () => {
    const path = `${owner.id}/to-remove.png`;
    await bucket(owner).upload(path, png, { contentType: 'image/png' });
    const { data, error } = await bucket(owner).remove([path, `${owner.id}/never-existed.png`]);
    expect(error).toBeNull();
    expect(data?.map((row) => row.name)).toEqual([path]);
    const response = await fetch(bucket(owner).getPublicUrl(path).data.publicUrl);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ statusCode: '404', code: 'NoSuchKey' });
  });

  it('does not let a user remove another owner’s file', async () => {
    const path = `${owner.id}/keep.png`;
    await bucket(owner).upload(path, png, { contentType: 'image/png' });
    const { data } = await bucket(other).remove([path]);
    expect(data).toEqual([]);
    expect((await fetch(bucket(owner).getPublicUrl(path).data.publicUrl)).status).toBe(200);
  });

  it('refuses an upload into another user’s folder: statusCode 403 in the body', async () => {
    const { error } = await bucket(other).upload(`${owner.id}/intruder.png`, png, { contentType: 'image/png' });
    expect(storageError(error)).toEqual({ status: 400, statusCode: '403', code: 'AccessDenied' });
  });

  it('refuses a file over 5 MiB: statusCode 413 in the body', async () => {
    const big = Buffer.alloc(5 * 1024 * 1024 + 1);
    png.copy(big);
    const { error } = await bucket(owner).upload(`${owner.id}/big.png`, big, { contentType: 'image/png' });
    expect(storageError(error)).toEqual({ status: 400, statusCode: '413', code: 'EntityTooLarge' });
  });

  it('refuses a non-image: statusCode 415 in the body', async () => {
    const { error } = await bucket(owner).upload(`${owner.id}/notes.txt`, 'plain text');
    expect(storageError(error)).toEqual({ status: 400, statusCode: '415', code: 'InvalidMimeType' });
  });

  it('signs URLs for what the caller may read; the link works without a key until it is tampered with', async () => {
    const path = `${owner.id}/signed photo.png`;
    await bucket(owner).upload(path, png, { contentType: 'image/png' });
    const { data, error } = await bucket(owner).createSignedUrl(path, 60);
    expect(error).toBeNull();
    const response = await fetch(data!.signedUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await response.arrayBuffer()).equals(png)).toBe(true);

    // The token is bound to its path: reusing it for another object is refused.
    const tampered = data!.signedUrl.replace(encodeURI(path), encodeURI(`${owner.id}/raw.webp`));
    const refused = await fetch(tampered);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ statusCode: '400', code: 'InvalidSignature' });

    const notVisible = await bucket(other).createSignedUrl(path, 60);
    expect(storageError(notVisible.error)).toEqual({ status: 400, statusCode: '404', code: 'NoSuchKey' });

    const many = await bucket(owner).createSignedUrls([path, `${owner.id}/missing.png`], 60);
    expect(many.data?.map((entry) => [entry.path, entry.error === null, entry.signedUrl !== null])).toEqual([
      [path, true, true],
      [`${owner.id}/missing.png`, false, false],
    ]);
  });

  it('moves and copies within the owner’s folder, and refuses moving into another user’s folder', async () => {
    const source = `${owner.id}/move-me.png`;
    await bucket(owner).upload(source, png, { contentType: 'image/png' });

    const copied = await bucket(owner).copy(source, `${owner.id}/copy.png`);
    expect(copied.error).toBeNull();
    expect(copied.data?.path).toBe(`qr_images/${owner.id}/copy.png`);
    expect((await fetch(bucket(owner).getPublicUrl(`${owner.id}/copy.png`).data.publicUrl)).status).toBe(200);

    const moved = await bucket(owner).move(source, `${owner.id}/moved/here.png`);
    expect(moved.error).toBeNull();
    expect(moved.data).toEqual({ message: 'Successfully moved' });
    expect((await fetch(bucket(owner).getPublicUrl(source).data.publicUrl)).status).toBe(400);
    const atNewPlace = await fetch(bucket(owner).getPublicUrl(`${owner.id}/moved/here.png`).data.publicUrl);
    expect(Buffer.from(await atNewPlace.arrayBuffer()).equals(png)).toBe(true);

    const intoOther = await bucket(owner).move(`${owner.id}/moved/here.png`, `${other.id}/stolen.png`);
    expect(storageError(intoOther.error)).toEqual({ status: 400, statusCode: '403', code: 'AccessDenied' });
    const missing = await bucket(owner).move(`${owner.id}/nothing.png`, `${owner.id}/still-nothing.png`);
    expect(storageError(missing.error)).toEqual({ status: 400, statusCode: '404', code: 'NoSuchKey' });
  });

  it('answers an unknown bucket with NoSuchBucket', async () => {
    const { error } = await owner.client.storage.from('no-such-bucket').upload(`${owner.id}/x.png`, png, { contentType: 'image/png' });
    expect(storageError(error)).toEqual({ status: 400, statusCode: '404', code: 'NoSuchBucket' });
  });

  it('reports info and existence', async () => {
    const path = `${owner.id}/info.png`;
    await bucket(owner).upload(path, png, { contentType: 'image/png' });
    const info = await bucket(owner).info(path);
    expect(info.error).toBeNull();
    expect(info.data).toMatchObject({ name: path, bucketId: 'qr_images', size: png.length, contentType: 'image/png' });
    expect((await bucket(owner).exists(path)).data).toBe(true);
    // The public info route needs neither a key nor a policy, like the public object route.
    const publicInfo = await fetch(`${apiUrl()}/storage/v1/object/info/public/qr_images/${path}`);
    expect(publicInfo.status).toBe(200);
    expect(await publicInfo.json()).toMatchObject({ name: path, size: png.length, content_type: 'image/png' });
    expect((await bucket(owner).exists(`${owner.id}/missing.png`)).data).toBe(false);
  });
});
