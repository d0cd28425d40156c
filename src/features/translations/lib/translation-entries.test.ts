import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/data/api-error';
import {
  applyEdits,
  completeLanguages,
  entryFor,
  fieldProblem,
  propertyTextPaths,
  readStatus,
  roomTextPaths,
  roomTranslationView,
  textRows,
  type RowEdit,
} from './translation-entries';

const property = {
  name: 'Aurora',
  hotel: { name: 'Hotel Aurora', phone: '+34 1', description: 'Breakfast from 7:00.' },
  area: { location: '', activities: ['Harbour walk', 'Fish market', 'Harbour walk', '  '] },
  translations: {
    ja: { 'hotel.name': { text: 'ホテル', source: 'machine' }, 'area.activities': { 'Fish market': { text: '魚市場', source: 'host', outdated: true } } },
    es: { 'hotel.description': 'Desayuno desde las 7:00.' },
  },
};

describe('textRows', () => {
  it('lists the texts a host can translate, one row per distinct activity, none for empty fields or non-texts', () => {
    expect(textRows(property, propertyTextPaths).map((row) => [row.id, row.original, row.maxLength])).toEqual([
      ['hotel.name', 'Hotel Aurora', 120],
      ['hotel.description', 'Breakfast from 7:00.', 2000],
      ['area.activities\u0000Harbour walk', 'Harbour walk', 200],
      ['area.activities\u0000Fish market', 'Fish market', 200],
    ]);
  });

  it("lists a room's own name and only the fields it overrides", () => {
    const room = { name: 'Harbour Room', hotel: {}, area: { location: 'Pier 3' }, translations: {} };
    expect(textRows(room, roomTextPaths).map((row) => row.id)).toEqual(['name', 'area.location']);
  });
});

describe('entryFor', () => {
  const rows = textRows(property, propertyTextPaths);
  it('reads entries, plain strings as the host’s, and activities by their original text', () => {
    expect(entryFor(property.translations, 'ja', rows[0])).toEqual({ text: 'ホテル', source: 'machine', outdated: false });
    expect(entryFor(property.translations, 'ja', rows[3])).toEqual({ text: '魚市場', source: 'host', outdated: true });
    expect(entryFor(property.translations, 'es', rows[1])).toEqual({ text: 'Desayuno desde las 7:00.', source: 'host', outdated: false });
    expect(entryFor(property.translations, 'fr', rows[1])).toBeNull();
    expect(entryFor(null, 'ja', rows[0])).toBeNull();
  });
});

describe('applyEdits', () => {
  const rows = textRows(property, propertyTextPaths);
  it('writes edited and accepted rows as the host’s and keeps everything else, of every language, as it was', () => {
    const edits = new Map<string, RowEdit>([
      ['hotel.description', { text: ' 中庭で朝食。 ' }],
      ['area.activities\u0000Fish market', { accept: true }],
      ['area.activities\u0000Harbour walk', { text: '港の散歩' }],
    ]);
    expect(applyEdits(property.translations, 'ja', rows, edits)).toEqual({
      ja: {
        'hotel.name': { text: 'ホテル', source: 'machine' },
        'hotel.description': { text: '中庭で朝食。', source: 'host' },
        'area.activities': { 'Fish market': { text: '魚市場', source: 'host' }, 'Harbour walk': { text: '港の散歩', source: 'host' } },
      },
      es: { 'hotel.description': 'Desayuno desde las 7:00.' },
    });
  });

  it('removes emptied texts and a language left without any', () => {
    const edits = new Map<string, RowEdit>([['hotel.description', { text: '   ' }]]);
    expect(applyEdits(property.translations, 'es', rows, edits)).toEqual({ ja: property.translations.ja });
    const activities = new Map<string, RowEdit>([['area.activities\u0000Fish market', { text: '' }]]);
    expect(applyEdits(property.translations, 'ja', rows, activities)).toEqual({
      ja: { 'hotel.name': { text: 'ホテル', source: 'machine' } },
      es: property.translations.es,
    });
  });

  it('starts from nothing when there are no translations yet', () => {
    expect(applyEdits({}, 'fr', rows, new Map([['hotel.name', { text: 'Hôtel Aurora' }]]))).toEqual({
      fr: { 'hotel.name': { text: 'Hôtel Aurora', source: 'host' } },
    });
  });
});

describe('fieldProblem', () => {
  const refused = (message: string, field: string) => new ApiError({ code: '23514', message, field });
  it("turns the database's refusal into the editor's message at the field", () => {
    expect(fieldProblem(refused('hotel.description can be at most 2000 characters.', 'hotel.description.ja'), 'ja')).toEqual({
      path: 'hotel.description',
      message: 'problems.tooLong',
      values: { max: 2000 },
    });
    expect(fieldProblem(refused('area.activities has no activity "Zoo" to translate.', 'area.activities.es'), 'es')).toEqual({
      path: 'area.activities',
      message: 'problems.activityGone',
    });
    expect(fieldProblem(refused('area.location has no text to translate.', 'area.location.fr'), 'fr')).toEqual({
      path: 'area.location',
      message: 'problems.noOriginal',
    });
    expect(fieldProblem(refused('name is odd.', 'name.de'), 'de')).toEqual({ path: 'name', message: 'problems.invalid' });
  });

  it('is null for another language, another field or another failure', () => {
    expect(fieldProblem(refused('hotel.description can be at most 2000 characters.', 'hotel.description.ja'), 'es')).toBeNull();
    expect(fieldProblem(refused('Original language must be one of en.', 'original_language'), 'ja')).toBeNull();
    expect(fieldProblem(new ApiError({ code: 'network', message: 'Failed to fetch' }), 'ja')).toBeNull();
  });
});

describe('completeness', () => {
  it('lists the languages with nothing missing, never the original, none when there is no text', () => {
    const status = readStatus({
      original: 'en',
      texts: 3,
      languages: {
        ja: { translated: 3, machine: 1, outdated: 0, missing: 0 },
        es: { translated: 2, machine: 0, outdated: 0, missing: 1 },
        fr: { translated: 3, machine: 0, outdated: 0, missing: 0 },
      },
    });
    expect(completeLanguages(status, ['en', 'es', 'fr', 'de', 'it', 'zh', 'ja'])).toEqual(['fr', 'ja']);
    expect(completeLanguages(readStatus({ original: 'en', texts: 0, languages: {} }), ['ja'])).toEqual([]);
    expect(readStatus('nope')).toBeNull();
  });
});

describe('roomTranslationView', () => {
  const status = readStatus({
    original: 'en',
    texts: 3,
    languages: { es: { translated: 2, machine: 1, outdated: 0, missing: 1 }, de: { translated: 1, machine: 0, outdated: 0, missing: 2 } },
  });
  const room = (name: string) => ({
    name,
    room_number: '133',
    hotel: { description: 'Late check-out.' },
    area: {},
    translations: { es: { name: { text: 'Habitación 133', source: 'machine' }, 'hotel.description': 'Salida tardía.' } },
  });

  it('leaves a room called by its number without its name to translate, and counts as the guest sees it', () => {
    const view = roomTranslationView(room('Room 133'), status);
    expect(view.rows.map((row) => row.path)).toEqual(['hotel.description']);
    expect(view.status).toEqual({
      original: 'en',
      texts: 2,
      languages: { es: { translated: 1, machine: 0, outdated: 0, missing: 1 }, de: { translated: 1, machine: 0, outdated: 0, missing: 1 } },
    });
  });

  it('keeps a name of its own and the database’s counts', () => {
    const view = roomTranslationView(room('Suite Tejo'), status);
    expect(view.rows.map((row) => row.path)).toEqual(['name', 'hotel.description']);
    expect(view.status).toBe(status);
  });
});
