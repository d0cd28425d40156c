/**
 * The property's guide: set once on the property, inherited by every room that does not override the field.
 * Per field a room inherits when the field is absent or empty ("" / [] for activities), overrides with a value,
 * and hides the property's value with null; content.wifi null means "this room has no WiFi"; template null
 * inherits. get_guide() shows the merge; the `guide` computed field gives hosts the same JSON.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { anon, createProperty, createUser, defaultGuestExtras, failure, guideHotel, queryAs, superuserPool, user, withoutGuestExtras } from './support.ts';

const pool = superuserPool();
let owner: string;

beforeAll(async () => {
  owner = await createUser(pool, { roomLimit: 200 });
});

type Guide = Record<string, unknown> & { template: string; content: { wifi: Record<string, unknown> | null } };

async function guideOf(id: string): Promise<Guide> {
  const { rows } = await queryAs<{ guide: Guide }>(pool, anon, 'select public.get_guide($1) as guide', [id]);
  return rows[0].guide;
}

/** The value at a dotted path of a guide ('content.wifi.password'). */
function at(guide: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((value, key) => (value as Record<string, unknown> | null)?.[key], guide);
}

/** `{hotel: {name: value}}`-style column values for a dotted field path (the first segment is the column). */
function columnsFor(path: string, value: unknown): Record<string, unknown> {
  const [column, ...keys] = path.split('.');
  const nested = keys.reduceRight<unknown>((inner, key) => ({ [key]: inner }), value);
  return { [column]: nested };
}

async function insertRoom(propertyId: string, roomNumber: string, columns: Record<string, unknown> = {}): Promise<string> {
  const { hotel = {}, area = {}, style = {}, content = {}, template = null } = columns;
  const { rows } = await pool.query<{ id: string }>(
    `insert into public.qr_codes (user_id, property_id, name, room_number, hotel, area, style, content, template)
     values ($1, $2, $3, $3, $4, $5, $6, $7, $8) returning id`,
    [owner, propertyId, roomNumber, hotel, area, style, content, template],
  );
  return rows[0].id;
}

async function setPropertyGuide(propertyId: string, columns: Record<string, unknown>): Promise<void> {
  const { hotel = {}, area = {}, style = {}, content = {}, template = 'custom' } = columns;
  await queryAs(pool, user(owner), 'update public.properties set hotel = $2, area = $3, style = $4, content = $5, template = $6 where id = $1', [
    propertyId,
    hotel,
    area,
    style,
    content,
    template,
  ]);
}

/** Every inheritable field: (path, the property's value, a room's own value, what an empty room field looks like). */
const fields: [string, unknown, unknown, unknown][] = [
  ['hotel.name', 'Hotel Sol', 'Annex Sol', ''],
  ['hotel.phone', '+34 900 000 001', '+34 900 000 002', ''],
  ['hotel.website', 'https://sol.example', 'https://annex.example', ''],
  ['hotel.description', 'Breakfast at 8.', 'Breakfast in your room.', ''],
  ['area.location', 'Old town', 'By the harbour', ''],
  ['area.activities', ['Cathedral', 'Market'], ['Sailing'], []],
  ['area.businessLink', 'https://visit.example', 'https://harbour.example', ''],
  ['style.primaryColor', '#123456', '#654321', ''],
  ['style.backgroundColor', '#fafafa', '#000000', ''],
  ['style.logoUrl', 'https://cdn.example/sol.png', 'https://cdn.example/annex.png', ''],
  ['content.wifi.network', 'Sol-Guests', 'Sol-Annex', ''],
  ['content.wifi.password', 'shared-pass', 'own-pass-7', ''],
];

describe('inheritance per field', () => {
  for (const [path, propertyValue, roomValue, empty] of fields) {
    it(`${path}: absent or empty inherits, a value overrides, null shows nothing`, async () => {
      const propertyId = await createProperty(pool, owner, `Field ${path}`);
      await setPropertyGuide(propertyId, columnsFor(path, propertyValue));
      const absent = await insertRoom(propertyId, '1');
      const blank = await insertRoom(propertyId, '2', columnsFor(path, empty));
      const own = await insertRoom(propertyId, '3', columnsFor(path, roomValue));
      const hidden = await insertRoom(propertyId, '4', columnsFor(path, null));

      expect(at(await guideOf(absent), path)).toEqual(propertyValue);
      expect(at(await guideOf(blank), path)).toEqual(propertyValue);
      expect(at(await guideOf(own), path)).toEqual(roomValue);
      expect(at(await guideOf(hidden), path)).toBeNull();
    });
  }

  it('template: null inherits the property’s, a template of its own overrides', async () => {
    const propertyId = await createProperty(pool, owner, 'Templates');
    await setPropertyGuide(propertyId, { template: 'beach' });
    const inheriting = await insertRoom(propertyId, '1');
    const own = await insertRoom(propertyId, '2', { template: 'cabin' });
    expect((await guideOf(inheriting)).template).toBe('beach');
    expect((await guideOf(own)).template).toBe('cabin');
  });

  it('a room inherits the whole WiFi, keeps its own password with the shared network, or has no WiFi at all', async () => {
    const propertyId = await createProperty(pool, owner, 'WiFi');
    await setPropertyGuide(propertyId, { content: { wifi: { network: 'Shared', password: 'shared-pw' } } });
    const inheriting = await insertRoom(propertyId, '1');
    const ownPassword = await insertRoom(propertyId, '2', { content: { wifi: { password: 'room-2-pw' } } });
    const noWifi = await insertRoom(propertyId, '3', { content: { wifi: null } });
    expect((await guideOf(inheriting)).content).toEqual({ wifi: { network: 'Shared', password: 'shared-pw' } });
    expect((await guideOf(ownPassword)).content).toEqual({ wifi: { network: 'Shared', password: 'room-2-pw' } });
    expect((await guideOf(noWifi)).content).toEqual({ wifi: null });
  });

  it('keeps the room photo and images on the room', async () => {
    const propertyId = await createProperty(pool, owner, 'Photos');
    const id = await insertRoom(propertyId, '1', { style: { roomPhotoUrl: 'https://cdn.example/room-1.jpg' } });
    await pool.query(`update public.qr_codes set images = '{https://cdn.example/room-1.jpg}' where id = $1`, [id]);
    const guide = await guideOf(id);
    expect(at(guide, 'style.roomPhotoUrl')).toBe('https://cdn.example/room-1.jpg');
    expect(guide.images).toEqual(['https://cdn.example/room-1.jpg']);
  });

  it('keeps get_guide’s exact key set when the property has no guide', async () => {
    const propertyId = await createProperty(pool, owner, 'Bare');
    const id = await insertRoom(propertyId, '1');
    expect(await guideOf(id)).toEqual({
      id,
      name: '1',
      room_number: '1',
      template: 'custom',
      property_name: 'Bare',
      style: { primaryColor: null, backgroundColor: null, logoUrl: null, roomPhotoUrl: null },
      content: { wifi: null },
      hotel: guideHotel(),
      area: { location: null, activities: [], businessLink: null },
      images: [],
      language: 'en',
      translations: {},
      ...defaultGuestExtras,
    });
  });
});

describe('editing the property', () => {
  it('changes every room that does not override the field, at once, and none that does', async () => {
    const propertyId = await createProperty(pool, owner, 'Hotel Faro');
    await setPropertyGuide(propertyId, { hotel: { name: 'Hotel Faro', phone: '+34 111' }, content: { wifi: { network: 'Faro', password: 'old-pw' } } });
    const inheriting = await Promise.all(['101', '102', '103'].map((number) => insertRoom(propertyId, number)));
    const ownPhone = await insertRoom(propertyId, '104', { hotel: { phone: '+34 104' } });
    const ownPassword = await insertRoom(propertyId, '105', { content: { wifi: { password: 'pw-105' } } });

    await queryAs(pool, user(owner), `update public.properties set hotel = hotel || '{"phone": "+34 222"}' where id = $1`, [propertyId]);
    await queryAs(pool, user(owner), `update public.properties set content = '{"wifi": {"network": "Faro", "password": "new-pw"}}' where id = $1`, [
      propertyId,
    ]);

    for (const id of inheriting) {
      const guide = await guideOf(id);
      expect(at(guide, 'hotel.phone')).toBe('+34 222');
      expect(guide.content.wifi).toEqual({ network: 'Faro', password: 'new-pw' });
    }
    expect(at(await guideOf(ownPhone), 'hotel.phone')).toBe('+34 104');
    expect(at(await guideOf(ownPhone), 'content.wifi.password')).toBe('new-pw');
    expect(at(await guideOf(ownPassword), 'hotel.phone')).toBe('+34 222');
    expect(at(await guideOf(ownPassword), 'content.wifi.password')).toBe('pw-105');
  });
});

describe('the property guide’s validation', () => {
  it('refuses a room photo on the property (photos belong to rooms)', async () => {
    const propertyId = await createProperty(pool, owner, 'No photo');
    const error = await failure(
      queryAs(pool, user(owner), `update public.properties set style = '{"roomPhotoUrl": "https://cdn.example/x.jpg"}' where id = $1`, [propertyId]),
    );
    expect(error).toMatchObject({ code: '23514', message: 'style has an unknown field "roomPhotoUrl".', detail: 'style.roomPhotoUrl' });
  });

  it('refuses a property without a template', async () => {
    const propertyId = await createProperty(pool, owner, 'No template');
    const error = await failure(queryAs(pool, user(owner), 'update public.properties set template = null where id = $1', [propertyId]));
    expect(error).toMatchObject({ code: '23514', message: 'Template must be custom, luxury, beach or cabin.', detail: 'template' });
  });

  it('checks rooms and properties with one function', async () => {
    const { rows } = await pool.query<{ source: string }>(
      `select p.proname || ':' || (p.prosrc like '%private.guide_input_problem%' or p.prosrc like '%private.qr_code_input_problem%') as source
       from pg_proc p where p.oid in ('public.validate_qr_code()'::regprocedure, 'private.check_property_guide()'::regprocedure, 'private.qr_code_input_problem(public.qr_codes)'::regprocedure)
       order by 1`,
    );
    expect(rows.map((row) => row.source)).toEqual(['check_property_guide:true', 'qr_code_input_problem:true', 'validate_qr_code:true']);
  });
});

describe('the guide computed field (hosts)', () => {
  it('gives the owner each room’s guide exactly as guests get it', async () => {
    const propertyId = await createProperty(pool, owner, 'Computed');
    await setPropertyGuide(propertyId, { hotel: { name: 'Computed Inn' }, template: 'luxury', content: { wifi: { network: 'C', password: 'c-pw' } } });
    const ids = [await insertRoom(propertyId, '1'), await insertRoom(propertyId, '2', { content: { wifi: { password: 'own' } }, template: 'beach' })];
    const { rows } = await queryAs<{ id: string; guide: Guide }>(
      pool,
      user(owner),
      'select q.id, public.guide(q) as guide from public.qr_codes q where q.property_id = $1 order by q.room_number',
      [propertyId],
    );
    expect(rows.map((row) => row.id)).toEqual(ids);
    for (const row of rows) expect(row.guide).toEqual(withoutGuestExtras(await guideOf(row.id)));
  });

  it('shows another user nothing and is not callable by anon', async () => {
    const propertyId = await createProperty(pool, owner, 'Private');
    await insertRoom(propertyId, '1');
    const stranger = await createUser(pool);
    const { rowCount } = await queryAs(pool, user(stranger), 'select public.guide(q) from public.qr_codes q where q.property_id = $1', [propertyId]);
    expect(rowCount).toBe(0);
    const error = await failure(queryAs(pool, anon, `select public.guide(null::public.qr_codes)`));
    expect(error.code).toBe('42501');
  });
});

describe('the demo hotel (seed)', () => {
  const demoProperty = '22222222-2222-4222-8222-222222222222';
  const hotel = { name: 'Hotel Miramar', phone: '+34 971 123 456', website: 'https://hotelmiramar.example' };
  const location = "On the seafront promenade, 10 minutes' walk from the cathedral.";
  const businessLink = 'https://www.visitpalma.com';

  it('keeps the shared guide on the property', async () => {
    const { rows } = await pool.query(`select hotel ->> 'phone' as phone, content -> 'wifi' ->> 'network' as network from public.properties where id = $1`, [
      demoProperty,
    ]);
    expect(rows).toEqual([{ phone: hotel.phone, network: 'Miramar-Guests' }]);
    const { rows: rooms } = await pool.query(`select count(*)::int as overriding from public.qr_codes where property_id = $1 and hotel ? 'phone'`, [
      demoProperty,
    ]);
    expect(rooms).toEqual([{ overriding: 0 }]);
  });

  it('shows guests the same guides as before the property guide existed', async () => {
    const base = (id: string, name: string, roomNumber: string) => ({
      id,
      name,
      room_number: roomNumber,
      property_name: 'Hotel Miramar',
      images: [],
      language: 'en',
      translations: {},
      ...defaultGuestExtras,
    });
    expect(await guideOf('33333333-3333-4333-8333-333333333101')).toEqual({
      ...base('33333333-3333-4333-8333-333333333101', 'Sea View Double', '101'),
      template: 'beach',
      style: { primaryColor: '#1e6fa8', backgroundColor: '#fff8dc', logoUrl: null, roomPhotoUrl: null },
      content: { wifi: { network: 'Miramar-Guests', password: 'sunset-101' } },
      hotel: guideHotel({ ...hotel, description: 'Breakfast 7:30–10:30 on the terrace. Reception is open 24 hours; dial 9 from your room.' }),
      area: { location, activities: ['Cathedral of Santa Maria', 'Bellver Castle', 'Can Pere Antoni beach', 'Old town tapas route'], businessLink },
    });
    expect(await guideOf('33333333-3333-4333-8333-333333333102')).toEqual({
      ...base('33333333-3333-4333-8333-333333333102', 'Garden Twin', '102'),
      template: 'custom',
      style: { primaryColor: '#000000', backgroundColor: '#ffffff', logoUrl: null, roomPhotoUrl: null },
      content: { wifi: { network: 'Miramar-Guests', password: 'garden-102' } },
      hotel: guideHotel({ ...hotel, description: 'Breakfast 7:30–10:30 on the terrace. Quiet hours from 23:00.' }),
      area: { location, activities: ['Es Baluard museum', 'Sunday market at Plaça Major'], businessLink },
    });
    expect(await guideOf('33333333-3333-4333-8333-333333333201')).toEqual({
      ...base('33333333-3333-4333-8333-333333333201', 'Junior Suite', '201'),
      template: 'luxury',
      style: { primaryColor: '#d4af37', backgroundColor: '#000000', logoUrl: null, roomPhotoUrl: null },
      content: { wifi: { network: 'Miramar-Suites', password: 'golden-hour-201' } },
      hotel: guideHotel({ ...hotel, description: 'Suite guests enjoy late checkout until 14:00 and the rooftop pool.' }),
      area: { location, activities: ['Sunset sailing trip', 'Rooftop pool', 'Serra de Tramuntana day trip'], businessLink },
    });
  });
});
