/**
 * Host texts in seven languages, as they are read: get_guide's per-field, per-language fallback (room override vs
 * property translation, missing language, empty translation) with and without its `lang` argument, the hosts'
 * translation status, the machine translation RPCs of the translate-guide function, and what guests may not do.
 */
import { describe, expect, it, beforeAll } from 'vitest';
import { anon, failure, guideHotel, queryAs, serviceRole, user, withoutGuestExtras } from './support.ts';
import {
  area,
  createGuideProperty,
  createRoom,
  guideOf,
  hosts,
  hotel,
  type Json,
  pool,
  propertyTranslations,
  roomTranslations,
  updateProperty,
  useGuideLanguageHosts,
} from './guide-languages-support.ts';

useGuideLanguageHosts();

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
    expect(guide.hotel).toEqual(guideHotel({ name: 'Hotel Sol', phone: hotel.phone, website: hotel.website, description: hotel.description }));
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
    expect(guide.hotel).toEqual(guideHotel({ name: 'ホテル・ソル', phone: hotel.phone, website: hotel.website, description: '中庭で7時から朝食。' }));
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
    const { rows } = await queryAs<{ guide: Json }>(pool, user(hosts.owner), 'select public.guide(q) as guide from public.qr_codes q where q.id = $1', [
      inheriting,
    ]);
    expect(rows[0].guide).toEqual(withoutGuestExtras(await guideOf(inheriting)));
  });
});

describe('translation_status (hosts: which languages are complete)', () => {
  it('counts a property’s texts and, per language, translated, machine, outdated and missing', async () => {
    const id = await createGuideProperty({ translations: { ja: { 'hotel.description': '朝食', 'area.activities': { Market: '市場' } } } });
    await updateProperty(id, `translations = translations || '{"fr": {"hotel.name": {"text": "Hôtel Sol", "source": "machine"}}}'`, [], serviceRole);
    await updateProperty(id, `hotel = hotel || '{"description": "Breakfast from 8."}'`);
    const { rows } = await queryAs<{ status: Json }>(pool, user(hosts.owner), 'select translation_status(p) as status from public.properties p where id = $1', [
      id,
    ]);
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
    const { rows } = await queryAs<{ status: Json }>(pool, user(hosts.owner), 'select translation_status(q) as status from public.qr_codes q where id = $1', [
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
      hosts.owner,
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
    const forRoom = await queryAs<{ work: Json }>(pool, serviceRole, 'select public.machine_translation_work($1, null, $2) as work', [hosts.owner, roomId]);
    expect(forRoom.rows[0].work.property_id).toBe(propertyId);
    expect(forRoom.rows[0].work.texts.map((text: Json) => text.path)).toEqual(['name']);
    expect(forRoom.rows[0].work.texts[0].languages).toEqual(['es', 'fr', 'de', 'it', 'zh', 'ja']);
  });

  it('answers PT404 for another owner’s property or room', async () => {
    const propertyId = await createGuideProperty();
    const roomId = await createRoom(propertyId);
    expect((await failure(queryAs(pool, serviceRole, 'select public.machine_translation_work($1, $2)', [hosts.other, propertyId]))).code).toBe('PT404');
    expect((await failure(queryAs(pool, serviceRole, 'select public.machine_translation_work($1, null, $2)', [hosts.other, roomId]))).code).toBe('PT404');
    expect((await failure(queryAs(pool, serviceRole, `select public.apply_machine_translations($1, $2, '[]')`, [hosts.other, propertyId]))).code).toBe('PT404');
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
      hosts.owner,
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
    for (const caller of [anon, user(hosts.owner)]) {
      expect((await failure(queryAs(pool, caller, 'select public.machine_translation_work($1, $2)', [hosts.owner, propertyId]))).code).toBe('42501');
      expect((await failure(queryAs(pool, caller, `select public.apply_machine_translations($1, $2, '[]')`, [hosts.owner, propertyId]))).code).toBe('42501');
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
