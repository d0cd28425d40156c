/**
 * Guests read a guide only through get_guide(): exactly the fields a guide page shows, null for an unknown
 * id, and no way to list codes or read WiFi passwords in bulk (anon has no access to qr_codes).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { anon, createProperty, createUser, defaultGuestExtras, failure, guideHotel, queryAs, superuserPool, user } from './support.ts';

const pool = superuserPool();
let owner: string;
let roomId: string;

beforeAll(async () => {
  owner = await createUser(pool, { roomLimit: 2 });
  const propertyId = await createProperty(pool, owner, 'Casa Azul');
  const { rows } = await pool.query<{ id: string }>(
    `insert into public.qr_codes (user_id, property_id, name, room_number, template, hotel, area, style, content, images)
     values ($1, $2, 'Blue Room', '12', 'beach',
       '{"name": "Casa Azul", "website": "https://casa-azul.example"}',
       '{"location": "Old town", "activities": ["Kayak"]}',
       '{"primaryColor": "#0000ff"}',
       '{"wifi": {"network": "Azul", "password": "ocean-12"}}',
       '{https://cdn.example/room12.webp}')
     returning id`,
    [owner, propertyId],
  );
  roomId = rows[0].id;
  await pool.query('select public.record_scan($1)', [roomId]);
});

describe('get_guide', () => {
  it('returns exactly the guide fields to anon', async () => {
    const { rows } = await queryAs<{ guide: Record<string, unknown> }>(pool, anon, 'select public.get_guide($1) as guide', [roomId]);
    const guide = rows[0].guide;
    expect(Object.keys(guide).sort()).toEqual(
      [
        'area',
        'content',
        'hotel',
        'id',
        'images',
        'language',
        'name',
        'notices',
        'property_name',
        'requests',
        'room_number',
        'style',
        'template',
        'translations',
      ].sort(),
    );
    expect(guide).toEqual({
      id: roomId,
      name: 'Blue Room',
      room_number: '12',
      template: 'beach',
      property_name: 'Casa Azul',
      style: { primaryColor: '#0000ff', backgroundColor: null, logoUrl: null, roomPhotoUrl: null },
      content: { wifi: { network: 'Azul', password: 'ocean-12' } },
      hotel: guideHotel({ name: 'Casa Azul', website: 'https://casa-azul.example' }),
      area: { location: 'Old town', activities: ['Kayak'], businessLink: null },
      images: ['https://cdn.example/room12.webp'],
      language: 'en',
      translations: {},
      ...defaultGuestExtras,
    });
  });

  it('never exposes owner or statistics columns', async () => {
    const { rows } = await queryAs<{ guide: string }>(pool, anon, 'select public.get_guide($1)::text as guide', [roomId]);
    for (const hidden of ['user_id', 'property_id', 'scan_count', 'scan_history', 'last_scanned_at', 'created_at', 'updated_at', owner]) {
      expect(rows[0].guide).not.toContain(hidden);
    }
  });

  it('gives content.wifi null when no WiFi is set', async () => {
    const propertyId = await createProperty(pool, owner, 'No WiFi Inn');
    const { rows } = await pool.query<{ id: string }>(
      `insert into public.qr_codes (user_id, property_id, name, room_number) values ($1, $2, 'Plain', '1') returning id`,
      [owner, propertyId],
    );
    const guide = await queryAs<{ guide: { content: unknown; area: { activities: unknown } } }>(pool, anon, 'select public.get_guide($1) as guide', [
      rows[0].id,
    ]);
    expect(guide.rows[0].guide.content).toEqual({ wifi: null });
    expect(guide.rows[0].guide.area.activities).toEqual([]);
  });

  it('returns null for an unknown id', async () => {
    const { rows } = await queryAs<{ guide: unknown }>(pool, anon, 'select public.get_guide($1) as guide', ['00000000-0000-4000-8000-000000000000']);
    expect(rows[0].guide).toBeNull();
  });

  it('is declared stable (PostgREST can serve it on GET, read-only)', async () => {
    const { rows } = await pool.query<{ provolatile: string; prosecdef: boolean }>(
      `select provolatile, prosecdef from pg_proc where oid = 'public.get_guide(uuid, text)'::regprocedure`,
    );
    expect(rows[0]).toEqual({ provolatile: 's', prosecdef: true });
  });

  it('works inside a read-only transaction, as PostgREST runs GET requests', async () => {
    const client = await pool.connect();
    try {
      await client.query('begin read only');
      await client.query(`select set_config('role', 'anon', true), set_config('request.jwt.claims', '{"role":"anon"}', true)`);
      const { rows } = await client.query<{ guide: { id: string } }>('select public.get_guide($1) as guide', [roomId]);
      expect(rows[0].guide.id).toBe(roomId);
      await client.query('rollback');
    } finally {
      client.release();
    }
  });
});

describe('guests cannot read codes directly', () => {
  it('refuses anon any select on qr_codes', async () => {
    expect((await failure(queryAs(pool, anon, 'select id from public.qr_codes'))).code).toBe('42501');
    expect((await failure(queryAs(pool, anon, `select content -> 'wifi' from public.qr_codes`))).code).toBe('42501');
  });

  it('shows another signed-in user none of the codes', async () => {
    const stranger = await createUser(pool);
    const { rowCount } = await queryAs(pool, user(stranger), 'select id from public.qr_codes');
    expect(rowCount).toBe(0);
  });

  it('lets only anon, authenticated and service_role execute the two guest functions', async () => {
    const { rows } = await pool.query<{ fn: string; grantee: string }>(
      `select p.proname as fn, r.rolname as grantee
       from pg_proc p cross join lateral aclexplode(p.proacl) a join pg_roles r on r.oid = a.grantee
       where p.pronamespace = 'public'::regnamespace and p.proname in ('get_guide', 'record_scan') and a.privilege_type = 'EXECUTE'
       order by 1, 2`,
    );
    const grantees = (fn: string) =>
      rows
        .filter((row) => row.fn === fn)
        .map((row) => row.grantee)
        .filter((role) => role !== 'postgres');
    expect(grantees('get_guide')).toEqual(['anon', 'authenticated', 'service_role']);
    expect(grantees('record_scan')).toEqual(['anon', 'authenticated', 'service_role']);
  });
});
