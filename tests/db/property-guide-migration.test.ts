/**
 * The property-guide migration on data made the old way: a scratch database gets every migration before it,
 * rooms are inserted as the old app wrote them (each room carrying the whole guide), then the migration runs.
 * Every guest guide must be exactly what it was; values all rooms of a property share move to the property;
 * differing, empty and missing values stay on the rooms; rooms sharing a room number keep working.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareDatabase } from '../../local-stack/db/index.ts';
import {
  databaseBefore,
  defaultGuestExtras,
  withHotelFields,
  insertOldHost,
  insertOldProperty,
  insertOldRoom,
  queryAs,
  scratchDatabases,
  scratchPool,
  superuserPool,
  user,
} from './support.ts';

const propertyGuideMigration = '20261122225302';

const pool = superuserPool(2);
const scratchDatabase = scratchDatabases(pool);
let db: pg.Pool;
const guidesBefore = new Map<string, unknown>();
const updatedAtBefore = new Map<string, string>();

const owner = randomUUID();
const otherOwner = randomUUID();
const property = {
  shared: randomUUID(),
  mixed: randomUUID(),
  empty: randomUUID(),
  single: randomUUID(),
  wifiParts: randomUUID(),
  noRooms: randomUUID(),
  duplicates: randomUUID(),
  otherOwners: randomUUID(),
};

const hotel = { name: 'Hotel Sol', phone: '+34 900 100 200', website: 'https://sol.example', description: 'Breakfast 7–10.' };
const area = { location: 'Old town', activities: ['Cathedral', 'Market'], businessLink: 'https://visit.example' };
const look = { primaryColor: '#D4AF37', backgroundColor: '#000000', logoUrl: 'https://cdn.example/sol.png' };

/** Old-style rooms: (property, room number, template, hotel, area, style, content). */
type OldRoom = [string, string, string, object, object, object, object];
const oldRooms: OldRoom[] = [
  // Everything shared but the WiFi password.
  [property.shared, '101', 'luxury', hotel, area, { ...look, roomPhotoUrl: 'https://cdn.example/101.jpg' }, { wifi: { network: 'Sol', password: 'pw-101' } }],
  [property.shared, '102', 'luxury', hotel, area, look, { wifi: { network: 'Sol', password: 'pw-102' } }],
  [property.shared, '103', 'luxury', hotel, area, look, { wifi: { network: 'Sol', password: 'pw-103' } }],
  // Differing, empty, missing and null values side by side.
  [property.mixed, '1', 'beach', { ...hotel, phone: '' }, { activities: [] }, { primaryColor: '#111111' }, { wifi: null }],
  [property.mixed, '2', 'cabin', { ...hotel, phone: '+34 2' }, { activities: ['Kayak'] }, { primaryColor: '#111111', logoUrl: null }, {}],
  [
    property.mixed,
    '3',
    'beach',
    { name: hotel.name, website: hotel.website, description: hotel.description },
    {},
    { primaryColor: '#222222' },
    { wifi: { network: 'Mixed', password: '' } },
  ],
  // A room the old form saved with every field blank, and one with nothing at all.
  [
    property.empty,
    'A',
    'custom',
    { name: '', phone: '', website: '', description: '' },
    { location: '', activities: [], businessLink: '' },
    { primaryColor: '#000000', backgroundColor: '#ffffff', logoUrl: '', roomPhotoUrl: '' },
    { wifi: { network: '', password: '' } },
  ],
  [property.empty, 'B', 'custom', {}, {}, {}, {}],
  // One room: all of its guide is "shared".
  [property.single, '7', 'cabin', hotel, area, look, { wifi: { network: 'Solo', password: 'solo-pw' } }],
  // WiFi: same network everywhere, one room without a password, one with WiFi as {}.
  [property.wifiParts, '1', 'custom', {}, {}, {}, { wifi: { network: 'Parts', password: 'p1' } }],
  [property.wifiParts, '2', 'custom', {}, {}, {}, { wifi: { network: 'Parts' } }],
  [property.wifiParts, '3', 'custom', {}, {}, {}, { wifi: { network: 'Parts', password: 'p3' } }],
  // Two rooms with the same number (and two differing only in case), as the old schema allowed.
  [property.duplicates, '101', 'custom', hotel, {}, {}, { wifi: { network: 'Dup', password: 'first' } }],
  [property.duplicates, '101', 'custom', hotel, {}, {}, { wifi: { network: 'Dup', password: 'second' } }],
  [property.duplicates, '12a', 'custom', hotel, {}, {}, { wifi: { network: 'Dup', password: 'lower' } }],
  [property.duplicates, '12A', 'custom', hotel, {}, {}, { wifi: { network: 'Dup', password: 'upper' } }],
  // Another owner's property with the same values: grouped on its own.
  [property.otherOwners, '101', 'luxury', hotel, area, look, { wifi: { network: 'Sol', password: 'pw-101' } }],
];

beforeAll(async () => {
  const url = await databaseBefore(scratchDatabase, propertyGuideMigration);
  db = scratchPool(url, 2);
  await insertOldHost(db, owner, 100);
  await insertOldHost(db, otherOwner, 100);
  for (const [name, id] of Object.entries(property)) {
    await insertOldProperty(db, { id, user_id: id === property.otherOwners ? otherOwner : owner, name });
  }
  for (const [propertyId, roomNumber, template, roomHotel, roomArea, style, content] of oldRooms) {
    await insertOldRoom(db, {
      user_id: propertyId === property.otherOwners ? otherOwner : owner,
      property_id: propertyId,
      room_number: roomNumber,
      template,
      hotel: roomHotel,
      area: roomArea,
      style,
      content,
    });
  }
  for (const row of (
    await db.query<{ id: string; guide: unknown; updated_at: string }>('select id, public.get_guide(id) as guide, updated_at::text from public.qr_codes')
  ).rows) {
    guidesBefore.set(row.id, row.guide);
    updatedAtBefore.set(row.id, row.updated_at);
  }

  const applied = await prepareDatabase(url, { seed: false });
  expect(applied.appliedMigrations[0]).toBe(propertyGuideMigration);
});

afterAll(async () => {
  await db?.end();
});

async function roomsOf(propertyId: string) {
  const { rows } = await db.query<{ room_number: string; template: string | null; hotel: object; area: object; style: object; content: object }>(
    'select room_number, template, hotel, area, style, content from public.qr_codes where property_id = $1 order by room_number, id',
    [propertyId],
  );
  return rows;
}

async function propertyGuide(propertyId: string) {
  const { rows } = await db.query<{ template: string; hotel: object; area: object; style: object; content: object }>(
    'select template, hotel, area, style, content from public.properties where id = $1',
    [propertyId],
  );
  return rows[0];
}

describe('the property-guide migration on old-style rooms', () => {
  it('changes no guest guide, for any room', async () => {
    const { rows } = await db.query<{ id: string; guide: unknown }>('select id, public.get_guide(id) as guide from public.qr_codes');
    expect(rows).toHaveLength(oldRooms.length);
    // Later migrations add keys of their own (guide_languages: `language` and `translations`; guest_requests: `requests`, `notices`; hotel_information: hotel fields).
    for (const row of rows)
      expect(row.guide, `guide of ${row.id}`).toEqual({
        ...withHotelFields(guidesBefore.get(row.id) as object),
        language: 'en',
        translations: {},
        ...defaultGuestExtras,
      });
  });

  it('leaves the rooms’ updated_at as it was', async () => {
    const { rows } = await db.query<{ id: string; updated_at: string }>('select id, updated_at::text from public.qr_codes');
    for (const row of rows) expect(row.updated_at).toBe(updatedAtBefore.get(row.id));
  });

  it('moves what all rooms share up to the property and leaves only the differences on the rooms', async () => {
    expect(await propertyGuide(property.shared)).toEqual({ template: 'luxury', hotel, area, style: look, content: { wifi: { network: 'Sol' } } });
    expect(await roomsOf(property.shared)).toEqual([
      {
        room_number: '101',
        template: null,
        hotel: {},
        area: {},
        style: { roomPhotoUrl: 'https://cdn.example/101.jpg' },
        content: { wifi: { password: 'pw-101' } },
      },
      { room_number: '102', template: null, hotel: {}, area: {}, style: {}, content: { wifi: { password: 'pw-102' } } },
      { room_number: '103', template: null, hotel: {}, area: {}, style: {}, content: { wifi: { password: 'pw-103' } } },
    ]);
  });

  it('keeps differing, empty, missing and null values on the rooms', async () => {
    expect(await propertyGuide(property.mixed)).toEqual({
      template: 'custom',
      hotel: { name: hotel.name, website: hotel.website, description: hotel.description },
      area: {},
      style: {},
      content: {},
    });
    expect(await roomsOf(property.mixed)).toEqual([
      { room_number: '1', template: 'beach', hotel: { phone: '' }, area: { activities: [] }, style: { primaryColor: '#111111' }, content: { wifi: null } },
      {
        room_number: '2',
        template: 'cabin',
        hotel: { phone: '+34 2' },
        area: { activities: ['Kayak'] },
        style: { primaryColor: '#111111', logoUrl: null },
        content: {},
      },
      { room_number: '3', template: 'beach', hotel: {}, area: {}, style: { primaryColor: '#222222' }, content: { wifi: { network: 'Mixed', password: '' } } },
    ]);
  });

  it('moves nothing up from rooms whose fields are all empty or missing', async () => {
    expect(await propertyGuide(property.empty)).toEqual({ template: 'custom', hotel: {}, area: {}, style: {}, content: {} });
    const rooms = await roomsOf(property.empty);
    expect(rooms.map((room) => room.content)).toEqual([{ wifi: { network: '', password: '' } }, {}]);
    expect(rooms[0].hotel).toEqual({ name: '', phone: '', website: '', description: '' });
    expect(rooms[0].style).toEqual({ primaryColor: '#000000', backgroundColor: '#ffffff', logoUrl: '', roomPhotoUrl: '' });
  });

  it('moves a single room’s whole guide up', async () => {
    expect(await propertyGuide(property.single)).toEqual({
      template: 'cabin',
      hotel,
      area,
      style: look,
      content: { wifi: { network: 'Solo', password: 'solo-pw' } },
    });
    expect(await roomsOf(property.single)).toEqual([{ room_number: '7', template: null, hotel: {}, area: {}, style: {}, content: {} }]);
  });

  it('moves a shared WiFi network up while each room keeps its own password (or none)', async () => {
    expect((await propertyGuide(property.wifiParts)).content).toEqual({ wifi: { network: 'Parts' } });
    expect((await roomsOf(property.wifiParts)).map((room) => room.content)).toEqual([{ wifi: { password: 'p1' } }, {}, { wifi: { password: 'p3' } }]);
  });

  it('leaves a property without rooms with an empty guide', async () => {
    expect(await propertyGuide(property.noRooms)).toEqual({ template: 'custom', hotel: {}, area: {}, style: {}, content: {} });
  });

  it('groups by property, not by owner or value', async () => {
    expect((await propertyGuide(property.otherOwners)).content).toEqual({ wifi: { network: 'Sol', password: 'pw-101' } });
    expect((await propertyGuide(property.shared)).content).toEqual({ wifi: { network: 'Sol' } });
  });

  describe('rooms that already shared a room number', () => {
    const asOwner = (sql: string, params: unknown[]) => queryAs(db, user(owner), sql, params);

    it('keep their guides and stay editable while their number stays', async () => {
      const { rowCount } = await asOwner(`update public.qr_codes set name = name || ' (renamed)', room_number = room_number where property_id = $1`, [
        property.duplicates,
      ]);
      expect(rowCount).toBe(4);
    });

    it('refuse another room taking that number', async () => {
      const taken = await asOwner(`insert into public.qr_codes (property_id, name, room_number) values ($1, 'New', ' 12A ')`, [property.duplicates]).then(
        () => undefined,
        (error: pg.DatabaseError) => error,
      );
      expect(taken).toMatchObject({ code: '23505', message: 'Room number 12A is already used in this property.', detail: 'room_number' });
    });
  });
});
