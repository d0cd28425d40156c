/**
 * Host texts in seven languages, as they are written: the `translations` of properties and rooms, their validation
 * (the originals' rules and messages, the language appended to the field path), and the machine/host state and how
 * it follows the originals. How they are read is guide-languages-reading.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { anon, failure, queryAs, serviceRole, user } from './support.ts';
import {
  createGuideProperty,
  hosts,
  createRoom,
  guideOf,
  type Json,
  pool,
  propertyTranslations,
  roomTranslations,
  updateProperty,
  updateRoom,
  useGuideLanguageHosts,
} from './guide-languages-support.ts';

useGuideLanguageHosts();

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
    const { rowCount } = await updateProperty(id, 'translations = $2', [{ it: { 'hotel.name': 'Albergo Sol' } }], user(hosts.other));
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
    await queryAs(pool, user(hosts.owner), `select id from public.update_rooms(array[$1]::uuid[], '{"hotel.description": "Checkout at 14:00."}')`, [changed]);
    await queryAs(pool, user(hosts.owner), `select id from public.update_rooms(array[$1]::uuid[], '{}', '{hotel.description}')`, [cleared]);
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
