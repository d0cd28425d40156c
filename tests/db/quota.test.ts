/**
 * The QR code quota is enforced by the database, atomically: concurrent inserts never exceed the limit, every
 * refused insert says why (SQLSTATE QUOTA, 'You have reached your QR code limit.'), and deleting a code —
 * directly or through its property — frees its slot.
 */
import { describe, expect, it } from 'vitest';
import { as, createProperty, createRoom, createUser, failure, race, superuserPool, usage, user } from './support.ts';

const pool = superuserPool();

const insertCode = (propertyId: string, room: string): [string, unknown[]] => [
  `insert into public.qr_codes (property_id, name, room_number) values ($1, $2, $3)`,
  [propertyId, `Room ${room}`, room],
];

/** Re-sends room 1 as PostgREST's ignore-duplicates upsert does; answers how many rows it inserted. */
async function resendRoom(owner: string, propertyId: string, roomId: string): Promise<number | null> {
  const resent = await as(pool, user(owner), (client) =>
    client.query(`insert into public.qr_codes (id, property_id, name, room_number) values ($1, $2, 'Room 1', '1') on conflict (id) do nothing`, [
      roomId,
      propertyId,
    ]),
  );
  return resent.rowCount;
}

describe('quota', () => {
  it('lets 30 concurrent inserts on 30 connections create exactly 10 codes against a limit of 10', async () => {
    const owner = await createUser(pool, { roomLimit: 10 });
    const propertyId = await createProperty(pool, owner);
    const results = await race(
      user(owner),
      Array.from({ length: 30 }, (_, index) => insertCode(propertyId, String(100 + index))),
    );
    const refused = results.filter((result): result is PromiseRejectedResult => result.status === 'rejected');
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(10);
    expect(refused).toHaveLength(20);
    for (const { reason } of refused) {
      expect(reason).toMatchObject({ code: 'QUOTA', message: 'You have reached your QR code limit.' });
    }
    const { rows } = await pool.query<{ count: string }>('select count(*) from public.qr_codes where user_id = $1', [owner]);
    expect(Number(rows[0].count)).toBe(10);
    expect(await usage(pool, owner)).toEqual({ created: 10, limit: 10 });
  });

  it('refuses a multi-row insert that would go over the limit as a whole', async () => {
    const owner = await createUser(pool, { roomLimit: 2 });
    const propertyId = await createProperty(pool, owner);
    const error = await failure(
      as(pool, user(owner), (client) =>
        client.query(
          `insert into public.qr_codes (property_id, name, room_number)
           values ($1, 'A', '1'), ($1, 'B', '2'), ($1, 'C', '3')`,
          [propertyId],
        ),
      ),
    );
    expect(error.code).toBe('QUOTA');
    expect(await usage(pool, owner)).toEqual({ created: 0, limit: 2 });
  });

  it('refuses every insert for a user without a subscription (limit 0)', async () => {
    const owner = await createUser(pool);
    const propertyId = await createProperty(pool, owner);
    const error = await failure(as(pool, user(owner), (client) => client.query(...insertCode(propertyId, '1'))));
    expect(error).toMatchObject({ code: 'QUOTA', message: 'You have reached your QR code limit.', detail: '0 of 0 QR codes used.' });
  });

  it('frees a slot when a code is deleted', async () => {
    const owner = await createUser(pool, { roomLimit: 2 });
    const propertyId = await createProperty(pool, owner);
    const first = await createRoom(pool, owner, propertyId, '1');
    await createRoom(pool, owner, propertyId, '2');
    expect((await failure(as(pool, user(owner), (client) => client.query(...insertCode(propertyId, '3'))))).code).toBe('QUOTA');

    const deleted = await as(pool, user(owner), (client) => client.query('delete from public.qr_codes where id = $1', [first]));
    expect(deleted.rowCount).toBe(1);
    expect(await usage(pool, owner)).toEqual({ created: 1, limit: 2 });

    await as(pool, user(owner), (client) => client.query(...insertCode(propertyId, '3')));
    expect(await usage(pool, owner)).toEqual({ created: 2, limit: 2 });
  });

  it('frees every slot of a property when the property is deleted (its codes go with it)', async () => {
    const owner = await createUser(pool, { roomLimit: 5 });
    const kept = await createProperty(pool, owner, 'Kept');
    const removed = await createProperty(pool, owner, 'Removed');
    await createRoom(pool, owner, kept, '1');
    await createRoom(pool, owner, removed, '2');
    await createRoom(pool, owner, removed, '3');
    expect(await usage(pool, owner)).toEqual({ created: 3, limit: 5 });

    await as(pool, user(owner), (client) => client.query('delete from public.properties where id = $1', [removed]));
    const { rows } = await pool.query<{ count: string }>('select count(*) from public.qr_codes where property_id = $1', [removed]);
    expect(Number(rows[0].count)).toBe(0);
    expect(await usage(pool, owner)).toEqual({ created: 1, limit: 5 });
  });

  it('keeps existing codes when the limit drops below the count, and blocks new ones', async () => {
    const owner = await createUser(pool, { roomLimit: 2 });
    const propertyId = await createProperty(pool, owner);
    await createRoom(pool, owner, propertyId, '1');
    await createRoom(pool, owner, propertyId, '2');
    await pool.query('update public.users set qr_code_limit = 0 where id = $1', [owner]);
    expect(await usage(pool, owner)).toEqual({ created: 2, limit: 0 });
    expect((await failure(as(pool, user(owner), (client) => client.query(...insertCode(propertyId, '3'))))).code).toBe('QUOTA');
  });

  it('counts rooms that exist: a room re-sent with on conflict do nothing (ignore-duplicates) is not counted again', async () => {
    const owner = await createUser(pool, { roomLimit: 2 });
    const propertyId = await createProperty(pool, owner);
    const roomId = await createRoom(pool, owner, propertyId, '1');
    for (let attempt = 0; attempt < 3; attempt++) expect(await resendRoom(owner, propertyId, roomId)).toBe(0);
    expect(await usage(pool, owner)).toEqual({ created: 1, limit: 2 });
    // The slot the re-sends did not take is still free, and the limit still holds after it.
    await as(pool, user(owner), (client) => client.query(...insertCode(propertyId, '2')));
    expect(await usage(pool, owner)).toEqual({ created: 2, limit: 2 });
    expect((await failure(as(pool, user(owner), (client) => client.query(...insertCode(propertyId, '3'))))).code).toBe('QUOTA');
  });

  it('answers a room re-sent at a full plan as its conflict clause says, not with QUOTA', async () => {
    const owner = await createUser(pool, { roomLimit: 1 });
    const propertyId = await createProperty(pool, owner);
    const roomId = await createRoom(pool, owner, propertyId, '1');
    expect(await resendRoom(owner, propertyId, roomId)).toBe(0);
    expect(await usage(pool, owner)).toEqual({ created: 1, limit: 1 });
  });

  it('removes everything of a user whose account is deleted', async () => {
    const owner = await createUser(pool, { roomLimit: 3 });
    const propertyId = await createProperty(pool, owner);
    await createRoom(pool, owner, propertyId, '1');
    await pool.query('delete from auth.users where id = $1', [owner]);
    const { rows } = await pool.query<{ users: string; properties: string; codes: string }>(
      `select (select count(*) from public.users where id = $1) as users,
              (select count(*) from public.properties where user_id = $1) as properties,
              (select count(*) from public.qr_codes where user_id = $1) as codes`,
      [owner],
    );
    expect(rows[0]).toEqual({ users: '0', properties: '0', codes: '0' });
  });
});
