/**
 * The bulk room RPCs and the `guide` computed field through the gateway and PostgREST, as the host screens will
 * call them with supabase-js: HTTP status, error code, `details` (field path) and `hint` (JSON parameters).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, sql, type TestUser } from './support.ts';

const rooms = (numbers: number[]) => numbers.map((n) => ({ name: `Room ${n}`, room_number: String(n) }));

describe('bulk room RPCs through PostgREST', () => {
  let host: TestUser;
  let propertyId: string;

  beforeAll(async () => {
    host = await createUser('bulk-host');
    await sql('update public.users set qr_code_limit = 12 where id = $1', [host.id]);
    const { data, error } = await host.client
      .from('properties')
      .insert({ name: 'Hotel Bulk', hotel: { phone: '+34 1' }, content: { wifi: { network: 'Bulk', password: 'shared' } }, template: 'beach' })
      .select('id')
      .single();
    expect(error).toBeNull();
    propertyId = (data as { id: string }).id;
  });

  it('creates rooms in one call and answers the chosen columns', async () => {
    const { data, error, status } = await host.client.rpc('create_rooms', { property_id: propertyId, rooms: rooms([101, 102, 103]) }).select('id, room_number');
    expect(error).toBeNull();
    expect(status).toBe(200);
    expect((data as { room_number: string }[]).map((row) => row.room_number)).toEqual(['101', '102', '103']);
  });

  it('answers 400 QUOTA with the free slots in the hint when the list does not fit', async () => {
    const { error, status } = await host.client.rpc('create_rooms', {
      property_id: propertyId,
      rooms: rooms([201, 202, 203, 204, 205, 206, 207, 208, 209, 210]),
    });
    expect(status).toBe(400);
    expect(error).toMatchObject({ code: 'QUOTA', message: '10 rooms do not fit: only 9 QR code slots are free.', details: '3 of 12 QR codes used.' });
    expect(JSON.parse(error!.hint)).toEqual({ free: 9, requested: 10, used: 3, limit: 12 });
  });

  it('answers 409 with the repeated numbers, and 400 naming the row of a bad entry', async () => {
    const taken = await host.client.rpc('create_rooms', { property_id: propertyId, rooms: rooms([104, 101]) });
    expect(taken.status).toBe(409);
    expect(taken.error).toMatchObject({ code: '23505', details: 'rooms[1].room_number' });
    expect(JSON.parse(taken.error!.hint)).toEqual({ room_numbers: ['101'], rows: [1], in: 'property' });

    const invalid = await host.client.rpc('create_rooms', {
      property_id: propertyId,
      rooms: [
        { name: 'Ok', room_number: '105' },
        { name: '', room_number: '106' },
      ],
    });
    expect(invalid.status).toBe(400);
    expect(invalid.error).toMatchObject({ code: '23514', details: 'rooms[1].name', message: 'Name is required.' });
  });

  it('answers 404 PT404 for a property that is not the caller’s', async () => {
    const stranger = await createUser('bulk-stranger');
    const { error, status } = await stranger.client.rpc('create_rooms', { property_id: propertyId, rooms: rooms([1]) });
    expect(status).toBe(404);
    expect(error).toMatchObject({ code: 'PT404', details: 'property_id' });
  });

  it('changes and clears overrides of a selection, and gives hosts each room’s merged guide', async () => {
    const { data: list } = await host.client.from('qr_codes').select('id').eq('property_id', propertyId).order('room_number');
    const ids = (list as { id: string }[]).map((row) => row.id);
    const updated = await host.client.rpc('update_rooms', { room_ids: ids.slice(0, 2), set_fields: { 'content.wifi.password': 'floor-1' } }).select('id');
    expect(updated.error).toBeNull();
    expect(updated.data).toHaveLength(2);

    const { data: guides, error } = await host.client.from('qr_codes').select('room_number, guide').eq('property_id', propertyId).order('room_number');
    expect(error).toBeNull();
    const shown = (guides as { room_number: string; guide: { template: string; hotel: { phone: string }; content: { wifi: { password: string } } } }[]).map(
      ({ room_number, guide }) => [room_number, guide.template, guide.hotel.phone, guide.content.wifi.password],
    );
    expect(shown).toEqual([
      ['101', 'beach', '+34 1', 'floor-1'],
      ['102', 'beach', '+34 1', 'floor-1'],
      ['103', 'beach', '+34 1', 'shared'],
    ]);

    const cleared = await host.client.rpc('update_rooms', { room_ids: ids.slice(0, 2), clear_fields: ['content.wifi.password'] }).select('id');
    expect(cleared.error).toBeNull();
  });

  it('deletes a selection in one call and answers its rows (for the photos)', async () => {
    const { data: list } = await host.client.from('qr_codes').select('id').eq('property_id', propertyId);
    const ids = (list as { id: string }[]).map((row) => row.id);
    const { data, error } = await host.client.rpc('delete_rooms', { room_ids: ids }).select('id, images');
    expect(error).toBeNull();
    expect((data as unknown[]).length).toBe(ids.length);
    const [usage] = await sql<{ qr_codes_created: number }>('select qr_codes_created from public.users where id = $1', [host.id]);
    expect(usage.qr_codes_created).toBe(0);
  });

  it('does not expose the internal helpers', async () => {
    const { status } = await host.client.rpc('lock_qr_code_quota', { requested: 1 });
    expect(status).toBe(404);
  });
});
