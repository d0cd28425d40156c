/**
 * The room quota through the API: a host re-sending a room they already have with PostgREST's ignore-duplicates
 * upsert (`on_conflict=id`, `Prefer: resolution=ignore-duplicates`) must not use up their plan. The probe moved
 * qr_codes_created from 1 to 4 with three re-sends while the host owned one room.
 */
import { describe, expect, inject, it } from 'vitest';
import { anonKey } from '../../local-stack/config.ts';
import { serviceClient, signedInClient } from '../e2e/support/api.ts';

describe('room quota counter', () => {
  it('counts rooms that exist, whatever a client re-sends', async () => {
    const host = await signedInClient();
    const service = serviceClient();
    expect((await service.from('users').update({ qr_code_limit: 2 }).eq('id', host.userId)).error).toBeNull();
    const property = await host.client.from('properties').insert({ name: 'Quota Hotel' }).select('id').single();
    expect(property.error).toBeNull();
    const room = await host.client.from('qr_codes').insert({ property_id: property.data!.id, name: 'Room 1', room_number: '1' }).select('*').single();
    expect(room.error).toBeNull();
    const { data: session } = await host.client.auth.getSession();

    for (let attempt = 0; attempt < 3; attempt++) {
      const response = await fetch(`${inject('apiUrl')}/rest/v1/qr_codes?on_conflict=id`, {
        method: 'POST',
        headers: {
          apikey: anonKey,
          authorization: `Bearer ${session.session!.access_token}`,
          'content-type': 'application/json',
          prefer: 'resolution=ignore-duplicates,return=minimal',
        },
        body: JSON.stringify({ id: room.data!.id, property_id: property.data!.id, name: 'Room 1', room_number: '1' }),
      });
      expect(response.status).toBe(201);
    }

    const usage = await service.from('users').select('qr_codes_created, qr_code_limit').eq('id', host.userId).single();
    expect(usage.data).toEqual({ qr_codes_created: 1, qr_code_limit: 2 });
    const second = await host.client.from('qr_codes').insert({ property_id: property.data!.id, name: 'Room 2', room_number: '2' });
    expect(second.error).toBeNull();
    const third = await host.client.from('qr_codes').insert({ property_id: property.data!.id, name: 'Room 3', room_number: '3' });
    expect(third.error?.code).toBe('QUOTA');
  });
});
