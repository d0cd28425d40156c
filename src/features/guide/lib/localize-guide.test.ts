import { describe, expect, it } from 'vitest';
import { normalizeGuide } from './normalize-guide';
import { localizeGuide } from './localize-guide';

const answer = {
  id: '7b0c6f3e-1111-4222-8333-944445555666',
  name: 'Harbour Room',
  room_number: '305',
  content: { wifi: { network: 'Aurora-Guests', password: 'tide;pool' } },
  hotel: { name: 'Hotel Aurora', phone: '+34 971 555 010', description: 'Breakfast from 7:00 in the courtyard.' },
  area: { location: 'Old harbour', activities: ['Harbour walk', 'Fish market', 'Cathedral'] },
  property_name: 'Aurora',
  language: 'en',
  translations: {
    ja: { name: 'ハーバールーム', hotel: { description: '中庭で7時から朝食。' }, area: { activities: [null, '魚市場', null] } },
    fr: { area: { location: 'Vieux port' } },
  },
};

const guide = normalizeGuide(answer)!;

describe('localizeGuide', () => {
  it("shows each text the host gave in the guest's language and the original for every other", () => {
    const ja = localizeGuide(guide, 'ja');
    expect(ja.name).toBe('ハーバールーム');
    expect(ja.hotel).toEqual({ ...guide.hotel, description: '中庭で7時から朝食。' });
    expect(guide.hotel).toMatchObject({ name: 'Hotel Aurora', phone: '+34 971 555 010', website: '', checkIn: '' });
    expect(ja.area.location).toBe('Old harbour');
    expect(ja.area.activities).toEqual(['Harbour walk', '魚市場', 'Cathedral']);
  });

  it('leaves what is not a text alone', () => {
    const ja = localizeGuide(guide, 'ja');
    expect(ja.wifi).toEqual(guide.wifi);
    expect(ja.roomNumber).toBe('305');
    expect(ja.propertyName).toBe('Aurora');
  });

  it('shows the originals in a language without texts and in the original language', () => {
    for (const language of ['de', 'en'] as const) expect(localizeGuide(guide, language)).toEqual(guide);
    const fr = localizeGuide(guide, 'fr');
    expect(fr.area.location).toBe('Vieux port');
    expect(fr.hotel.description).toBe('Breakfast from 7:00 in the courtyard.');
    expect(fr.name).toBe('Harbour Room');
  });

  it('never shows a field the guide hides, whatever the translations hold', () => {
    const hidden = normalizeGuide({ ...answer, hotel: { ...answer.hotel, description: null } })!;
    expect(localizeGuide(hidden, 'ja').hotel.description).toBe('');
  });
});

describe('reading translations', () => {
  it('keeps the languages and fields that have a text, lists parallel to the guide', () => {
    expect(guide.translations).toEqual({
      ja: { name: 'ハーバールーム', 'hotel.description': '中庭で7時から朝食。', 'area.activities': ['', '魚市場', ''] },
      fr: { 'area.location': 'Vieux port' },
    });
  });

  it('keeps translated activities next to their originals when the guide drops an empty activity', () => {
    const withGap = normalizeGuide({
      ...answer,
      area: { activities: ['Beach', '  ', 'Old town'] },
      translations: { es: { area: { activities: ['Playa', 'nada', 'Casco antiguo'] } } },
    })!;
    expect(localizeGuide(withGap, 'es').area.activities).toEqual(['Playa', 'Casco antiguo']);
  });

  it('ignores what is not a translation: unknown languages, non-texts, empty texts, wrong shapes', () => {
    const odd = normalizeGuide({
      ...answer,
      translations: {
        xx: { name: 'Nope' },
        ja: { name: '  ', hotel: { phone: '000', description: 42 }, area: { activities: 'not a list' } },
        de: ['Zimmer'],
        it: { content: { wifi: { password: 'segreto' } }, name: '<b>Camera</b>' },
      },
    })!;
    expect(odd.translations).toEqual({ it: { name: '<b>Camera</b>' } });
    expect(normalizeGuide({ ...answer, translations: 'ja' })!.translations).toEqual({});
    expect(normalizeGuide({ ...answer, translations: undefined })!.translations).toEqual({});
  });

  it("calls a room named by its number in the guest's words, unless the host translated its name", () => {
    const numbered = normalizeGuide({ ...answer, name: 'Room 133', room_number: '133', translations: { fr: { name: 'Chambre 133 (vue mer)' } } })!;
    expect(localizeGuide(numbered, 'es').name).toBe('Habitación 133');
    expect(localizeGuide(numbered, 'de').name).toBe('Zimmer 133');
    expect(localizeGuide(numbered, 'en').name).toBe('Room 133');
    expect(localizeGuide(numbered, 'fr').name).toBe('Chambre 133 (vue mer)');
    expect(localizeGuide(numbered, 'es').hotel).toEqual(numbered.hotel);
  });
});
