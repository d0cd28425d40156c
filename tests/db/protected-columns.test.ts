/**
 * What the API roles can never change, whatever they send: the quota (qr_code_limit, qr_codes_created), the
 * scan statistics, who owns a row, and the timestamps. PostgREST answers these with 401/403 (SQLSTATE 42501);
 * the scan statistics are computed fields of qr_codes (read from scan_days), so there is no column to write.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { anon, createProperty, createRoom, createUser, failure, queryAs, superuserPool, user, usage, type Caller } from './support.ts';

const pool = superuserPool();
let owner: string;
let other: string;
let propertyId: string;
let roomId: string;

beforeAll(async () => {
  owner = await createUser(pool, { roomLimit: 3 });
  other = await createUser(pool, { roomLimit: 3 });
  propertyId = await createProperty(pool, owner);
  roomId = await createRoom(pool, owner, propertyId);
});

const callers = (): [string, Caller][] => [
  ['anon', anon],
  ['the owner', user(owner)],
  ['another user', user(other)],
];

describe('users row', () => {
  for (const column of ['qr_code_limit', 'qr_codes_created']) {
    it(`nobody changes ${column} through the API`, async () => {
      for (const [, caller] of callers()) {
        const error = await failure(queryAs(pool, caller, `update public.users set ${column} = 1000 where id = $1`, [owner]));
        expect(error.code).toBe('42501');
      }
      expect(await usage(pool, owner)).toEqual({ created: 1, limit: 3 });
    });
  }

  it('nobody sets their own plan: it is computed from the subscription, which only the service role writes', async () => {
    const computed = await failure(queryAs(pool, user(owner), `update public.users set plan = 'annual' where id = $1`, [owner]));
    expect(computed.code).toBe('42703');
    const subscription = await failure(queryAs(pool, user(owner), `update public.subscriptions set plan_type = 'annual' where user_id = $1`, [owner]));
    expect(subscription.code).toBe('42501');
  });
});

describe('qr_codes', () => {
  it('nobody writes scan statistics through qr_codes: they are computed, not columns', async () => {
    for (const [column, value] of [
      ['scan_count', '1000000'],
      ['scan_history', `'{"2026-01-01": 99}'`],
      ['last_scanned_at', 'now()'],
    ] as const) {
      for (const [, caller] of callers()) {
        const error = await failure(queryAs(pool, caller, `update public.qr_codes set ${column} = ${value} where id = $1`, [roomId]));
        expect(error.code).toBe('42703');
      }
    }
    const { rows } = await pool.query<{ scan_count: number }>('select q.scan_count from public.qr_codes q where q.id = $1', [roomId]);
    expect(rows[0].scan_count).toBe(0);
  });

  for (const [column, value] of [
    ['user_id', '$2'],
    ['created_at', `'2000-01-01'`],
    ['updated_at', `'2000-01-01'`],
  ] as const) {
    it(`nobody updates ${column} through the API`, async () => {
      for (const [, caller] of callers()) {
        const params = column === 'user_id' ? [roomId, other] : [roomId];
        const error = await failure(queryAs(pool, caller, `update public.qr_codes set ${column} = ${value} where id = $1`, params));
        expect(error.code).toBe('42501');
      }
    });
  }

  it('nobody inserts a code with another owner or preset timestamps', async () => {
    const attempts = [
      [`insert into public.qr_codes (property_id, name, room_number, user_id) values ($1, 'X', '9', $2)`, [propertyId, owner]],
      [`insert into public.qr_codes (property_id, name, room_number, created_at) values ($1, 'X', '9', '2000-01-01')`, [propertyId]],
    ] as const;
    for (const [sql, params] of attempts) {
      const error = await failure(queryAs(pool, user(owner), sql, [...params]));
      expect(error.code).toBe('42501');
    }
  });

  it('the owner can still change the content columns', async () => {
    const { rowCount } = await queryAs(
      pool,
      user(owner),
      `update public.qr_codes set name = 'Renamed', template = 'cabin', style = '{"primaryColor": "#112233"}' where id = $1`,
      [roomId],
      { rollback: true },
    );
    expect(rowCount).toBe(1);
  });

  it('a code cannot move to another owner even for the service role', async () => {
    const error = await failure(queryAs(pool, { role: 'service_role' }, 'update public.qr_codes set user_id = $2 where id = $1', [roomId, other]));
    expect(error).toMatchObject({ code: '23514', message: 'A QR code cannot move to another owner.' });
  });

  it('updated_at follows content edits', async () => {
    const before = await pool.query<{ updated_at: Date }>('select updated_at from public.qr_codes where id = $1', [roomId]);
    await queryAs(pool, user(owner), `update public.qr_codes set room_number = '102' where id = $1`, [roomId]);
    const after = await pool.query<{ updated_at: Date }>('select updated_at from public.qr_codes where id = $1', [roomId]);
    expect(after.rows[0].updated_at.getTime()).toBeGreaterThan(before.rows[0].updated_at.getTime());
  });
});

describe('properties', () => {
  it('nobody changes the owner of a property or its timestamps', async () => {
    for (const [sql, params] of [
      ['update public.properties set user_id = $2 where id = $1', [propertyId, other]],
      [`update public.properties set created_at = '2000-01-01' where id = $1`, [propertyId]],
      [`insert into public.properties (name, user_id) values ('Mine now', $1)`, [other]],
    ] as const) {
      for (const [, caller] of callers()) {
        const error = await failure(queryAs(pool, caller, sql, [...params]));
        expect(error.code).toBe('42501');
      }
    }
  });

  it('the owner writes the property’s guide (hotel, area, look, WiFi); others change nothing', async () => {
    const guide = `hotel = '{"phone": "+34 1"}', area = '{"location": "Port"}', style = '{"primaryColor": "#112233"}',
                   content = '{"wifi": {"network": "N", "password": "P"}}', template = 'luxury'`;
    const own = await queryAs(pool, user(owner), `update public.properties set ${guide} where id = $1`, [propertyId], { rollback: true });
    expect(own.rowCount).toBe(1);
    const created = await queryAs(
      pool,
      user(owner),
      `insert into public.properties (name, hotel, template) values ('With guide', '{"name": "Inn"}', 'cabin') returning template`,
      [],
      { rollback: true },
    );
    expect(created.rows).toEqual([{ template: 'cabin' }]);
    const foreign = await queryAs(pool, user(other), `update public.properties set ${guide} where id = $1`, [propertyId]);
    expect(foreign.rowCount).toBe(0);
    expect((await failure(queryAs(pool, anon, `update public.properties set ${guide} where id = $1`, [propertyId]))).code).toBe('42501');
  });

  it('a new property belongs to its creator by default', async () => {
    const { rows } = await queryAs<{ user_id: string }>(pool, user(other), `insert into public.properties (name) values ('Own place') returning user_id`);
    expect(rows[0].user_id).toBe(other);
  });
});
