/** A QR code can only belong to a property of the same owner, however it is created or changed. */
import { beforeAll, describe, expect, it } from 'vitest';
import { createProperty, createRoom, createUser, failure, queryAs, serviceRole, superuserPool, user } from './support.ts';

const pool = superuserPool();
let owner: string;
let other: string;
let ownProperty: string;
let otherProperty: string;
let roomId: string;

beforeAll(async () => {
  owner = await createUser(pool, { roomLimit: 5 });
  other = await createUser(pool, { roomLimit: 5 });
  ownProperty = await createProperty(pool, owner, 'Own');
  otherProperty = await createProperty(pool, other, 'Foreign');
  roomId = await createRoom(pool, owner, ownProperty);
});

describe('property_id must be one of the owner’s properties', () => {
  it('refuses creating a code on another owner’s property', async () => {
    const error = await failure(
      queryAs(pool, user(owner), `insert into public.qr_codes (property_id, name, room_number) values ($1, 'Sneaky', '1')`, [otherProperty]),
    );
    expect(error.code).toBe('42501');
    expect(error.message).toContain('row-level security');
  });

  it('refuses moving a code to another owner’s property', async () => {
    const error = await failure(queryAs(pool, user(owner), 'update public.qr_codes set property_id = $2 where id = $1', [roomId, otherProperty]));
    expect(error.code).toBe('42501');
  });

  it('refuses an unknown property', async () => {
    const error = await failure(
      queryAs(pool, user(owner), `insert into public.qr_codes (property_id, name, room_number) values ($1, 'Lost', '1')`, [
        '00000000-0000-4000-8000-000000000000',
      ]),
    );
    expect(error.code).toBe('42501');
  });

  it('gives a room its property’s account whatever user_id the service role names (no mismatch can be stored)', async () => {
    const { rows } = await queryAs<{ user_id: string }>(
      pool,
      serviceRole,
      `insert into public.qr_codes (user_id, property_id, name, room_number) values ($1, $2, 'Mixed', '1') returning user_id`,
      [owner, otherProperty],
      { rollback: true },
    );
    expect(rows).toEqual([{ user_id: other }]);
  });

  it('refuses moving a room to another account’s property even from the service role (composite foreign key)', async () => {
    const error = await failure(queryAs(pool, serviceRole, 'update public.qr_codes set property_id = $2 where id = $1', [roomId, otherProperty]));
    expect(error.code).toBe('23503');
  });

  it('allows moving a code between the owner’s own properties', async () => {
    const second = await createProperty(pool, owner, 'Second');
    const { rowCount } = await queryAs(pool, user(owner), 'update public.qr_codes set property_id = $2 where id = $1', [roomId, second], {
      rollback: true,
    });
    expect(rowCount).toBe(1);
  });

  it('does not count a refused insert against the quota', async () => {
    const before = await pool.query<{ qr_codes_created: number }>('select qr_codes_created from public.users where id = $1', [owner]);
    await failure(queryAs(pool, user(owner), `insert into public.qr_codes (property_id, name, room_number) values ($1, 'X', '1')`, [otherProperty]));
    const after = await pool.query<{ qr_codes_created: number }>('select qr_codes_created from public.users where id = $1', [owner]);
    expect(after.rows[0].qr_codes_created).toBe(before.rows[0].qr_codes_created);
  });
});

describe('new users', () => {
  it('get a profile with no plan and a limit of 0 when they sign up', async () => {
    const id = await createUser(pool);
    const { rows } = await pool.query('select u.email, u.plan, u.qr_codes_created, u.qr_code_limit from public.users u where u.id = $1', [id]);
    expect(rows[0]).toEqual({ email: `user-${id}@example.test`, plan: null, qr_codes_created: 0, qr_code_limit: 0 });
  });

  it('get a profile also when GoTrue inserts as supabase_auth_admin', async () => {
    const id = '5a5a5a5a-0000-4000-8000-00000000000a';
    const client = await pool.connect();
    try {
      await client.query('begin');
      await client.query('set local role supabase_auth_admin');
      await client.query(
        `insert into auth.users (id, aud, role, email, created_at, updated_at) values ($1, 'authenticated', 'authenticated', 'gotrue@example.test', now(), now())`,
        [id],
      );
      await client.query('commit');
    } finally {
      client.release();
    }
    const { rows } = await pool.query('select email from public.users where id = $1', [id]);
    expect(rows).toEqual([{ email: 'gotrue@example.test' }]);
  });

  it('keep the profile email in step with an email change', async () => {
    const id = await createUser(pool);
    await pool.query(`update auth.users set email = 'changed@example.test' where id = $1`, [id]);
    const { rows } = await pool.query('select email from public.users where id = $1', [id]);
    expect(rows[0].email).toBe('changed@example.test');
  });
});
