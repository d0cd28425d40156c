/**
 * Changing and deleting rooms in bulk: update_rooms (overrides set and cleared for a selection, validated like a
 * single edit, all or nothing) and delete_rooms (the caller's rooms among the ids, their slots freed).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createProperty, createUser, failure, queryAs, usage, user } from './support.ts';
import { pool, type RoomRow, numbered, range, createRooms, roomCount, guideOf } from './bulk-rooms-support.ts';

describe('update_rooms', () => {
  let owner: string;
  let propertyId: string;
  let ids: string[];

  beforeAll(async () => {
    owner = await createUser(pool, { roomLimit: 100 });
    propertyId = await createProperty(pool, owner, 'Edit Hotel');
    await pool.query(
      `update public.properties set content = '{"wifi": {"network": "Edit", "password": "shared"}}', hotel = '{"phone": "+34 5"}', template = 'beach' where id = $1`,
      [propertyId],
    );
    ids = (await createRooms(owner, propertyId, numbered(range(1, 15)))).rows.map((row) => row.id);
  });

  const updateRooms = (roomIds: string[], setFields: object, clearFields: string[] = [], caller = user(owner)) =>
    queryAs<RoomRow>(pool, caller, 'select * from public.update_rooms($1, $2, $3)', [roomIds, JSON.stringify(setFields), clearFields]);

  it('sets the WiFi password of 12 rooms in one call; the other rooms keep inheriting', async () => {
    const { rows } = await updateRooms(ids.slice(0, 12), { 'content.wifi.password': 'floor-pw' });
    expect(rows).toHaveLength(12);
    for (const id of ids.slice(0, 12)) expect((await guideOf(id)).content.wifi).toEqual({ network: 'Edit', password: 'floor-pw' });
    for (const id of ids.slice(12)) expect((await guideOf(id)).content.wifi).toEqual({ network: 'Edit', password: 'shared' });
  });

  it('clears an override, so the rooms inherit again', async () => {
    await updateRooms(ids.slice(0, 12), {}, ['content.wifi.password']);
    const { rows } = await pool.query('select content from public.qr_codes where id = any($1)', [ids.slice(0, 12)]);
    expect(rows.every((row) => !('wifi' in row.content))).toBe(true);
    expect((await guideOf(ids[0])).content.wifi).toEqual({ network: 'Edit', password: 'shared' });
  });

  it('sets and clears several fields at once: null hides a value, templates override and inherit', async () => {
    await updateRooms(ids.slice(0, 3), { 'hotel.phone': null, template: 'cabin', 'content.wifi': null });
    expect(await guideOf(ids[0])).toMatchObject({ template: 'cabin', hotel: { phone: null }, content: { wifi: null } });
    await updateRooms(ids.slice(0, 3), {}, ['hotel.phone', 'template', 'content.wifi']);
    expect(await guideOf(ids[0])).toMatchObject({ template: 'beach', hotel: { phone: '+34 5' }, content: { wifi: { network: 'Edit', password: 'shared' } } });
  });

  it('changes nothing when one selected room is not the caller’s', async () => {
    const stranger = await createUser(pool, { roomLimit: 5 });
    const strangerProperty = await createProperty(pool, stranger, 'Elsewhere');
    const { rows } = await pool.query<{ id: string }>(
      `insert into public.qr_codes (user_id, property_id, name, room_number) values ($1, $2, 'Theirs', '1') returning id`,
      [stranger, strangerProperty],
    );
    const error = await failure(updateRooms([...ids.slice(0, 5), rows[0].id], { 'hotel.phone': '+34 666' }));
    expect(error).toMatchObject({ code: 'PT404', message: 'Some of the selected rooms no longer exist.', detail: 'room_ids' });
    expect(JSON.parse(error.hint!)).toEqual({ found: 5, requested: 6 });
    expect((await guideOf(ids[0])).hotel.phone).toBe('+34 5');
    expect((await guideOf(rows[0].id)).hotel.phone).toBeNull();
  });

  it('validates the new value like a single edit and changes nothing when it is bad', async () => {
    const error = await failure(updateRooms(ids, { 'hotel.website': 'javascript:alert(1)' }));
    expect(error).toMatchObject({ code: '23514', detail: 'hotel.website', message: 'hotel.website must be a web address starting with http:// or https://.' });
    const { rows } = await pool.query(`select count(*)::int as count from public.qr_codes where property_id = $1 and hotel ? 'website'`, [propertyId]);
    expect(rows).toEqual([{ count: 0 }]);
  });

  const refusals: [string, object, string[], string, string][] = [
    ['a field rooms cannot override', { name: 'Same for all' }, [], 'name', '"name" is not a guide field a room can override.'],
    ['a room number for many rooms', { room_number: '1' }, [], 'room_number', '"room_number" is not a guide field a room can override.'],
    ['a field set and cleared at once', { 'hotel.phone': '1' }, ['hotel.phone'], 'hotel.phone', 'hotel.phone is changed more than once.'],
    ['a field together with a part of it', { 'content.wifi': null }, ['content.wifi.password'], 'content.wifi', 'content.wifi is changed more than once.'],
    ['an unknown template', { template: 'castle' }, [], 'template', 'Template must be custom, luxury, beach or cabin.'],
    ['no change at all', {}, [], 'set_fields', 'Choose at least one field to change.'],
  ];
  for (const [label, setFields, clearFields, detail, message] of refusals) {
    it(`refuses ${label}`, async () => {
      const error = await failure(updateRooms(ids.slice(0, 2), setFields, clearFields));
      expect(error).toMatchObject({ code: '23514', detail, message });
    });
  }

  it('refuses an empty selection', async () => {
    expect(await failure(updateRooms([], { 'hotel.phone': '1' }))).toMatchObject({ code: '23514', detail: 'room_ids', message: 'Choose at least one room.' });
  });
});

describe('delete_rooms', () => {
  it('deletes the selected rooms in one call, returns them for photo clean-up and frees their slots', async () => {
    const owner = await createUser(pool, { roomLimit: 20 });
    const propertyId = await createProperty(pool, owner, 'Delete Hotel');
    const rooms = (
      await createRooms(
        owner,
        propertyId,
        range(1, 15).map((n) => ({ name: `Room ${n}`, room_number: String(n), images: [`https://cdn.example/${n}.jpg`] })),
      )
    ).rows;
    const stranger = await createUser(pool, { roomLimit: 5 });
    const strangerProperty = await createProperty(pool, stranger, 'Not yours');
    const { rows: theirs } = await pool.query<{ id: string }>(
      `insert into public.qr_codes (user_id, property_id, name, room_number) values ($1, $2, 'Theirs', '1') returning id`,
      [stranger, strangerProperty],
    );

    const selected = rooms.slice(0, 12).map((room) => room.id);
    const { rows: deleted } = await queryAs<RoomRow>(pool, user(owner), 'select id, images from public.delete_rooms($1)', [[...selected, theirs[0].id]]);
    expect(deleted.map((row) => row.id).sort()).toEqual([...selected].sort());
    expect(deleted.find((row) => row.id === rooms[0].id)?.images).toEqual(['https://cdn.example/1.jpg']);
    expect(await roomCount(propertyId)).toBe(3);
    expect(await roomCount(strangerProperty)).toBe(1);
    expect(await usage(pool, owner)).toEqual({ created: 3, limit: 20 });
  });
});
