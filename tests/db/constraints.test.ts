/**
 * Bad input is refused by the database with one readable sentence (SQLSTATE 23514, the field path in
 * `detail`), whatever client sent it. The frontend validates first; this is the last line.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createProperty, createUser, failure, queryAs, serviceRole, superuserPool, user } from './support.ts';

const pool = superuserPool();
let owner: string;
let propertyId: string;

beforeAll(async () => {
  owner = await createUser(pool, { roomLimit: 50 });
  propertyId = await createProperty(pool, owner);
});

interface RoomInput {
  name?: string;
  room_number?: string;
  hotel?: unknown;
  area?: unknown;
  style?: unknown;
  content?: unknown;
  images?: string[];
}

function insertQr(input: RoomInput, rollback = true) {
  const row = { name: 'Room', room_number: '1', hotel: {}, area: {}, style: {}, content: {}, images: [], ...input };
  return queryAs<{ name: string; room_number: string }>(
    pool,
    user(owner),
    `insert into public.qr_codes (property_id, name, room_number, hotel, area, style, content, images)
     values ($1, $2, $3, $4, $5, $6, $7, $8) returning name, room_number`,
    [
      propertyId,
      row.name,
      row.room_number,
      JSON.stringify(row.hotel),
      JSON.stringify(row.area),
      JSON.stringify(row.style),
      JSON.stringify(row.content),
      row.images,
    ],
    { rollback },
  );
}

const long = (length: number) => 'x'.repeat(length);

const cases: [string, RoomInput, string, RegExp][] = [
  ['an empty name', { name: '' }, 'name', /^Name is required\.$/],
  ['a blank name', { name: '   ' }, 'name', /^Name is required\.$/],
  ['an over-long name', { name: long(121) }, 'name', /^Name can be at most 120 characters\.$/],
  ['an empty room number', { room_number: '' }, 'room_number', /^Room number is required\.$/],
  [
    'a javascript: website',
    { hotel: { website: 'javascript:alert(1)' } },
    'hotel.website',
    /^hotel\.website must be a web address starting with http:\/\/ or https:\/\/\.$/,
  ],
  ['a data: business link', { area: { businessLink: 'data:text/html,<script>alert(1)</script>' } }, 'area.businessLink', /http:\/\/ or https:\/\//],
  ['a javascript: logo URL', { style: { logoUrl: 'JavaScript:alert(1)' } }, 'style.logoUrl', /http:\/\/ or https:\/\//],
  ['a room photo without a host', { style: { roomPhotoUrl: 'https://' } }, 'style.roomPhotoUrl', /http:\/\/ or https:\/\//],
  ['a javascript: image', { images: ['javascript:alert(1)'] }, 'images', /^images must be web addresses/],
  ['too many images', { images: Array.from({ length: 11 }, (_, i) => `https://cdn.example/${i}.png`) }, 'images', /at most 10/],
  ['a colour name', { style: { primaryColor: 'red' } }, 'style.primaryColor', /^style\.primaryColor must be a colour written #rrggbb\.$/],
  ['a short hex colour', { style: { backgroundColor: '#fff' } }, 'style.backgroundColor', /#rrggbb/],
  ['an over-long description', { hotel: { description: long(2001) } }, 'hotel.description', /^hotel\.description can be at most 2000 characters\.$/],
  ['an over-long phone', { hotel: { phone: long(41) } }, 'hotel.phone', /at most 40 characters/],
  ['an over-long WiFi network name', { content: { wifi: { network: long(33) } } }, 'content.wifi.network', /at most 32 bytes/],
  ['an over-long WiFi password', { content: { wifi: { network: 'Guests', password: long(64) } } }, 'content.wifi.password', /at most 63 characters/],
  ['a number where text belongs', { hotel: { name: 42 } }, 'hotel.name', /^hotel\.name must be text\.$/],
  ['an unknown hotel field', { hotel: { secret: 'x' } }, 'hotel.secret', /^hotel has an unknown field "secret"\.$/],
  ['an unknown wifi field', { content: { wifi: { network: 'a', notes: 'b' } } }, 'content.wifi.notes', /unknown field "notes"/],
  ['activities that are not a list', { area: { activities: 'Beach' } }, 'area.activities', /^area\.activities must be a list\.$/],
  ['an over-long activity', { area: { activities: [long(201)] } }, 'area.activities', /at most 200 characters/],
  ['a hotel that is not an object', { hotel: ['x'] }, 'hotel', /^hotel must be an object\.$/],
];

describe('qr_codes refuses bad input with a readable message', () => {
  for (const [label, input, field, message] of cases) {
    it(`refuses ${label}`, async () => {
      const error = await failure(insertQr(input));
      expect(error.code).toBe('23514');
      expect(error.message).toMatch(message);
      expect(error.detail).toBe(field);
    });
  }

  it('refuses the same input on update', async () => {
    const { rows } = await pool.query<{ id: string }>(
      `insert into public.qr_codes (user_id, property_id, name, room_number) values ($1, $2, 'Ok', '5') returning id`,
      [owner, propertyId],
    );
    const error = await failure(
      queryAs(pool, user(owner), `update public.qr_codes set hotel = '{"website": "javascript:void(0)"}' where id = $1`, [rows[0].id]),
    );
    expect(error).toMatchObject({ code: '23514', detail: 'hotel.website' });
  });

  it('accepts a complete, valid guide and trims name and room number', async () => {
    const { rows } = await insertQr({
      name: '  Sea View  ',
      room_number: ' 101 ',
      hotel: { name: 'Miramar', phone: '+34 971 000 000', website: 'https://miramar.example/en?x=1#top', description: 'Breakfast 7–10.' },
      area: { location: 'Seafront', activities: ['Kayak', 'Museum'], businessLink: 'http://visit.example' },
      style: { primaryColor: '#D4AF37', backgroundColor: '#000000', logoUrl: 'https://cdn.example/logo.png', roomPhotoUrl: '' },
      content: { wifi: { network: 'Miramar-Guests', password: 'sunset-101' } },
      images: ['https://cdn.example/a.webp'],
    });
    expect(rows[0]).toEqual({ name: 'Sea View', room_number: '101' });
  });

  it('accepts empty optional fields and nulls', async () => {
    const { rowCount } = await insertQr({ hotel: { website: '', phone: null }, content: { wifi: null }, style: { logoUrl: null } });
    expect(rowCount).toBe(1);
  });
});

describe('a property’s guide is checked by the rooms’ rules, with the same messages', () => {
  // Every guide-content case above, except the room photo (a property has none).
  const guideCases = cases.filter(([, , field]) => /^(hotel|area|style|content)/.test(field) && field !== 'style.roomPhotoUrl');

  it('covers hotel, area, style and content', () => {
    expect(new Set(guideCases.map(([, , field]) => field.split('.')[0]))).toEqual(new Set(['hotel', 'area', 'style', 'content']));
  });

  for (const [label, input, field, message] of guideCases) {
    it(`refuses ${label}`, async () => {
      const row = { hotel: {}, area: {}, style: {}, content: {}, ...input };
      const error = await failure(
        queryAs(
          pool,
          user(owner),
          `insert into public.properties (name, hotel, area, style, content) values ('Guide', $1, $2, $3, $4)`,
          [JSON.stringify(row.hotel), JSON.stringify(row.area), JSON.stringify(row.style), JSON.stringify(row.content)],
          { rollback: true },
        ),
      );
      expect(error.code).toBe('23514');
      expect(error.message).toMatch(message);
      expect(error.detail).toBe(field);
    });
  }
});

describe('properties refuse bad input with a readable message', () => {
  const insertProperty = (name: string, address: string | null = null, type = 'hotel') =>
    queryAs<{ name: string; address: string | null }>(
      pool,
      user(owner),
      `insert into public.properties (name, address, type) values ($1, $2, $3::public.property_type) returning name, address`,
      [name, address, type],
      { rollback: true },
    );

  it('refuses an empty name', async () => {
    const error = await failure(insertProperty('  '));
    expect(error).toMatchObject({ code: '23514', message: 'Property name is required.', detail: 'name' });
  });

  it('refuses an over-long name', async () => {
    expect(await failure(insertProperty(long(121)))).toMatchObject({ code: '23514', message: 'Property name can be at most 120 characters.' });
  });

  it('refuses an over-long address', async () => {
    expect(await failure(insertProperty('Ok', long(301)))).toMatchObject({ code: '23514', message: 'Address can be at most 300 characters.' });
  });

  it('refuses a type other than hotel or other', async () => {
    const error = await failure(insertProperty('Ok', null, 'castle'));
    expect(error.code).toBe('22P02');
    expect(error.message).toContain('invalid input value for enum property_type');
  });

  it('trims the name and stores an empty address as null', async () => {
    const { rows } = await insertProperty('  Villa Sol ', '   ');
    expect(rows[0]).toEqual({ name: 'Villa Sol', address: null });
  });
});

describe('order of checks', () => {
  it('reports bad input before the quota, so a host at the limit learns what to fix', async () => {
    const full = await createUser(pool, { roomLimit: 0 });
    const property = await createProperty(pool, full);
    const error = await failure(
      queryAs(pool, user(full), `insert into public.qr_codes (property_id, name, room_number, hotel) values ($1, 'X', '1', '{"website": "javascript:x"}')`, [
        property,
      ]),
    );
    expect(error).toMatchObject({ code: '23514', detail: 'hotel.website' });
  });
});

describe('prices.plan_type', () => {
  it('derives the plan from the billing period', async () => {
    // Rolled back, so other test files never see these prices.
    const { rows } = await queryAs<{ plan_type: string | null }>(
      pool,
      serviceRole,
      `insert into public.prices (id, product_id, unit_amount, currency, interval, interval_count)
       values ('price_t_m1', 'prod_local_roomguide', 1, 'eur', 'month', 1), ('price_t_m6', 'prod_local_roomguide', 1, 'eur', 'month', 6),
              ('price_t_y1', 'prod_local_roomguide', 1, 'eur', 'year', 1), ('price_t_m12', 'prod_local_roomguide', 1, 'eur', 'month', 12),
              ('price_t_m3', 'prod_local_roomguide', 1, 'eur', 'month', 3), ('price_t_w1', 'prod_local_roomguide', 1, 'eur', 'week', 1)
       returning plan_type`,
      [],
      { rollback: true },
    );
    expect(rows.map((row) => row.plan_type)).toEqual(['monthly', 'semiannual', 'annual', 'annual', null, null]);
  });
});
