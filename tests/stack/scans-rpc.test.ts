/**
 * Scans through the gateway and PostgREST as the guest page and the host screens use them with supabase-js:
 * record_scan's answers (204, 404, 429 with PostgREST's error fields), the qr_codes computed fields the host
 * screens select, and scan_stats for the analytics screens under RLS.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { anonClient, createUser, serviceClient, sql, type TestUser } from './support.ts';

describe('scans through PostgREST', () => {
  let host: TestUser;
  let otherHost: TestUser;
  let propertyId: string;
  let roomId: string;
  let quietRoomId: string;

  beforeAll(async () => {
    host = await createUser('scan-host');
    otherHost = await createUser('scan-other');
    await sql('update public.users set qr_code_limit = 5 where id = $1', [host.id]);
    const property = await host.client.from('properties').insert({ name: 'Scan Hotel' }).select('id').single();
    expect(property.error).toBeNull();
    propertyId = (property.data as { id: string }).id;
    const created = await host.client
      .rpc('create_rooms', {
        property_id: propertyId,
        rooms: [
          { name: 'Sea', room_number: '1' },
          { name: 'Quiet', room_number: '2' },
        ],
      })
      .select('id');
    expect(created.error).toBeNull();
    [roomId, quietRoomId] = (created.data as { id: string }[]).map((row) => row.id);
  });

  it('record_scan answers 204 for old pages (qr_id only) and new ones (with a device token)', async () => {
    const guest = anonClient();
    const old = await guest.rpc('record_scan', { qr_id: roomId });
    expect(old.status).toBe(204);
    const withToken = await guest.rpc('record_scan', { qr_id: roomId, device_token: randomUUID() });
    expect(withToken.status).toBe(204);
  });

  it('record_scan answers 404 PT404 for an unknown guide and 429 PT429 for a repeated device', async () => {
    const guest = anonClient();
    const unknown = await guest.rpc('record_scan', { qr_id: randomUUID() });
    expect(unknown.status).toBe(404);
    expect(unknown.error).toMatchObject({ code: 'PT404', message: 'QR code not found' });

    const token = randomUUID();
    expect((await guest.rpc('record_scan', { qr_id: roomId, device_token: token })).status).toBe(204);
    const repeated = await guest.rpc('record_scan', { qr_id: roomId, device_token: token });
    expect(repeated.status).toBe(429);
    expect(repeated.error).toMatchObject({ code: 'PT429', message: 'Too many scans', details: 'device' });
  });

  it('gives the host the same qr_codes fields as before: scan_count, scan_history, last_scanned_at', async () => {
    const { data, error } = await host.client
      .from('qr_codes')
      .select('id, room_number, scan_count, scan_history, last_scanned_at')
      .eq('property_id', propertyId)
      .order('room_number');
    expect(error).toBeNull();
    const today = new Date().toISOString().slice(0, 10);
    expect(data).toEqual([
      { id: roomId, room_number: '1', scan_count: 3, scan_history: { [today]: 3 }, last_scanned_at: expect.any(String) },
      { id: quietRoomId, room_number: '2', scan_count: 0, scan_history: {}, last_scanned_at: null },
    ]);
    // Sorting and filtering on a computed field work as on a column.
    const scanned = await host.client.from('qr_codes').select('id').eq('property_id', propertyId).gt('scan_count', 0);
    expect(scanned.data).toEqual([{ id: roomId }]);
  });

  it('scan_stats gives the host their rooms with zero-filled days, and nothing to others', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const weekAgo = new Date(Date.now() - 6 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
    const own = await host.client.rpc('scan_stats', { from_day: weekAgo, to_day: today, for_property: propertyId });
    expect(own.error).toBeNull();
    expect(own.data).toEqual([
      {
        qr_code_id: roomId,
        property_id: propertyId,
        name: 'Sea',
        room_number: '1',
        daily_scans: [0, 0, 0, 0, 0, 0, 3],
        range_scans: 3,
        total_scans: 3,
        last_scanned_at: expect.any(String),
      },
      {
        qr_code_id: quietRoomId,
        property_id: propertyId,
        name: 'Quiet',
        room_number: '2',
        daily_scans: [0, 0, 0, 0, 0, 0, 0],
        range_scans: 0,
        total_scans: 0,
        last_scanned_at: null,
      },
    ]);
    // The chart's "most scanned" straight from PostgREST: order and limit on the function's rows.
    const most = await host.client
      .rpc('scan_stats', { from_day: weekAgo, to_day: today, for_property: propertyId })
      .order('range_scans', { ascending: false })
      .limit(1);
    expect((most.data as { qr_code_id: string }[]).map((row) => row.qr_code_id)).toEqual([roomId]);

    const theirs = await otherHost.client.rpc('scan_stats', { from_day: weekAgo, to_day: today, for_property: propertyId });
    expect(theirs).toMatchObject({ status: 200, data: [] });
    const guest = await anonClient().rpc('scan_stats', { from_day: weekAgo, to_day: today, for_property: propertyId });
    expect(guest.status).toBe(401);
    expect(guest.error?.code).toBe('42501');
  });

  it('scan_stats refuses a bad range with 400 naming the argument', async () => {
    const { status, error } = await host.client.rpc('scan_stats', { from_day: '2026-03-02', to_day: '2026-03-01' });
    expect(status).toBe(400);
    expect(error).toMatchObject({ code: '22023', details: 'from_day', message: 'from_day must not be after to_day.' });
  });

  it('scan_days is readable by its host and the service role only, and writable by nobody through the API', async () => {
    const own = await host.client.from('scan_days').select('qr_code_id, scans').eq('qr_code_id', roomId);
    expect(own.data).toEqual([{ qr_code_id: roomId, scans: 3 }]);
    expect((await otherHost.client.from('scan_days').select('qr_code_id').eq('qr_code_id', roomId)).data).toEqual([]);
    expect((await serviceClient().from('scan_days').select('scans').eq('qr_code_id', roomId)).data).toEqual([{ scans: 3 }]);
    const forged = await host.client.from('scan_days').update({ scans: 1000 }).eq('qr_code_id', roomId);
    expect(forged.error?.code).toBe('42501');
    const forgedByService = await serviceClient().from('scan_days').insert({ qr_code_id: quietRoomId, day: '2026-01-01', user_id: host.id, scans: 9 });
    expect(forgedByService.error?.code).toBe('42501');
  });
});
