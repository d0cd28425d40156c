/**
 * Guest requests and notices (migration guest_requests): guests create requests only through their RPC, for an
 * existing room whose property has requests on, and read back only their own device's requests of that room; the
 * limits; staff of the property (every role) read and answer them, others see nothing; the notices' window in the
 * guide; the per-day figures for analytics; and the migration on rows made the old way.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareDatabase } from '../../local-stack/db/index.ts';
import {
  anon,
  as,
  createProperty,
  createRoom,
  createUser,
  databaseBefore,
  failure,
  insertOldHost,
  insertOldProperty,
  insertOldRooms,
  queryAs,
  scratchDatabases,
  scratchPool,
  serviceRole,
  superuserPool,
  user,
  type Caller,
} from './support.ts';

const pool = superuserPool(6);
const scratchDatabase = scratchDatabases(pool);

type Member = 'owner' | 'admin' | 'editor' | 'frontDesk' | 'otherFrontDesk' | 'outsider';
const ids = {} as Record<Member, string> & { team: string; property: string; otherProperty: string; room: string; otherRoom: string; offRoom: string };

interface GuestRequest {
  id: string;
  type: string;
  note: string | null;
  preferred_time: string | null;
  status: string;
  reply: string | null;
}

interface Guest {
  device: string;
  address: string;
}

const newGuest = (address = `198.51.100.${Math.floor(Math.random() * 250) + 1}`): Guest => ({ device: randomUUID(), address });

/** As PostgREST calls an RPC for `caller`, with the gateway's X-Forwarded-For. */
async function callAs<T>(caller: Caller, address: string, sql: string, params: unknown[]): Promise<T> {
  return as(pool, caller, async (client) => {
    await client.query(`select set_config('request.headers', $1, true)`, [JSON.stringify({ 'x-forwarded-for': address })]);
    const { rows } = await client.query<{ result: T }>(sql, params);
    return rows[0].result;
  });
}

function submit(guest: Guest, room: string, fields: { id?: string; type?: string; note?: string | null; time?: string | null; language?: string } = {}) {
  return callAs<GuestRequest>(anon, guest.address, 'select public.submit_guest_request($1, $2, $3, $4, $5, $6, $7) as result', [
    fields.id ?? randomUUID(),
    room,
    guest.device,
    fields.type ?? 'towels',
    fields.note ?? null,
    fields.time ?? null,
    fields.language ?? 'es',
  ]);
}

function requestsOf(guest: Guest, room: string) {
  return callAs<GuestRequest[]>(anon, guest.address, 'select public.guest_requests_of($1, $2) as result', [room, guest.device]);
}

beforeAll(async () => {
  for (const member of ['owner', 'admin', 'editor', 'frontDesk', 'otherFrontDesk', 'outsider'] as const)
    ids[member] = await createUser(pool, { roomLimit: 10 });
  ids.team = (await pool.query<{ id: string }>('select id from public.teams where account_user_id = $1', [ids.owner])).rows[0].id;
  ids.property = await createProperty(pool, ids.owner, 'Harbour');
  ids.otherProperty = await createProperty(pool, ids.owner, 'Hill');
  ids.room = await createRoom(pool, ids.owner, ids.property, '101');
  ids.otherRoom = await createRoom(pool, ids.owner, ids.property, '102');
  ids.offRoom = await createRoom(pool, ids.owner, ids.otherProperty, '201');
  await pool.query(
    `insert into public.team_members (team_id, user_id, role, property_ids)
     values ($1, $2, 'admin', null), ($1, $3, 'editor', null), ($1, $4, 'front_desk', array[$5::uuid]), ($1, $6, 'front_desk', array[$7::uuid])`,
    [ids.team, ids.admin, ids.editor, ids.frontDesk, ids.property, ids.otherFrontDesk, ids.otherProperty],
  );
  await pool.query('update public.properties set requests_enabled = true where id = $1', [ids.property]);
});

describe('a guest’s request', () => {
  it('is made through submit_guest_request only, and shows as the guest sees it', async () => {
    const guest = newGuest();
    const made = await submit(guest, ids.room, { type: 'late_checkout', note: '  Until 14:00, please  ', time: '9:30' });
    expect(made).toMatchObject({ type: 'late_checkout', note: 'Until 14:00, please', preferred_time: '09:30', status: 'received', reply: null });
    expect(made).not.toHaveProperty('internal_note');
    const stored = await pool.query('select property_id, qr_code_id, language from public.guest_requests where id = $1', [made.id]);
    expect(stored.rows[0]).toEqual({ property_id: ids.property, qr_code_id: ids.room, language: 'es' });

    for (const caller of [anon, user(ids.owner)]) {
      const refused = await failure(
        queryAs(pool, caller, `insert into public.guest_requests (id, property_id, qr_code_id, type) values ($1, $2, $3, 'towels')`, [
          randomUUID(),
          ids.property,
          ids.room,
        ]),
      );
      expect(refused.code).toBe('42501');
    }
    expect((await failure(queryAs(pool, anon, 'select id from public.guest_requests'))).code).toBe('42501');
    expect((await failure(queryAs(pool, anon, 'select * from private.guest_request_sources'))).code).toBe('42501');
  });

  it('is refused for an unknown room, a property with requests off, and bad input, each naming the field', async () => {
    const guest = newGuest();
    expect(await failure(submit(guest, randomUUID()))).toMatchObject({ code: 'PT404', detail: 'qr_id' });
    expect(await failure(submit(guest, ids.offRoom))).toMatchObject({ code: 'PT403', detail: 'requests_enabled' });
    expect(await failure(submit(guest, ids.room, { type: 'spa' }))).toMatchObject({ code: '22023', detail: 'type' });
    expect(await failure(submit(guest, ids.room, { type: 'other', note: '   ' }))).toMatchObject({ code: '22023', detail: 'note' });
    expect(await failure(submit(guest, ids.room, { note: 'x'.repeat(501) }))).toMatchObject({ code: '22023', detail: 'note' });
    expect(await failure(submit(guest, ids.room, { time: '25:00' }))).toMatchObject({ code: '22023', detail: 'preferred_time' });
    expect(await requestsOf(guest, ids.room)).toEqual([]);
  });

  it('is refused when the property no longer offers its type', async () => {
    await pool.query(`update public.properties set request_types = '{towels,other}' where id = $1`, [ids.property]);
    try {
      expect(await failure(submit(newGuest(), ids.room, { type: 'maintenance' }))).toMatchObject({ code: '22023', detail: 'type' });
    } finally {
      await pool.query('update public.properties set request_types = default where id = $1', [ids.property]);
    }
  });

  it('sent twice with the same id (an offline retry) is one request; another device cannot claim that id', async () => {
    const guest = newGuest();
    const id = randomUUID();
    const first = await submit(guest, ids.room, { id, type: 'housekeeping' });
    const again = await submit(guest, ids.room, { id, type: 'housekeeping' });
    expect(again).toEqual(first);
    expect((await pool.query('select count(*)::int as n from public.guest_requests where id = $1', [id])).rows[0].n).toBe(1);
    expect(await failure(submit(newGuest(guest.address), ids.room, { id }))).toMatchObject({ code: 'PT404', detail: 'request_id' });
  });

  it('is read back only by its own device, for its own room', async () => {
    const guest = newGuest();
    const made = await submit(guest, ids.room, { type: 'maintenance', note: 'The shower drips' });
    expect((await requestsOf(guest, ids.room)).map((request) => request.id)).toEqual([made.id]);
    expect(await requestsOf(newGuest(guest.address), ids.room)).toEqual([]);
    expect(await requestsOf(guest, ids.otherRoom)).toEqual([]);
  });
});

describe('the limits', () => {
  it('allow 5 open requests per room and device; a done one frees a place', async () => {
    const guest = newGuest('203.0.113.10');
    const made: GuestRequest[] = [];
    for (let n = 0; n < 5; n += 1) made.push(await submit(guest, ids.room));
    expect(await failure(submit(guest, ids.room))).toMatchObject({ code: 'PT429', detail: 'device' });
    // The same device in another room is another guest's count.
    await submit(guest, ids.otherRoom);
    await queryAs(pool, user(ids.frontDesk), `update public.guest_requests set status = 'done' where id = $1`, [made[0].id]);
    await submit(guest, ids.room);
  });

  it('allow 20 requests a day per address, whatever the device tokens', async () => {
    const address = '203.0.113.20';
    for (let n = 0; n < 20; n += 1) await submit(newGuest(address), ids.room);
    expect(await failure(submit(newGuest(address), ids.room))).toMatchObject({ code: 'PT429', detail: 'address' });
    await submit(newGuest('203.0.113.21'), ids.room);
  });
});

describe('the staff', () => {
  let request: string;
  beforeAll(async () => {
    request = (await submit(newGuest(), ids.room, { type: 'towels' })).id;
  });

  const outcome = async (member: Member, sql: string, params: unknown[]) => {
    try {
      const result = await queryAs(pool, user(ids[member]), sql, params, { rollback: true });
      return result.rowCount === 1 ? 'one-row' : 'no-rows';
    } catch (error) {
      if ((error as { code?: string }).code === '42501') return 'denied';
      throw error;
    }
  };

  it('of the property (every role) read its requests and change status and reply; others see nothing', async () => {
    const expected: Record<Member, string> = {
      owner: 'one-row',
      admin: 'one-row',
      editor: 'one-row',
      frontDesk: 'one-row',
      otherFrontDesk: 'no-rows',
      outsider: 'no-rows',
    };
    for (const [member, result] of Object.entries(expected) as [Member, string][]) {
      expect(await outcome(member, 'select id from public.guest_requests where id = $1', [request]), member).toBe(result);
      expect(await outcome(member, `update public.guest_requests set status = 'in_progress', reply = 'On their way' where id = $1`, [request]), member).toBe(
        result,
      );
    }
  });

  it('change nothing else, and delete nothing', async () => {
    expect(await outcome('owner', `update public.guest_requests set type = 'maintenance' where id = $1`, [request])).toBe('denied');
    expect(await outcome('owner', `update public.guest_requests set note = 'changed' where id = $1`, [request])).toBe('denied');
    expect(await outcome('owner', 'delete from public.guest_requests where id = $1', [request])).toBe('denied');
  });

  it('see the times follow the status and the reply, and assign only a member who reaches the property', async () => {
    await queryAs(pool, user(ids.frontDesk), `update public.guest_requests set status = 'in_progress', assignee_id = $2 where id = $1`, [
      request,
      ids.frontDesk,
    ]);
    await queryAs(pool, user(ids.frontDesk), `update public.guest_requests set status = 'done', reply = 'Left at your door' where id = $1`, [request]);
    const { rows } = await pool.query('select status, started_at, done_at, replied_at, assignee_id from public.guest_requests where id = $1', [request]);
    expect(rows[0]).toMatchObject({ status: 'done', assignee_id: ids.frontDesk });
    expect(rows[0].started_at).toBeInstanceOf(Date);
    expect(rows[0].done_at.getTime()).toBeGreaterThanOrEqual(rows[0].started_at.getTime());
    expect(rows[0].replied_at).toBeInstanceOf(Date);

    for (const assignee of [ids.outsider, ids.otherFrontDesk]) {
      const refused = await failure(queryAs(pool, user(ids.owner), 'update public.guest_requests set assignee_id = $2 where id = $1', [request, assignee]));
      expect(refused).toMatchObject({ code: '23514', detail: 'assignee_id' });
    }
    await queryAs(pool, user(ids.owner), `update public.guest_requests set status = 'received' where id = $1`, [request]);
    const reopened = await pool.query('select started_at, done_at from public.guest_requests where id = $1', [request]);
    expect(reopened.rows[0]).toEqual({ started_at: null, done_at: null });
  });

  it('answer what the guest then reads, without the internal note or the assignee', async () => {
    const guest = newGuest();
    const made = await submit(guest, ids.room, { type: 'other', note: 'An iron, please' });
    await queryAs(
      pool,
      user(ids.frontDesk),
      `update public.guest_requests set status = 'done', reply = 'On its way', internal_note = 'Floor 1 cupboard' where id = $1`,
      [made.id],
    );
    const [seen] = await requestsOf(guest, ids.room);
    expect(seen).toMatchObject({ id: made.id, status: 'done', reply: 'On its way' });
    expect(JSON.stringify(seen)).not.toContain('Floor 1 cupboard');
  });

  it('count requests per type and day, with the median time to done', async () => {
    const day = '2026-03-04';
    const property = await createProperty(pool, ids.owner, 'Figures');
    const rows: [string, string, string | null][] = [
      ['towels', `${day} 10:00Z`, `${day} 10:10Z`],
      ['towels', `${day} 11:00Z`, `${day} 11:30Z`],
      ['towels', `${day} 12:00Z`, `${day} 13:00Z`],
      ['maintenance', `${day} 12:00Z`, null],
    ];
    for (const [type, created, done] of rows) {
      await pool.query(`insert into public.guest_requests (id, property_id, type, created_at, done_at, status) values ($1, $2, $3, $4, $5, $6)`, [
        randomUUID(),
        property,
        type,
        created,
        done,
        done ? 'done' : 'received',
      ]);
    }
    const figures = await queryAs(
      pool,
      user(ids.admin),
      'select day, type, requests, done, median_seconds_to_done from public.guest_request_days($1, $1, null, $2)',
      [day, property],
    );
    const total = (type: string, requests: number, done: number, median: number | null) => ({ type, requests, done, median_seconds_to_done: median });
    // The range's totals per type (day null) first, then each day's.
    expect(figures.rows).toEqual([
      { day: null, ...total('maintenance', 1, 0, null) },
      { day: null, ...total('towels', 3, 3, 1800) },
      { day: new Date(`${day}T00:00:00`), ...total('maintenance', 1, 0, null) },
      { day: new Date(`${day}T00:00:00`), ...total('towels', 3, 3, 1800) },
    ]);
    const team = await queryAs(pool, user(ids.owner), 'select sum(requests)::int as n from public.guest_request_days($1, $1, $2) where day is null', [
      day,
      ids.team,
    ]);
    expect(team.rows[0].n).toBeGreaterThanOrEqual(4);
    const outsiders = await queryAs(pool, user(ids.outsider), 'select * from public.guest_request_days($1, $1, null, $2)', [day, property]);
    expect(outsiders.rowCount).toBe(0);
    expect((await failure(queryAs(pool, anon, 'select * from public.guest_request_days($1, $1)', [day]))).code).toBe('42501');
  });
});

describe('notices to guests', () => {
  const notices = async (room: string, lang: string | null = null) =>
    (
      await queryAs<{ guide: { notices: { text: string; starts_at: string }[] } }>(pool, anon, 'select public.get_guide($1, $2) as guide', [room, lang])
    ).rows[0].guide.notices.map((notice) => notice.text);

  it('show in the guide from before their start until their end: the device shows each inside its window', async () => {
    const property = await createProperty(pool, ids.owner, 'Window');
    const room = await createRoom(pool, ids.owner, property, '1');
    const insert = (text: string, starts: string, ends: string) =>
      queryAs(
        pool,
        user(ids.owner),
        `insert into public.guest_notices (property_id, text, starts_at, ends_at) values ($1, $2, now() + $3::interval, now() + $4::interval)`,
        [property, text, starts, ends],
      );
    await insert('Ended', '-2 days', '-1 hour');
    await insert('Now', '-1 hour', '1 hour');
    await insert('Tomorrow', '1 day', '2 days');
    await insert('In a month', '30 days', '31 days');
    expect(await notices(room)).toEqual(['Now', 'Tomorrow']);
    const [tomorrow] = (
      await queryAs<{ guide: { notices: { text: string; starts_at: string }[] } }>(pool, anon, 'select public.get_guide($1) as guide', [room])
    ).rows[0].guide.notices.filter((notice) => notice.text === 'Tomorrow');
    expect(new Date(tomorrow.starts_at).getTime()).toBeGreaterThan(Date.now());
  });

  it('show in the chosen rooms only, translated where the host translated them', async () => {
    await queryAs(
      pool,
      user(ids.frontDesk),
      `insert into public.guest_notices (property_id, room_ids, text, translations, starts_at, ends_at) values ($1, array[$2::uuid], 'The pool is closed today', '{"es": "La piscina está cerrada hoy"}', now() - interval '1 hour', now() + interval '1 hour')`,
      [ids.property, ids.room],
    );
    expect(await notices(ids.room)).toContain('The pool is closed today');
    expect(await notices(ids.otherRoom)).not.toContain('The pool is closed today');
    expect(await notices(ids.room, 'es')).toContain('La piscina está cerrada hoy');
    expect(await notices(ids.room, 'de')).toContain('The pool is closed today');
  });

  it('are written by the property’s team only, for its own rooms, with a window that ends after it starts', async () => {
    const insert = (member: Member, rooms: string[] | null, starts = '-1 hour') =>
      queryAs(
        pool,
        user(ids[member]),
        `insert into public.guest_notices (property_id, room_ids, text, starts_at, ends_at) values ($1, $2, 'Lift out of order', now() + $3::interval, now() + interval '1 hour')`,
        [ids.property, rooms, starts],
        { rollback: true },
      );
    await insert('frontDesk', null);
    expect((await failure(insert('otherFrontDesk', null))).code).toBe('42501');
    expect((await failure(insert('outsider', null))).code).toBe('42501');
    expect(await failure(insert('owner', [ids.offRoom]))).toMatchObject({ code: '23514', detail: 'room_ids' });
    expect((await failure(insert('owner', null, '2 hours'))).code).toBe('23514');
    expect((await failure(queryAs(pool, anon, 'select id from public.guest_notices'))).code).toBe('42501');
  });
});

describe('the guide', () => {
  it('tells the guest whether requests are on and which types they may choose', async () => {
    const guide = (await queryAs<{ guide: { requests: unknown } }>(pool, anon, 'select public.get_guide($1) as guide', [ids.room])).rows[0].guide;
    expect(guide.requests).toEqual({ enabled: true, types: ['towels', 'housekeeping', 'maintenance', 'late_checkout', 'other'] });
    const off = (await queryAs<{ guide: { requests: unknown } }>(pool, serviceRole, 'select public.get_guide($1, $2) as guide', [ids.offRoom, 'fr'])).rows[0]
      .guide;
    expect(off.requests).toMatchObject({ enabled: false });
  });

  it('refuses request settings that are not valid', async () => {
    const update = (sql: string) => failure(queryAs(pool, user(ids.owner), sql, [ids.property], { rollback: true }));
    expect((await update(`update public.properties set request_types = '{spa}' where id = $1`)).constraint).toBe('properties_request_types_check');
    expect((await update(`update public.properties set request_types = '{}' where id = $1`)).constraint).toBe('properties_request_types_check');
    expect((await update(`update public.properties set request_emails = '{not-an-address}' where id = $1`)).constraint).toBe('properties_request_emails_check');
    // Settings are the editors' (front desk reads them).
    const frontDesk = await queryAs(pool, user(ids.frontDesk), 'update public.properties set requests_enabled = false where id = $1', [ids.property], {
      rollback: true,
    });
    expect(frontDesk.rowCount).toBe(0);
  });
});

describe('the guest_requests migration on rows made the old way', () => {
  let db: pg.Pool;
  const host = { id: randomUUID(), property: randomUUID(), rooms: [randomUUID()] };

  beforeAll(async () => {
    db = scratchPool(await databaseBefore(scratchDatabase, '20261127120120'), 2);
    await insertOldHost(db, host.id, 1);
    await insertOldProperty(db, { id: host.property, user_id: host.id, name: 'Old Hotel' });
    await insertOldRooms(db, host.rooms, { user_id: host.id, property_id: host.property });
    const applied = await prepareDatabase(db.options.connectionString!, { seed: false });
    expect(applied.appliedMigrations[0]).toBe('20261127120120');
  });

  afterAll(() => db?.end());

  it('turns requests off with every default type, and the old guide reads as before plus requests and notices', async () => {
    const property = await db.query('select requests_enabled, request_types, request_emails from public.properties where id = $1', [host.property]);
    expect(property.rows[0]).toEqual({
      requests_enabled: false,
      request_types: ['towels', 'housekeeping', 'maintenance', 'late_checkout', 'other'],
      request_emails: [],
    });
    const guide = (await db.query('select public.get_guide($1) as guide', [host.rooms[0]])).rows[0].guide;
    expect(guide).toMatchObject({ id: host.rooms[0], name: 'Room 101', property_name: 'Old Hotel', requests: { enabled: false }, notices: [] });
  });
});
