/**
 * The guide's field list (src/lib/guide-fields.ts) and the database agree: get_guide() answers exactly the listed
 * fields, the validation trigger accepts each at its kind's and length's limit and refuses it just past them (naming
 * the field's path in `details`), a property holds exactly the inheritable fields, and a room with nothing of its own
 * shows the property's value for exactly those. Changing one side without the other fails here.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { guideField, guideFields, valueAt, type GuideField } from '../../src/lib/guide-fields.ts';
import { anon, as, createProperty, createUser, failure, queryAs, superuserPool, user } from './support.ts';

const pool = superuserPool();
let owner: string;
let propertyId: string;

/**
 * What get_guide answers besides the fields: the room's id and the property's name (and, with translations, those;
 * and for guests, whether they may send requests and the hosts' notices).
 */
const NOT_FIELDS = new Set(['id', 'property_name', 'language', 'translations', 'requests', 'notices']);
/** The room's own columns; everything else is in a JSON column named by the path's first part. */
const COLUMNS = new Set(['name', 'room_number', 'images', 'template']);

beforeAll(async () => {
  owner = await createUser(pool, { roomLimit: 10 });
  propertyId = await createProperty(pool, owner);
});

/** The leaf paths of get_guide's JSON (`content.wifi.password`), objects walked into. */
function leafPaths(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return [prefix];
  return Object.entries(value).flatMap(([key, inner]) => (prefix === '' && NOT_FIELDS.has(key) ? [] : leafPaths(inner, prefix ? `${prefix}.${key}` : key)));
}

/** A room row's columns with `value` at a field's path and valid values elsewhere. */
function roomWith(path: string, value: unknown): Record<string, unknown> {
  const row: Record<string, unknown> = { name: 'Room', room_number: '1', hotel: {}, area: {}, style: {}, content: {}, images: [], template: null };
  const [column, ...keys] = path.split('.');
  row[column] = COLUMNS.has(column) ? value : keys.reduceRight<unknown>((inner, key) => ({ [key]: inner }), value);
  return row;
}

/** Inserts the room as its owner and rolls back; resolves when the database accepts it. */
function insertRoom(row: Record<string, unknown>): Promise<unknown> {
  return as(
    pool,
    user(owner),
    (client) =>
      client.query(
        `insert into public.qr_codes (property_id, name, room_number, hotel, area, style, content, images, template)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
        [propertyId, row.name, row.room_number, row.hotel, row.area, row.style, row.content, row.images, row.template],
      ),
    { rollback: true },
  );
}

const urlOfLength = (length: number) => `https://a.example/${'x'.repeat(length - 'https://a.example/'.length)}`;

/** Values the database must accept and refuse for a field, from its definition alone. */
function limits(field: GuideField): { accepted: unknown[]; refused: unknown[] } {
  switch (field.kind) {
    case 'text':
      return { accepted: ['x'.repeat(field.maxLength)], refused: ['x'.repeat(field.maxLength + 1), ...('required' in field ? [''] : [])] };
    case 'url':
      return { accepted: [urlOfLength(field.maxLength)], refused: [urlOfLength(field.maxLength + 1), 'ftp://a.example/x', 'javascript:alert(1)'] };
    case 'colour':
      return { accepted: ['#1e5aA8'], refused: ['#1e5aa', 'blue'] };
    case 'ssid':
      // Bytes, not characters: é is two bytes in UTF-8.
      return { accepted: ['é'.repeat(field.maxLength / 2)], refused: ['é'.repeat(field.maxLength / 2 + 1)] };
    case 'list': {
      const item = field.item.kind === 'url' ? urlOfLength(field.item.maxLength) : 'x'.repeat(field.item.maxLength);
      const tooLong = field.item.kind === 'url' ? urlOfLength(field.item.maxLength + 1) : 'x'.repeat(field.item.maxLength + 1);
      return { accepted: [Array(field.maxLength).fill(item)], refused: [Array(field.maxLength + 1).fill(item), [tooLong]] };
    }
    case 'choice':
      return { accepted: [...field.choices], refused: ['neon'] };
  }
}

describe('the guide field list and the database', () => {
  it('get_guide answers exactly the listed fields, at their paths', async () => {
    const { rows } = await pool.query<{ id: string }>(
      `insert into public.qr_codes (user_id, property_id, name, room_number, content) values ($1, $2, 'Room', '2', '{"wifi": {"network": "N"}}') returning id`,
      [owner, propertyId],
    );
    const guide = (await queryAs<{ guide: unknown }>(pool, anon, 'select public.get_guide($1) as guide', [rows[0].id])).rows[0].guide;
    expect(leafPaths(guide).sort()).toEqual(guideFields.map((field) => field.path).sort());
  });

  it.each(guideFields.map((field) => [field.path, field] as const))('%s: accepted at its limits, refused past them', async (path, field) => {
    const { accepted, refused } = limits(field);
    for (const value of accepted) await insertRoom(roomWith(path, value));
    for (const value of refused) {
      const error = await failure(insertRoom(roomWith(path, value)));
      // An enum refuses an unknown template itself (no field in `details`); the trigger names the field.
      if (field.kind === 'choice') expect(error.code, path).toBe('22P02');
      else expect([error.code, error.detail], `${path} = ${JSON.stringify(value).slice(0, 40)}`).toEqual(['23514', path]);
    }
  });

  it('the database’s own list (private.guide_fields) is the app’s, field for field', async () => {
    const { rows } = await pool.query('select * from private.guide_fields()');
    expect(rows).toEqual(
      guideFields.map((field) => ({
        path: field.path,
        kind: field.kind,
        max_length: 'maxLength' in field ? field.maxLength : null,
        item_kind: field.kind === 'list' ? field.item.kind : null,
        item_max_length: field.kind === 'list' ? field.item.maxLength : null,
        guest_text: field.guestText,
        inheritable: field.inheritable,
      })),
    );
  });

  it('every guest text is translatable on a property, read in the guest’s language, and overridable in bulk', async () => {
    const property = await createProperty(pool, owner, 'Translated');
    const shared = guideFields.filter((field) => field.guestText && field.inheritable && !COLUMNS.has(field.path));
    const original = (field: GuideField) => (field.kind === 'list' ? ['Original'] : `Original ${field.key}`);
    const hotel: Record<string, unknown> = {};
    const area: Record<string, unknown> = {};
    for (const field of shared) (field.path.startsWith('hotel.') ? hotel : area)[field.path.split('.')[1]] = original(field);
    const german = Object.fromEntries(shared.map((field) => [field.path, field.kind === 'list' ? { Original: 'Übersetzt' } : `Übersetzt ${field.key}`]));
    await queryAs(pool, user(owner), 'update public.properties set hotel = $2, area = $3, translations = $4 where id = $1', [
      property,
      hotel,
      area,
      { de: german },
    ]);
    const { rows } = await pool.query<{ id: string }>(
      `insert into public.qr_codes (user_id, property_id, name, room_number) values ($1, $2, 'Room', '1') returning id`,
      [owner, property],
    );
    const guide = (await queryAs<{ guide: unknown }>(pool, anon, `select public.get_guide($1, 'de') as guide`, [rows[0].id])).rows[0].guide;
    for (const field of shared) {
      expect(valueAt(guide, field.path), field.path).toEqual(field.kind === 'list' ? ['Übersetzt'] : `Übersetzt ${field.key}`);
    }

    // Rooms in bulk may set and clear every field a property shares.
    for (const field of guideFields.filter((candidate) => candidate.inheritable)) {
      const value = limits(field).accepted[0];
      await as(pool, user(owner), (client) => client.query('select public.update_rooms($1, $2)', [[rows[0].id], { [field.path]: value }]), {
        rollback: true,
      });
      await as(pool, user(owner), (client) => client.query('select public.update_rooms($1, $2, $3)', [[rows[0].id], {}, [field.path]]), {
        rollback: true,
      });
    }
  });

  it('refuses a field the list does not have', async () => {
    const error = await failure(insertRoom(roomWith('hotel.email', 'desk@hotel.example')));
    expect([error.code, error.detail]).toEqual(['23514', 'hotel.email']);
  });

  it("a property holds exactly the inheritable fields, and a room without its own value shows the property's", async () => {
    const property = await createProperty(pool, owner, 'Inherited');
    const sample = (field: GuideField) => limits(field).accepted[0];
    const inheritable = guideFields.filter((field) => field.inheritable);
    const columns: Record<string, Record<string, unknown>> = { hotel: {}, area: {}, style: {}, content: { wifi: {} } };
    for (const field of inheritable.filter((candidate) => !COLUMNS.has(candidate.path))) {
      const [column, ...keys] = field.path.split('.');
      let target = columns[column];
      for (const key of keys.slice(0, -1)) target = target[key] as Record<string, unknown>;
      target[keys[keys.length - 1]] = sample(field);
    }
    await queryAs(pool, user(owner), 'update public.properties set hotel = $2, area = $3, style = $4, content = $5, template = $6 where id = $1', [
      property,
      columns.hotel,
      columns.area,
      columns.style,
      columns.content,
      sample(guideField('template')),
    ]);

    // The others are not a property's: its guide refuses them.
    for (const field of guideFields.filter((candidate) => !candidate.inheritable && !COLUMNS.has(candidate.path))) {
      const [column, key] = field.path.split('.');
      const error = await failure(
        queryAs(pool, user(owner), `update public.properties set ${column} = $2 where id = $1`, [property, { [key]: sample(field) }]),
      );
      expect([error.code, error.detail], field.path).toEqual(['23514', field.path]);
    }

    const { rows } = await pool.query<{ id: string }>(
      `insert into public.qr_codes (user_id, property_id, name, room_number) values ($1, $2, 'Bare', '1') returning id`,
      [owner, property],
    );
    const guide = (await queryAs<{ guide: unknown }>(pool, anon, 'select public.get_guide($1) as guide', [rows[0].id])).rows[0].guide;
    for (const field of inheritable) expect(valueAt(guide, field.path), field.path).toEqual(sample(field));
  });
});
