/**
 * The qr_images bucket and its storage.objects policies. The local Storage stand-in (like Supabase Storage)
 * inserts the object row as the caller's role before it stores a file, so these policies decide who may
 * upload where. Size and type limits are enforced by the Storage service from the bucket row checked here.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { anon, as, createUser, failure, queryAs, superuserPool, user, type Caller } from './support.ts';

const pool = superuserPool();
let owner: string;
let other: string;

const upload = (caller: Caller, name: string, bucket = 'qr_images', options: { rollback?: boolean } = {}) =>
  queryAs(
    pool,
    caller,
    `insert into storage.objects (bucket_id, name, owner, owner_id, metadata) values ($1, $2, $3::uuid, $4::text, '{"mimetype": "image/png", "size": 1024}')`,
    [bucket, name, caller.userId ?? null, caller.userId ?? null],
    options,
  );

beforeAll(async () => {
  owner = await createUser(pool);
  other = await createUser(pool);
  await pool.query(`insert into storage.buckets (id, name, public) values ('private_test', 'private_test', false) on conflict do nothing`);
  await upload(user(owner), `${owner}/room-101.png`);
});

describe('qr_images bucket', () => {
  it('is public, 5 MiB at most, JPEG/PNG/WebP only', async () => {
    const { rows } = await pool.query(`select public, file_size_limit, allowed_mime_types from storage.buckets where id = 'qr_images'`);
    expect(rows).toEqual([{ public: true, file_size_limit: '5242880', allowed_mime_types: ['image/jpeg', 'image/png', 'image/webp'] }]);
  });
});

describe('uploads (insert into storage.objects)', () => {
  it('allows a signed-in user to upload into their own folder', async () => {
    expect((await upload(user(owner), `${owner}/photo.webp`, 'qr_images', { rollback: true })).rowCount).toBe(1);
    expect((await upload(user(owner), `${owner}/gallery/photo.jpg`, 'qr_images', { rollback: true })).rowCount).toBe(1);
  });

  it("refuses an upload into another user's folder", async () => {
    const error = await failure(upload(user(other), `${owner}/not-yours.png`));
    expect(error.code).toBe('42501');
    expect(error.message).toContain('row-level security');
  });

  it('refuses an upload outside any folder', async () => {
    expect((await failure(upload(user(owner), 'loose.png'))).code).toBe('42501');
  });

  it('refuses an upload into a folder whose name only starts with the user id', async () => {
    expect((await failure(upload(user(owner), `${owner}x/photo.png`))).code).toBe('42501');
  });

  it('refuses anonymous uploads', async () => {
    expect((await failure(upload(anon, 'anyone/photo.png'))).code).toBe('42501');
  });

  it('refuses uploads into other buckets', async () => {
    expect((await failure(upload(user(owner), `${owner}/photo.png`, 'private_test'))).code).toBe('42501');
  });
});

describe('reading, moving and removing objects', () => {
  it('lets the owner list their folder and nobody else see it through the API', async () => {
    const select = (caller: Caller) => queryAs(pool, caller, `select name from storage.objects where bucket_id = 'qr_images' and name like $1`, [`${owner}/%`]);
    expect((await select(user(owner))).rowCount).toBe(1);
    expect((await select(user(other))).rowCount).toBe(0);
    expect((await select(anon)).rowCount).toBe(0);
  });

  it("refuses moving one's file into another user's folder", async () => {
    const error = await failure(
      queryAs(pool, user(owner), `update storage.objects set name = $2 where bucket_id = 'qr_images' and name = $1`, [
        `${owner}/room-101.png`,
        `${other}/room-101.png`,
      ]),
    );
    expect(error.code).toBe('42501');
  });

  // Storage sets storage.allow_delete_query before deleting rows; direct SQL deletes are refused otherwise.
  const remove = (caller: Caller, name: string) =>
    as(
      pool,
      caller,
      async (client) => {
        await client.query(`select set_config('storage.allow_delete_query', 'true', true)`);
        return client.query(`delete from storage.objects where bucket_id = 'qr_images' and name = $1`, [name]);
      },
      { rollback: true },
    );

  it("removes only one's own files", async () => {
    expect((await remove(user(other), `${owner}/room-101.png`)).rowCount).toBe(0);
    expect((await remove(user(owner), `${owner}/room-101.png`)).rowCount).toBe(1);
  });

  it('refuses direct SQL deletes that bypass the Storage API', async () => {
    const error = await failure(queryAs(pool, user(owner), `delete from storage.objects where name = $1`, [`${owner}/room-101.png`]));
    expect(error).toMatchObject({ code: '42501', message: 'Direct deletion from storage tables is not allowed. Use the Storage API instead.' });
  });
});

describe('storage path helpers', () => {
  it('split paths as Supabase Storage does', async () => {
    const { rows } = await pool.query(
      `select storage.foldername('a/b/c.png') as folders, storage.filename('a/b/c.png') as file, storage.extension('a/b/c.tar.gz') as ext`,
    );
    expect(rows[0]).toEqual({ folders: ['a', 'b'], file: 'c.png', ext: 'gz' });
  });

  it('fills path_tokens', async () => {
    const { rows } = await pool.query(`select path_tokens from storage.objects where name = $1`, [`${owner}/room-101.png`]);
    expect(rows[0].path_tokens).toEqual([owner, 'room-101.png']);
  });
});
