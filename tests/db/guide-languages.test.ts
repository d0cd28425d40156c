/**
 * Host texts in seven languages: the `translations` of properties and rooms, their validation (the originals'
 * rules and messages, the language appended to the field path), the machine/host state and how it follows the
 * originals, and get_guide's per-field, per-language fallback (room override vs property translation, missing
 * language, empty translation), with and without its `lang` argument. Guests still read only through get_guide.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { anon, createUser, failure, queryAs, serviceRole, superuserPool, user, type Caller } from './support.ts';

const pool = superuserPool();
let owner: string;
let other: string;

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- jsonb read by path in assertions

beforeAll(async () => {
  owner = await createUser(pool, { roomLimit: 100 });
  other = await createUser(pool, { roomLimit: 100 });
});

const hotel = { name: 'Hotel Sol', phone: '+34 900 100 200', website: 'https://sol.example', description: 'Breakfast from 7 in the courtyard.' };
const area = { location: 'Old town', activities: ['Cathedral', 'Market', 'Harbour walk'], businessLink: 'https://visit.example' };

async function createGuideProperty(columns: Json = {}, caller: Caller = user(owner)): Promise<string> {
  const { rows } = await queryAs<{ id: string }>(
    pool,
    caller,
    `insert into public.properties (name, hotel, area, original_language, translations) values ('Sol', $1, $2, $3, $4) returning id`,
    [columns.hotel ?? hotel, columns.area ?? area, columns.original_language ?? 'en', columns.translations ?? {}],
  );
  return rows[0].id;
}

async function createRoom(propertyId: string, columns: Json = {}, caller: Caller = user(owner)): Promise<string> {
  const { rows } = await queryAs<{ id: string }>(
    pool,
    caller,
    `insert into public.qr_codes (property_id, name, room_number, hotel, area, translations) values ($1, $2, $3, $4, $5, $6) returning id`,
    [
      propertyId,
      columns.name ?? 'Harbour Room',
      columns.room_number ?? String(Math.floor(Math.random() * 1e6)),
      columns.hotel ?? {},
      columns.area ?? {},
      columns.translations ?? {},
    ],
  );
  return rows[0].id;
}

async function propertyTranslations(id: string): Promise<Json> {
  return (await pool.query<{ translations: Json }>('select translations from public.properties where id = $1', [id])).rows[0].translations;
}

async function roomTranslations(id: string): Promise<Json> {
  return (await pool.query<{ translations: Json }>('select translations from public.qr_codes where id = $1', [id])).rows[0].translations;
}

function updateProperty(id: string, set: string, params: unknown[] = [], caller: Caller = user(owner)) {
  return queryAs(pool, caller, `update public.properties set ${set} where id = $1`, [id, ...params]);
}

function updateRoom(id: string, set: string, params: unknown[] = [], caller: Caller = user(owner)) {
  return queryAs(pool, caller, `update public.qr_codes set ${set} where id = $1`, [id, ...params]);
}

async function guideOf(id: string, lang?: string): Promise<Json> {
  const { rows } = lang
    ? await queryAs<{ guide: Json }>(pool, anon, 'select public.get_guide($1, $2) as guide', [id, lang])
    : await queryAs<{ guide: Json }>(pool, anon, 'select public.get_guide($1) as guide', [id]);
  return rows[0].guide;
}

describe('storing translations', () => {
  it('stores a host’s texts as host entries, trimmed, from plain strings or objects', async () => {
    const id = await createGuideProperty({
      translations: { ja: { 'hotel.description': '  中庭で7時から朝食。 ', 'area.activities': { Market: { text: '市場' } } } },
    });
    expect(await propertyTranslations(id)).toEqual({
      ja: { 'hotel.description': { text: '中庭で7時から朝食。', source: 'host' }, 'area.activities': { Market: { text: '市場', source: 'host' } } },
    });
  });

  it('never lets a host label a text machine-translated; the service role may', async () => {
    const id = await createGuideProperty();
    await updateProperty(id, 'translations = $2', [{ fr: { 'hotel.name': { text: 'Hôtel Sol', source: 'machine' } } }]);
    expect((await propertyTranslations(id)).fr['hotel.name']).toEqual({ text: 'Hôtel Sol', source: 'host' });

    await updateProperty(id, 'translations = $2', [{ fr: { 'hotel.name': { text: 'Hôtel du Soleil', source: 'machine' } } }], serviceRole);
    expect((await propertyTranslations(id)).fr['hotel.name']).toEqual({ text: 'Hôtel du Soleil', source: 'machine' });
    // Sending the machine text back unchanged (a form saving everything) keeps it a machine text ...
    await updateProperty(id, 'translations = translations, area = area');
    expect((await propertyTranslations(id)).fr['hotel.name'].source).toBe('machine');
    // ... accepting it makes it the host's, and so does editing it.
    await updateProperty(id, 'translations = $2', [{ fr: { 'hotel.name': { text: 'Hôtel du Soleil', source: 'host' } } }]);
    expect((await propertyTranslations(id)).fr['hotel.name']).toEqual({ text: 'Hôtel du Soleil', source: 'host' });
    await updateProperty(id, 'translations = $2', [{ fr: { 'hotel.name': { text: 'Hôtel du Soleil', source: 'machine' } } }]);
    expect((await propertyTranslations(id)).fr['hotel.name'].source).toBe('host');
  });

  it('drops an empty translation instead of storing it', async () => {
    const id = await createGuideProperty({ translations: { de: { 'hotel.name': '   ', 'area.location': 'Altstadt' } } });
    expect(await propertyTranslations(id)).toEqual({ de: { 'area.location': { text: 'Altstadt', source: 'host' } } });
  });

  it('lets a host write translations and the original language, and nobody else', async () => {
    const id = await createGuideProperty();
    const { rowCount } = await updateProperty(id, 'translations = $2', [{ it: { 'hotel.name': 'Albergo Sol' } }], user(other));
    expect(rowCount).toBe(0);
    expect((await failure(updateProperty(id, `original_language = 'es'`, [], anon))).code).toBe('42501');
    await updateProperty(id, `original_language = 'es'`);
    expect((await pool.query('select original_language from public.properties where id = $1', [id])).rows[0].original_language).toBe('es');
  });
});

describe('validation: the originals’ rules and messages, the language in the field path', () => {
  const cases: [string, Json, string, string][] = [
    ['a description too long', { ja: { 'hotel.description': 'あ'.repeat(2001) } }, 'hotel.description can be at most 2000 characters.', 'hotel.description.ja'],
    ['a hotel name too long', { fr: { 'hotel.name': 'x'.repeat(121) } }, 'hotel.name can be at most 120 characters.', 'hotel.name.fr'],
    ['a location too long', { de: { 'area.location': 'x'.repeat(301) } }, 'area.location can be at most 300 characters.', 'area.location.de'],
    [
      'an activity too long',
      { it: { 'area.activities': { Market: 'x'.repeat(201) } } },
      'area.activities items can be at most 200 characters.',
      'area.activities.it',
    ],
    [
      'an activity that is not in the list',
      { es: { 'area.activities': { Zoo: 'Zoológico' } } },
      'area.activities has no activity "Zoo" to translate.',
      'area.activities.es',
    ],
    ['a field that is not text', { ja: { 'hotel.phone': '電話' } }, 'hotel.phone cannot be translated.', 'hotel.phone.ja'],
    ['a room field on the property', { ja: { name: '部屋' } }, 'name cannot be translated.', 'name.ja'],
    [
      'an unknown language',
      { pt: { 'hotel.name': 'Hotel Sol' } },
      'translations has an unknown language "pt"; use one of en, es, fr, de, it, zh, ja.',
      'translations.pt',
    ],
    ['a language that is not an object', { ja: 'ホテル' }, 'translations.ja must be an object.', 'translations.ja'],
    ['an entry that is not text', { zh: { 'hotel.name': 42 } }, 'hotel.name.zh must be text.', 'hotel.name.zh'],
    [
      'an entry with an unknown field',
      { zh: { 'hotel.name': { text: '太阳酒店', note: 'x' } } },
      'hotel.name.zh has an unknown field "note".',
      'hotel.name.zh',
    ],
    ['an unknown source', { zh: { 'hotel.name': { text: '太阳酒店', source: 'friend' } } }, 'hotel.name.zh.source must be host or machine.', 'hotel.name.zh'],
    [
      'activities that are not per activity',
      { fr: { 'area.activities': ['Cathédrale'] } },
      'area.activities.fr must be an object with one entry per activity.',
      'area.activities.fr',
    ],
  ];

  for (const [what, translations, message, detail] of cases) {
    it(`refuses ${what} (${detail}) and keeps what was saved`, async () => {
      const id = await createGuideProperty({ translations: { ja: { 'hotel.name': 'ホテル・ソル' } } });
      const error = await failure(updateProperty(id, 'translations = $2', [translations]));
      expect({ code: error.code, message: error.message, detail: error.detail }).toEqual({ code: '23514', message, detail });
      expect(await propertyTranslations(id)).toEqual({ ja: { 'hotel.name': { text: 'ホテル・ソル', source: 'host' } } });
    });
  }

  it('refuses a translation of a field without original text', async () => {
    const id = await createGuideProperty({ hotel: { name: 'Hotel Sol' } });
    const error = await failure(updateProperty(id, 'translations = $2', [{ ja: { 'hotel.description': '朝食' } }]));
    expect({ message: error.message, detail: error.detail }).toEqual({
      message: 'hotel.description has no text to translate.',
      detail: 'hotel.description.ja',
    });
  });

  it('checks a room name’s translation with the room name’s rules', async () => {
    const propertyId = await createGuideProperty();
    const error = await failure(createRoom(propertyId, { translations: { zh: { name: '房'.repeat(121) } } }));
    expect({ code: error.code, message: error.message, detail: error.detail }).toEqual({
      code: '23514',
      message: 'Name can be at most 120 characters.',
      detail: 'name.zh',
    });
  });

  it('refuses a room translation of a field the room inherits', async () => {
    const propertyId = await createGuideProperty();
    const error = await failure(createRoom(propertyId, { translations: { ja: { 'hotel.description': '朝食' } } }));
    expect({ message: error.message, detail: error.detail }).toEqual({
      message: 'hotel.description has no text to translate.',
      detail: 'hotel.description.ja',
    });
  });

  it('refuses an unknown original language with a readable message', async () => {
    const id = await createGuideProperty();
    const error = await failure(updateProperty(id, `original_language = 'pt'`));
    expect({ code: error.code, message: error.message, detail: error.detail }).toEqual({
      code: '23514',
      message: 'Original language must be one of en, es, fr, de, it, zh, ja.',
      detail: 'original_language',
    });
  });
});

describe('machine and host translations when the original changes', () => {
  async function propertyWithMixedTranslations(): Promise<string> {
    const id = await createGuideProperty({ translations: { ja: { 'hotel.description': '中庭で7時から朝食。' } } });
    await updateProperty(
      id,
      `translations = translations || $2`,
      [{ fr: { 'hotel.description': { text: 'Petit-déjeuner dès 7 h.', source: 'machine' }, 'hotel.name': { text: 'Hôtel Sol', source: 'machine' } } }],
      serviceRole,
    );
    return id;
  }

  it('removes untouched machine translations of the changed text, keeps the host’s marked outdated, and leaves other fields alone', async () => {
    const id = await propertyWithMixedTranslations();
    await updateProperty(id, `hotel = hotel || '{"description": "Breakfast from 8 on the roof."}'`);
    expect(await propertyTranslations(id)).toEqual({
      ja: { 'hotel.description': { text: '中庭で7時から朝食。', source: 'host', outdated: true } },
      fr: { 'hotel.name': { text: 'Hôtel Sol', source: 'machine' } },
    });
  });

  it('keeps a translation written together with its new original as current', async () => {
    const id = await propertyWithMixedTranslations();
    await updateProperty(id, `hotel = hotel || '{"description": "Breakfast from 8."}', translations = $2`, [
      { ja: { 'hotel.description': '8時から朝食。' }, fr: { 'hotel.name': { text: 'Hôtel Sol', source: 'machine' } } },
    ]);
    expect(await propertyTranslations(id)).toEqual({
      ja: { 'hotel.description': { text: '8時から朝食。', source: 'host' } },
      fr: { 'hotel.name': { text: 'Hôtel Sol', source: 'machine' } },
    });
  });

  it('lets the host clear `outdated` after review', async () => {
    const id = await propertyWithMixedTranslations();
    await updateProperty(id, `hotel = hotel || '{"description": "Breakfast from 7 in the garden."}'`);
    await updateProperty(id, `translations = jsonb_set(translations, '{ja,hotel.description}', '{"text": "中庭で7時から朝食。", "source": "host"}')`);
    expect((await propertyTranslations(id)).ja['hotel.description']).toEqual({ text: '中庭で7時から朝食。', source: 'host' });
  });

  it('takes the translations of an emptied original with it', async () => {
    const id = await propertyWithMixedTranslations();
    await updateProperty(id, `hotel = hotel || '{"description": ""}'`);
    expect(await propertyTranslations(id)).toEqual({ fr: { 'hotel.name': { text: 'Hôtel Sol', source: 'machine' } } });
  });

  it('drops every machine translation of the property and its rooms when the original language changes', async () => {
    const id = await propertyWithMixedTranslations();
    const roomId = await createRoom(id, { name: 'Sea Room', translations: { de: { name: 'Meerzimmer' } } });
    await updateRoom(roomId, `translations = translations || '{"it": {"name": {"text": "Camera sul mare", "source": "machine"}}}'`, [], serviceRole);
    await updateProperty(id, `original_language = 'es'`);
    expect(await propertyTranslations(id)).toEqual({ ja: { 'hotel.description': { text: '中庭で7時から朝食。', source: 'host' } } });
    expect(await roomTranslations(roomId)).toEqual({ de: { name: { text: 'Meerzimmer', source: 'host' } } });
  });

  it('follows room overrides changed in bulk: a new override outdates the room’s texts, a cleared one takes them away', async () => {
    const propertyId = await createGuideProperty({ translations: { ja: { 'hotel.description': '朝食' } } });
    const changed = await createRoom(propertyId, {
      hotel: { description: 'Late checkout.' },
      translations: { ja: { 'hotel.description': 'レイトチェックアウト' } },
    });
    const cleared = await createRoom(propertyId, {
      hotel: { description: 'Late checkout.' },
      translations: { ja: { 'hotel.description': 'レイトチェックアウト' } },
    });
    await queryAs(pool, user(owner), `select id from public.update_rooms(array[$1]::uuid[], '{"hotel.description": "Checkout at 14:00."}')`, [changed]);
    await queryAs(pool, user(owner), `select id from public.update_rooms(array[$1]::uuid[], '{}', '{hotel.description}')`, [cleared]);
    expect(await roomTranslations(changed)).toEqual({ ja: { 'hotel.description': { text: 'レイトチェックアウト', source: 'host', outdated: true } } });
    expect(await roomTranslations(cleared)).toEqual({});
    // The cleared room inherits the property's description again, with its translation.
    expect((await guideOf(cleared, 'ja')).hotel.description).toBe('朝食');
  });

  describe('activities, keyed by the original activity', () => {
    async function propertyWithActivityTranslations(): Promise<string> {
      const id = await createGuideProperty({ translations: { ja: { 'area.activities': { Cathedral: '大聖堂', Market: '市場' } } } });
      await updateProperty(
        id,
        `translations = jsonb_set(translations, '{ja,area.activities,Harbour walk}', '{"text": "港の散歩", "source": "machine"}')`,
        [],
        serviceRole,
      );
      return id;
    }
    const setActivities = (id: string, activities: string[]) => updateProperty(id, `area = jsonb_set(area, '{activities}', $2)`, [JSON.stringify(activities)]);

    it('keeps every translation when the list is reordered', async () => {
      const id = await propertyWithActivityTranslations();
      const before = await propertyTranslations(id);
      await setActivities(id, ['Harbour walk', 'Market', 'Cathedral']);
      expect(await propertyTranslations(id)).toEqual(before);
      expect((await guideOf(await createRoom(id), 'ja')).area.activities).toEqual(['港の散歩', '市場', '大聖堂']);
    });

    it('takes a removed activity’s translation with it and leaves a new one missing', async () => {
      const id = await propertyWithActivityTranslations();
      await setActivities(id, ['Cathedral', 'Harbour walk', 'Beach']);
      expect((await propertyTranslations(id)).ja['area.activities']).toEqual({
        Cathedral: { text: '大聖堂', source: 'host' },
        'Harbour walk': { text: '港の散歩', source: 'machine' },
      });
      expect((await guideOf(await createRoom(id))).translations.ja.area.activities).toEqual(['大聖堂', '港の散歩', null]);
    });

    it('carries the host’s translation of an activity edited in place, marked outdated, and drops the machine’s', async () => {
      const id = await propertyWithActivityTranslations();
      await setActivities(id, ['Cathedral', 'Market (Sundays)', 'Harbour walk at sunset']);
      expect((await propertyTranslations(id)).ja['area.activities']).toEqual({
        Cathedral: { text: '大聖堂', source: 'host' },
        'Market (Sundays)': { text: '市場', source: 'host', outdated: true },
      });
    });
  });
});

describe('get_guide: each text in the guest’s language, the original as fallback', () => {
  let propertyId: string;
  let inheriting: string;
  let overriding: string;
  let hiding: string;

  beforeAll(async () => {
    propertyId = await createGuideProperty({
      translations: {
        ja: { 'hotel.description': '中庭で7時から朝食。', 'hotel.name': 'ホテル・ソル', 'area.activities': { Market: '市場' } },
        fr: { 'area.location': 'Vieille ville' },
      },
    });
    inheriting = await createRoom(propertyId, { name: 'Sea Room', translations: { ja: { name: '海の部屋' } } });
    overriding = await createRoom(propertyId, {
      hotel: { description: 'Breakfast served in your room.' },
      area: { activities: ['Sailing', 'Market'] },
      translations: { fr: { 'hotel.description': 'Petit-déjeuner servi en chambre.' } },
    });
    hiding = await createRoom(propertyId, { hotel: { description: null } });
  });

  it('keeps today’s keys and values and adds the original language and the translations', async () => {
    const guide = await guideOf(inheriting);
    expect(guide.hotel).toEqual({ name: 'Hotel Sol', phone: hotel.phone, website: hotel.website, description: hotel.description });
    expect(guide.name).toBe('Sea Room');
    expect(guide.language).toBe('en');
    expect(guide.translations).toEqual({
      ja: {
        name: '海の部屋',
        hotel: { name: 'ホテル・ソル', description: '中庭で7時から朝食。' },
        area: { activities: [null, '市場', null] },
      },
      fr: { area: { location: 'Vieille ville' } },
    });
  });

  it('a room that inherits shows the property’s translations, per field and per activity', async () => {
    const guide = await guideOf(inheriting, 'ja');
    expect(guide.name).toBe('海の部屋');
    expect(guide.hotel).toEqual({ name: 'ホテル・ソル', phone: hotel.phone, website: hotel.website, description: '中庭で7時から朝食。' });
    expect(guide.area).toEqual({ location: 'Old town', activities: ['Cathedral', '市場', 'Harbour walk'], businessLink: area.businessLink });
    expect(guide).not.toHaveProperty('translations');
  });

  it('a room that overrides a text shows its own translations of it, never the property’s translation of another text', async () => {
    const japanese = await guideOf(overriding, 'ja');
    expect(japanese.hotel.description).toBe('Breakfast served in your room.');
    expect(japanese.hotel.name).toBe('ホテル・ソル');
    // The room's own list: its "Market" has no Japanese of the room's, so the room's original shows.
    expect(japanese.area.activities).toEqual(['Sailing', 'Market']);
    expect(japanese.name).toBe('Harbour Room');
    expect((await guideOf(overriding, 'fr')).hotel.description).toBe('Petit-déjeuner servi en chambre.');
  });

  it('a room that hides a text (null) shows no translation of it either', async () => {
    expect((await guideOf(hiding, 'ja')).hotel.description).toBeNull();
    expect((await guideOf(hiding)).translations.ja.hotel).toEqual({ name: 'ホテル・ソル' });
  });

  it('a language without texts, the original language and an unknown code give the originals', async () => {
    const originals = await guideOf(inheriting);
    const { translations: _translations, ...withoutTranslations } = originals;
    for (const lang of ['de', 'en', 'xx']) expect(await guideOf(inheriting, lang)).toEqual(withoutTranslations);
  });

  it('never lists the original language among the translations', async () => {
    const japaneseHost = await createGuideProperty({
      original_language: 'ja',
      hotel: { name: 'ホテル・ソル' },
      translations: { ja: { 'hotel.name': 'ホテル' }, en: { 'hotel.name': 'Hotel Sol' } },
    });
    const room = await createRoom(japaneseHost);
    expect((await guideOf(room)).translations).toEqual({ en: { hotel: { name: 'Hotel Sol' } } });
    expect((await guideOf(room, 'ja')).hotel.name).toBe('ホテル・ソル');
  });

  it('gives the owner the same translations in the `guide` computed field', async () => {
    const { rows } = await queryAs<{ guide: Json }>(pool, user(owner), 'select public.guide(q) as guide from public.qr_codes q where q.id = $1', [inheriting]);
    expect(rows[0].guide).toEqual(await guideOf(inheriting));
  });
});

describe('translation_status (hosts: which languages are complete)', () => {
  it('counts a property’s texts and, per language, translated, machine, outdated and missing', async () => {
    const id = await createGuideProperty({ translations: { ja: { 'hotel.description': '朝食', 'area.activities': { Market: '市場' } } } });
    await updateProperty(id, `translations = translations || '{"fr": {"hotel.name": {"text": "Hôtel Sol", "source": "machine"}}}'`, [], serviceRole);
    await updateProperty(id, `hotel = hotel || '{"description": "Breakfast from 8."}'`);
    const { rows } = await queryAs<{ status: Json }>(pool, user(owner), 'select translation_status(p) as status from public.properties p where id = $1', [id]);
    // hotel.name, hotel.description, area.location and three activities.
    expect(rows[0].status.texts).toBe(6);
    expect(rows[0].status.original).toBe('en');
    expect(rows[0].status.languages.ja).toEqual({ translated: 2, machine: 0, outdated: 1, missing: 4 });
    expect(rows[0].status.languages.fr).toEqual({ translated: 1, machine: 1, outdated: 0, missing: 5 });
    expect(Object.keys(rows[0].status.languages).sort()).toEqual(['de', 'es', 'fr', 'it', 'ja', 'zh']);
  });

  it('counts every text a room’s guest sees: its own and the inherited ones, each with its own translations', async () => {
    const propertyId = await createGuideProperty({ translations: { ja: { 'hotel.description': '朝食', 'hotel.name': 'ホテル' } } });
    const roomId = await createRoom(propertyId, { name: 'Suite', hotel: { description: 'Late checkout.' }, translations: { ja: { name: 'スイート' } } });
    const { rows } = await queryAs<{ status: Json }>(pool, user(owner), 'select translation_status(q) as status from public.qr_codes q where id = $1', [
      roomId,
    ]);
    // name, hotel.description (the room's), hotel.name, area.location, three activities (inherited).
    expect(rows[0].status.texts).toBe(7);
    expect(rows[0].status.languages.ja).toEqual({ translated: 2, machine: 0, outdated: 0, missing: 5 });
  });
});

describe('machine translation RPCs (service role, for the translate-guide function)', () => {
  it('lists the missing languages of each own text of the property and its rooms', async () => {
    const propertyId = await createGuideProperty({
      area: { location: 'Old town', activities: ['Market'] },
      hotel: { name: 'Hotel Sol' },
      translations: { ja: { 'hotel.name': 'ホテル・ソル' } },
    });
    const roomId = await createRoom(propertyId, { name: 'Sea Room' });
    const { rows } = await queryAs<{ work: Json }>(pool, serviceRole, 'select public.machine_translation_work($1, $2, null, $3) as work', [
      owner,
      propertyId,
      ['ja', 'fr', 'en'],
    ]);
    expect(rows[0].work).toEqual({
      property_id: propertyId,
      source_language: 'en',
      texts: [
        { room_id: null, path: 'area.activities', item: 'Market', text: 'Market', languages: ['fr', 'ja'] },
        { room_id: null, path: 'area.location', item: null, text: 'Old town', languages: ['fr', 'ja'] },
        { room_id: null, path: 'hotel.name', item: null, text: 'Hotel Sol', languages: ['fr'] },
        { room_id: roomId, path: 'name', item: null, text: 'Sea Room', languages: ['fr', 'ja'] },
      ],
    });
    const forRoom = await queryAs<{ work: Json }>(pool, serviceRole, 'select public.machine_translation_work($1, null, $2) as work', [owner, roomId]);
    expect(forRoom.rows[0].work.property_id).toBe(propertyId);
    expect(forRoom.rows[0].work.texts.map((text: Json) => text.path)).toEqual(['name']);
    expect(forRoom.rows[0].work.texts[0].languages).toEqual(['es', 'fr', 'de', 'it', 'zh', 'ja']);
  });

  it('answers PT404 for another owner’s property or room', async () => {
    const propertyId = await createGuideProperty();
    const roomId = await createRoom(propertyId);
    expect((await failure(queryAs(pool, serviceRole, 'select public.machine_translation_work($1, $2)', [other, propertyId]))).code).toBe('PT404');
    expect((await failure(queryAs(pool, serviceRole, 'select public.machine_translation_work($1, null, $2)', [other, roomId]))).code).toBe('PT404');
    expect((await failure(queryAs(pool, serviceRole, `select public.apply_machine_translations($1, $2, '[]')`, [other, propertyId]))).code).toBe('PT404');
  });

  it('writes machine texts only where the original is unchanged and no host text exists, and refuses too-long ones', async () => {
    const propertyId = await createGuideProperty({ translations: { ja: { 'hotel.name': 'ホテル・ソル' } } });
    const roomId = await createRoom(propertyId, { name: 'Sea Room' });
    const results = [
      { room_id: null, path: 'hotel.description', item: null, text: hotel.description, language: 'fr', translation: 'Petit-déjeuner dès 7 h dans la cour.' },
      { room_id: null, path: 'hotel.name', item: null, text: 'Hotel Sol', language: 'ja', translation: '太陽ホテル' },
      { room_id: null, path: 'area.location', item: null, text: 'New town', language: 'fr', translation: 'Ville nouvelle' },
      { room_id: null, path: 'area.activities', item: 'Market', text: 'Market', language: 'de', translation: 'Markt' },
      { room_id: null, path: 'hotel.name', item: null, text: 'Hotel Sol', language: 'de', translation: 'H'.repeat(121) },
      { room_id: roomId, path: 'name', item: null, text: 'Sea Room', language: 'it', translation: 'Camera sul mare' },
    ];
    const { rows } = await queryAs<{ outcome: Json }>(pool, serviceRole, 'select public.apply_machine_translations($1, $2, $3) as outcome', [
      owner,
      propertyId,
      JSON.stringify(results),
    ]);
    expect(rows[0].outcome).toEqual({
      applied: 3,
      skipped: 2,
      refused: [{ path: 'hotel.name', item: null, language: 'de', message: 'hotel.name can be at most 120 characters.', details: 'hotel.name.de' }],
    });
    expect(await propertyTranslations(propertyId)).toEqual({
      ja: { 'hotel.name': { text: 'ホテル・ソル', source: 'host' } },
      fr: { 'hotel.description': { text: 'Petit-déjeuner dès 7 h dans la cour.', source: 'machine' } },
      de: { 'area.activities': { Market: { text: 'Markt', source: 'machine' } } },
    });
    expect(await roomTranslations(roomId)).toEqual({ it: { name: { text: 'Camera sul mare', source: 'machine' } } });
  });

  it('are callable by the service role only', async () => {
    const propertyId = await createGuideProperty();
    for (const caller of [anon, user(owner)]) {
      expect((await failure(queryAs(pool, caller, 'select public.machine_translation_work($1, $2)', [owner, propertyId]))).code).toBe('42501');
      expect((await failure(queryAs(pool, caller, `select public.apply_machine_translations($1, $2, '[]')`, [owner, propertyId]))).code).toBe('42501');
    }
  });
});

describe('guests', () => {
  it('read translations only through get_guide: no table access, no status', async () => {
    const propertyId = await createGuideProperty({ translations: { ja: { 'hotel.name': 'ホテル・ソル' } } });
    await createRoom(propertyId);
    expect((await failure(queryAs(pool, anon, 'select translations from public.properties'))).code).toBe('42501');
    expect((await failure(queryAs(pool, anon, 'select translations from public.qr_codes'))).code).toBe('42501');
    expect((await failure(queryAs(pool, anon, 'select public.translation_status(p) from public.properties p'))).code).toBe('42501');
  });
});
