/**
 * Rooms in bulk: create_rooms (all or nothing, under the quota, checked once for the list under the same lock as
 * single inserts), and room numbers that are unique per property (trimmed, case-insensitive) on single and bulk
 * create and on update. Changing and deleting in bulk: bulk-room-changes.test.ts.
 */
import pg from 'pg';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { createProperty, createUser, failure, impersonate, queryAs, race, usage, user } from './support.ts';
import { pool, numbered, range, createRooms, roomCount, fillRooms, guideOf } from './bulk-rooms-support.ts';

describe('create_rooms', () => {
  let owner: string;
  let propertyId: string;

  beforeAll(async () => {
    owner = await createUser(pool, { roomLimit: 300 });
    propertyId = await createProperty(pool, owner, 'Bulk Hotel');
    await pool.query(
      `update public.properties set content = '{"wifi": {"network": "Bulk", "password": "shared"}}', hotel = '{"phone": "+34 1"}' where id = $1`,
      [propertyId],
    );
  });

  it('creates rooms 101–140 in one call, in list order, inheriting the property’s guide', async () => {
    const before = await usage(pool, owner);
    const { rows } = await createRooms(owner, propertyId, [
      ...numbered(range(101, 106)),
      { name: 'Room 107', room_number: '107', content: { wifi: { password: 'own-107' } } },
      ...numbered(range(108, 140)),
    ]);
    expect(rows.map((row) => row.room_number)).toEqual(range(101, 140).map(String));
    expect(await usage(pool, owner)).toEqual({ created: before.created + 40, limit: 300 });
    expect((await guideOf(rows[0].id)).content.wifi).toEqual({ network: 'Bulk', password: 'shared' });
    expect((await guideOf(rows[6].id)).content.wifi).toEqual({ network: 'Bulk', password: 'own-107' });
    expect((await guideOf(rows[39].id)).hotel.phone).toBe('+34 1');
  });

  it('keeps ids the client generated and trims names and numbers', async () => {
    const id = '0b6f4e0c-5d1b-4b43-9a57-0e6a2a1f0001';
    const { rows } = await createRooms(owner, propertyId, [{ id, name: '  Loft  ', room_number: ' L1 ', template: 'cabin' }]);
    expect(rows).toMatchObject([{ id, name: 'Loft', room_number: 'L1', template: 'cabin' }]);
  });

  describe('refuses bad entries before creating anything, naming the row', () => {
    const cases: [string, unknown, string, string][] = [
      [
        'a missing name',
        [
          { name: 'A', room_number: '1' },
          { name: ' ', room_number: '2' },
        ],
        'rooms[1].name',
        'Name is required.',
      ],
      ['a missing number', [{ name: 'A' }], 'rooms[0].room_number', 'Room number is required.'],
      ['a too long name', [{ name: 'x'.repeat(121), room_number: '1' }], 'rooms[0].name', 'Name can be at most 120 characters.'],
      ['a too long number', [{ name: 'A', room_number: '1'.repeat(21) }], 'rooms[0].room_number', 'Room number can be at most 20 characters.'],
      [
        'a bad website',
        [
          { name: 'A', room_number: '1' },
          { name: 'B', room_number: '2', hotel: { website: 'javascript:x' } },
        ],
        'rooms[1].hotel.website',
        'hotel.website must be a web address starting with http:// or https://.',
      ],
      [
        'a too long WiFi password',
        [{ name: 'A', room_number: '1', content: { wifi: { password: 'p'.repeat(64) } } }],
        'rooms[0].content.wifi.password',
        'content.wifi.password can be at most 63 characters.',
      ],
      ['an unknown field', [{ name: 'A', room_number: '1', floor: 3 }], 'rooms[0].floor', 'rooms[0] has an unknown field "floor".'],
      [
        'an owner in the entry',
        [{ name: 'A', room_number: '1', user_id: '00000000-0000-4000-8000-000000000000' }],
        'rooms[0].user_id',
        'rooms[0] has an unknown field "user_id".',
      ],
      ['an unknown template', [{ name: 'A', room_number: '1', template: 'castle' }], 'rooms[0].template', 'Template must be custom, luxury, beach or cabin.'],
      ['an id that is not a UUID', [{ id: '42', name: 'A', room_number: '1' }], 'rooms[0].id', 'id must be a UUID.'],
      ['an entry that is not an object', [{ name: 'A', room_number: '1' }, 'B 2'], 'rooms[1]', 'rooms[1] must be an object.'],
      ['an empty list', [], 'rooms', 'Add at least one room.'],
      ['something other than a list', { name: 'A', room_number: '1' }, 'rooms', 'rooms must be a list.'],
      ['more than 500 rooms', numbered(range(1, 501)), 'rooms', 'At most 500 rooms can be created at once.'],
    ];
    for (const [label, rooms, detail, message] of cases) {
      it(label, async () => {
        const before = await roomCount(propertyId);
        const error = await failure(createRooms(owner, propertyId, rooms));
        expect(error).toMatchObject({ code: '23514', detail, message });
        expect(await roomCount(propertyId)).toBe(before);
      });
    }
  });

  it('answers PT404 for another owner’s property and for an unknown one', async () => {
    const stranger = await createUser(pool, { roomLimit: 10 });
    for (const target of [propertyId, '00000000-0000-4000-8000-000000000000']) {
      const error = await failure(createRooms(stranger, target, numbered([1])));
      expect(error).toMatchObject({ code: 'PT404', message: 'Property not found.' });
    }
  });

  it('cannot be called by anon', async () => {
    const error = await failure(queryAs(pool, { role: 'anon' }, 'select * from public.create_rooms($1, $2)', [propertyId, '[]']));
    expect(error.code).toBe('42501');
  });
});

describe('create_rooms under the quota', () => {
  it('limit 50, 40 used: 20 rooms → none created and 10 free; 10 rooms → 10 created; 1 more → limit reached', async () => {
    const owner = await createUser(pool, { roomLimit: 50 });
    const propertyId = await createProperty(pool, owner);
    await fillRooms(owner, propertyId, 40);
    expect(await usage(pool, owner)).toEqual({ created: 40, limit: 50 });

    const refused = await failure(createRooms(owner, propertyId, numbered(range(1, 20))));
    expect(refused).toMatchObject({ code: 'QUOTA', message: '20 rooms do not fit: only 10 QR code slots are free.', detail: '40 of 50 QR codes used.' });
    expect(JSON.parse(refused.hint!)).toEqual({ free: 10, requested: 20, used: 40, limit: 50 });
    expect(await roomCount(propertyId)).toBe(40);
    expect(await usage(pool, owner)).toEqual({ created: 40, limit: 50 });

    const { rows } = await createRooms(owner, propertyId, numbered(range(1, 10)));
    expect(rows).toHaveLength(10);
    expect(await usage(pool, owner)).toEqual({ created: 50, limit: 50 });

    const full = await failure(createRooms(owner, propertyId, numbered([11])));
    expect(full).toMatchObject({ code: 'QUOTA', message: 'You have reached your QR code limit.' });
    expect(JSON.parse(full.hint!)).toEqual({ free: 0, requested: 1, used: 50, limit: 50 });
  });

  it('lets two concurrent bulk creates of 30 against a limit of 50 create exactly one list', async () => {
    const owner = await createUser(pool, { roomLimit: 50 });
    // Separate properties, so only the quota (not the room-number lock) orders the two calls.
    const properties = [await createProperty(pool, owner, 'East'), await createProperty(pool, owner, 'West')];
    const results = await race(
      user(owner),
      properties.map((propertyId) => ['select * from public.create_rooms($1, $2)', [propertyId, JSON.stringify(numbered(range(1, 30)))]]),
    );
    const refused = results.filter((result): result is PromiseRejectedResult => result.status === 'rejected');
    expect(refused).toHaveLength(1);
    expect(refused[0].reason).toMatchObject({ code: 'QUOTA' });
    expect(JSON.parse(refused[0].reason.hint)).toMatchObject({ free: 20, requested: 30 });
    expect(await usage(pool, owner)).toEqual({ created: 30, limit: 50 });
    expect((await roomCount(properties[0])) + (await roomCount(properties[1]))).toBe(30);
  });

  it('never exceeds the limit when bulk creates and single inserts race (limit 25: 4 lists of 8 and 8 single rooms)', async () => {
    const owner = await createUser(pool, { roomLimit: 25 });
    const statements: [string, unknown[]][] = [];
    for (let list = 0; list < 4; list++) {
      const propertyId = await createProperty(pool, owner, `List ${list}`);
      statements.push(['select * from public.create_rooms($1, $2)', [propertyId, JSON.stringify(numbered(range(1, 8)))]]);
    }
    const singles = await createProperty(pool, owner, 'Singles');
    for (let n = 1; n <= 8; n++) {
      statements.push([`insert into public.qr_codes (property_id, name, room_number) values ($1, $2, $3)`, [singles, `Single ${n}`, String(n)]]);
    }
    const results = await race(user(owner), statements);
    for (const result of results) {
      if (result.status === 'rejected') expect(result.reason).toMatchObject({ code: 'QUOTA' });
    }
    const { rows } = await pool.query<{ count: number }>('select count(*)::int as count from public.qr_codes where user_id = $1', [owner]);
    const created = results.reduce((sum, result, index) => sum + (result.status === 'fulfilled' ? (index < 4 ? 8 : 1) : 0), 0);
    expect(rows[0].count).toBe(created);
    expect(created).toBeLessThanOrEqual(25);
    // Every refusal came only once the remaining slots could not hold it: no room is left unused that a refused call needed.
    const refusedSizes = results.flatMap((result, index) => (result.status === 'rejected' ? [index < 4 ? 8 : 1] : []));
    for (const size of refusedSizes) expect(created + size).toBeGreaterThan(25);
    expect(await usage(pool, owner)).toEqual({ created, limit: 25 });
  });
});

describe('room numbers are unique per property', () => {
  let owner: string;
  let propertyId: string;

  beforeAll(async () => {
    owner = await createUser(pool, { roomLimit: 100 });
    propertyId = await createProperty(pool, owner, 'Numbers');
    await createRooms(owner, propertyId, numbered([101, 102]).concat([{ name: 'Garden', room_number: '12a' }]));
  });

  const insertSingle = (roomNumber: string, property = propertyId) =>
    queryAs(pool, user(owner), `insert into public.qr_codes (property_id, name, room_number) values ($1, 'Another', $2)`, [property, roomNumber]);

  it('refuses a single room with a number the property has, trimmed and in any case', async () => {
    for (const [number, shown] of [
      ['101', '101'],
      [' 102 ', '102'],
      ['12A', '12A'],
    ]) {
      const error = await failure(insertSingle(number));
      expect(error).toMatchObject({ code: '23505', message: `Room number ${shown} is already used in this property.`, detail: 'room_number' });
      expect(JSON.parse(error.hint!)).toEqual({ room_numbers: [shown], in: 'property' });
    }
  });

  it('allows the same number in another property', async () => {
    const other = await createProperty(pool, owner, 'Annex');
    const { rowCount } = await insertSingle('101', other);
    expect(rowCount).toBe(1);
  });

  it('refuses a list that repeats a number, naming every repeat', async () => {
    const error = await failure(
      createRooms(owner, propertyId, [
        { name: 'A', room_number: '201' },
        { name: 'B', room_number: ' 201 ' },
        { name: 'C', room_number: '202b' },
        { name: 'D', room_number: '202B' },
      ]),
    );
    expect(error).toMatchObject({ code: '23505', message: 'Room number 201 appears more than once in the list.', detail: 'rooms[1].room_number' });
    expect(JSON.parse(error.hint!)).toEqual({ room_numbers: ['201', '202B'], rows: [1, 3], in: 'list' });
    expect(await roomCount(propertyId)).toBe(3);
  });

  it('refuses a list with numbers the property already has, naming them all', async () => {
    const error = await failure(createRooms(owner, propertyId, numbered([100, 101, 102])));
    expect(error).toMatchObject({ code: '23505', message: 'Room numbers 101, 102 are already used in this property.', detail: 'rooms[1].room_number' });
    expect(JSON.parse(error.hint!)).toEqual({ room_numbers: ['101', '102'], rows: [1, 2], in: 'property' });
    expect(await roomCount(propertyId)).toBe(3);
  });

  it('refuses changing a room’s number to one another room has, but lets a room keep or re-case its own', async () => {
    const { rows } = await pool.query<{ id: string }>(`select id from public.qr_codes where property_id = $1 and room_number = '12a'`, [propertyId]);
    const garden = rows[0].id;
    const error = await failure(queryAs(pool, user(owner), `update public.qr_codes set room_number = '101' where id = $1`, [garden]));
    expect(error).toMatchObject({ code: '23505', message: 'Room number 101 is already used in this property.', detail: 'room_number' });
    const recased = await queryAs(pool, user(owner), `update public.qr_codes set room_number = '12A', name = 'Garden Suite' where id = $1`, [garden], {
      rollback: true,
    });
    expect(recased.rowCount).toBe(1);
  });

  it('lets only one of two concurrent inserts take a free number', async () => {
    const clients = [0, 1].map(() => new pg.Client({ connectionString: inject('dbUrl') }));
    await Promise.all(clients.map((client) => client.connect()));
    try {
      for (const client of clients) {
        await client.query('begin');
        await impersonate(client, user(owner));
      }
      // The first insert holds the property's room-number lock until it commits; the second waits, then sees it.
      await clients[0].query(`insert into public.qr_codes (property_id, name, room_number) values ($1, 'First', '300')`, [propertyId]);
      const second = clients[1].query(`insert into public.qr_codes (property_id, name, room_number) values ($1, 'Second', '300')`, [propertyId]);
      await clients[0].query('commit');
      await expect(second).rejects.toMatchObject({ code: '23505' });
      await clients[1].query('rollback');
    } finally {
      await Promise.all(clients.map((client) => client.end()));
    }
    const { rows } = await pool.query(`select name from public.qr_codes where property_id = $1 and room_number = '300'`, [propertyId]);
    expect(rows).toEqual([{ name: 'First' }]);
  });
});
