/**
 * Guide texts in seven languages through the gateway and PostgREST, as the host screens and the guest guide call
 * them: translations written with supabase-js, a refused one answered 400 with the field path and language in
 * `details`, the `translation_status` computed field on properties and on rooms (one name, two tables), and the
 * guest's GET of get_guide with and without `lang`.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { anonKey, apiUrl, createUser, sql, type TestUser } from './support.ts';

describe('guide languages through PostgREST', () => {
  let host: TestUser;
  let propertyId: string;
  let roomId: string;

  beforeAll(async () => {
    host = await createUser('languages-host');
    await sql('update public.users set qr_code_limit = 2 where id = $1', [host.id]);
    const property = await host.client
      .from('properties')
      .insert({
        name: 'Hotel Sol',
        original_language: 'es',
        hotel: { name: 'Hotel Sol', description: 'Desayuno de 7 a 10.' },
        area: { activities: ['Catedral', 'Mercado'] },
        translations: { en: { 'hotel.description': 'Breakfast from 7 to 10.', 'area.activities': { Mercado: 'Market' } } },
      })
      .select('id, translations')
      .single();
    expect(property.error).toBeNull();
    propertyId = (property.data as { id: string }).id;
    expect((property.data as { translations: unknown }).translations).toEqual({
      en: { 'hotel.description': { text: 'Breakfast from 7 to 10.', source: 'host' }, 'area.activities': { Mercado: { text: 'Market', source: 'host' } } },
    });
    const room = await host.client
      .from('qr_codes')
      .insert({ property_id: propertyId, name: 'Habitación del mar', room_number: '1', translations: { ja: { name: '海の部屋' } } })
      .select('id')
      .single();
    expect(room.error).toBeNull();
    roomId = (room.data as { id: string }).id;
  });

  it('answers 400 with the message and the field path with its language for a bad translation', async () => {
    const { error, status } = await host.client
      .from('properties')
      .update({ translations: { fr: { 'hotel.description': 'x'.repeat(2001) } } })
      .eq('id', propertyId);
    expect(status).toBe(400);
    expect(error).toMatchObject({ code: '23514', message: 'hotel.description can be at most 2000 characters.', details: 'hotel.description.fr' });
  });

  it('gives hosts translation_status on properties and on rooms', async () => {
    const properties = await host.client.from('properties').select('id, translation_status').eq('id', propertyId).single();
    expect(properties.error).toBeNull();
    const propertyStatus = (properties.data as { translation_status: { texts: number; languages: Record<string, { missing: number }> } }).translation_status;
    expect(propertyStatus.texts).toBe(4);
    expect(propertyStatus.languages.en).toEqual({ translated: 2, machine: 0, outdated: 0, missing: 2 });

    const rooms = await host.client.from('qr_codes').select('id, translation_status').eq('id', roomId).single();
    expect(rooms.error).toBeNull();
    const roomStatus = (rooms.data as { translation_status: { texts: number; languages: Record<string, unknown> } }).translation_status;
    expect(roomStatus.texts).toBe(5);
    expect(roomStatus.languages.ja).toEqual({ translated: 1, machine: 0, outdated: 0, missing: 4 });
  });

  it('serves guests every language in one GET, or one language with fallback', async () => {
    const all = await fetch(`${apiUrl()}/rest/v1/rpc/get_guide?qr_id=${roomId}&apikey=${anonKey}`);
    expect(all.status).toBe(200);
    const guide = (await all.json()) as { language: string; translations: unknown; hotel: { description: string } };
    expect(guide.language).toBe('es');
    expect(guide.hotel.description).toBe('Desayuno de 7 a 10.');
    expect(guide.translations).toEqual({
      en: { hotel: { description: 'Breakfast from 7 to 10.' }, area: { activities: [null, 'Market'] } },
      ja: { name: '海の部屋' },
    });

    const english = await fetch(`${apiUrl()}/rest/v1/rpc/get_guide?qr_id=${roomId}&lang=en&apikey=${anonKey}`);
    const inEnglish = (await english.json()) as Record<string, unknown> & { name: string; hotel: { description: string }; area: { activities: string[] } };
    expect(inEnglish.name).toBe('Habitación del mar');
    expect(inEnglish.hotel.description).toBe('Breakfast from 7 to 10.');
    expect(inEnglish.area.activities).toEqual(['Catedral', 'Market']);
    expect(inEnglish).not.toHaveProperty('translations');
  });
});
