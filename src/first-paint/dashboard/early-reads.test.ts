import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { env } from '@/lib/env';
import { EARLY_READ_KEPT_MS, peekEarlyRead, startEarlyReads, takeEarlyRead } from './early-reads';
import { AUTH_STORAGE_KEY } from '../contract';

const alice = '00000000-0000-4000-8000-00000000000a';
const property = '11111111-1111-4111-8111-111111111111';

function storeSession(expiresInSeconds: number, userId = alice): void {
  localStorage.setItem(
    AUTH_STORAGE_KEY,
    JSON.stringify({
      access_token: 'token-a',
      refresh_token: 'refresh-a',
      expires_at: Math.floor(Date.now() / 1000) + expiresInSeconds,
      user: { id: userId, email: 'alice@example.com' },
    }),
  );
}

describe('the dashboard’s early reads', () => {
  const fetchMock = vi.fn<typeof fetch>();

  beforeEach(() => {
    fetchMock.mockReset();
    fetchMock.mockImplementation(
      async (input) => new Response(JSON.stringify([{ id: String(input).includes('/properties?') ? 'property-1' : 'room-1' }]), { status: 200 }),
    );
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(async () => {
    // Anything not taken by a test is dropped, so tests do not see each other's reads.
    await takeEarlyRead('properties', alice);
    await takeEarlyRead('qr_codes', alice);
    await takeEarlyRead('my_teams', alice);
    await takeEarlyRead('room_counts', alice);
    await takeEarlyRead('property_guide', alice, property);
    localStorage.clear();
    vi.unstubAllGlobals();
  });

  it('reads the properties, rooms and teams as supabase-js would, with the stored token, and hands each answer out once', async () => {
    storeSession(3600);
    startEarlyReads({ forFirstPaint: true });
    expect(fetchMock).toHaveBeenCalledTimes(4);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toBe(`${env.supabaseUrl}/rest/v1/properties?select=id%2Cteam_id%2Cname%2Ctype%2Caddress%2Ccreated_at&order=created_at.asc`);
    expect(String(fetchMock.mock.calls[2]![0])).toBe(`${env.supabaseUrl}/rest/v1/rpc/my_teams`);
    // Each property's rooms counted by PostgREST, for the first paint; where nothing is painted first, not.
    expect(String(fetchMock.mock.calls[3]![0])).toBe(`${env.supabaseUrl}/rest/v1/properties?select=id%2Cqr_codes%28count%29`);
    fetchMock.mockClear();
    startEarlyReads({ forFirstPaint: false });
    expect(fetchMock.mock.calls.map(([read]) => String(read).replace(`${env.supabaseUrl}/rest/v1/`, '').split('?')[0])).toEqual([
      'properties',
      'qr_codes',
      'rpc/my_teams',
    ]);
    expect(init?.headers).toMatchObject({ apikey: env.supabaseAnonKey, Authorization: 'Bearer token-a' });
    expect(await takeEarlyRead('properties', alice)).toEqual([{ id: 'property-1' }]);
    expect(await takeEarlyRead('properties', alice)).toBeNull();
    expect(await takeEarlyRead('qr_codes', alice)).toEqual([{ id: 'room-1' }]);
  });

  it("reads a room list's shared guide as supabase-js would, and hands it out for that property only", async () => {
    storeSession(3600);
    startEarlyReads({ forFirstPaint: false, propertyId: property });
    const guideRead = fetchMock.mock.calls.map(([read]) => String(read)).find((read) => read.includes('id=eq.'));
    expect(guideRead).toBe(
      `${env.supabaseUrl}/rest/v1/properties?select=name%2Cupdated_at%2Cchanged_by%2Chotel%2Carea%2Cstyle%2Ccontent%2Ctemplate&id=eq.${property}`,
    );
    // The other reads are as on any other screen, taken without a property.
    expect(await takeEarlyRead('properties', alice)).toEqual([{ id: 'property-1' }]);
    expect(await takeEarlyRead('property_guide', alice, '22222222-2222-4222-8222-222222222222')).toBeNull();
    startEarlyReads({ forFirstPaint: false, propertyId: property });
    expect(await takeEarlyRead('property_guide', alice, property)).toEqual([{ id: 'property-1' }]);
    expect(await takeEarlyRead('property_guide', alice, property)).toBeNull();
    // A path's id that is not one is not put into a read.
    fetchMock.mockClear();
    startEarlyReads({ forFirstPaint: false, propertyId: 'x&select=*' });
    expect(fetchMock.mock.calls.map(([read]) => String(read)).filter((read) => read.includes('eq.'))).toEqual([]);
  });

  it('hands out no answer left untaken for longer than it is kept', async () => {
    storeSession(3600);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      startEarlyReads({ forFirstPaint: false, propertyId: property });
      vi.setSystemTime(Date.now() + EARLY_READ_KEPT_MS - 1);
      expect(await takeEarlyRead('qr_codes', alice)).toEqual([{ id: 'room-1' }]);
      vi.setSystemTime(Date.now() + 2);
      expect(await takeEarlyRead('property_guide', alice, property)).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('lets the first paint look at the answers without taking them from the app', async () => {
    storeSession(3600);
    startEarlyReads({ forFirstPaint: true });
    expect(await peekEarlyRead('properties')).toEqual([{ id: 'property-1' }]);
    expect(await takeEarlyRead('properties', alice)).toEqual([{ id: 'property-1' }]);
    expect(await peekEarlyRead('properties')).toBeNull();
  });

  it('answers nothing for another user, a refused read or a failed connection (the app then reads as usual)', async () => {
    storeSession(3600);
    startEarlyReads({ forFirstPaint: true });
    expect(await takeEarlyRead('properties', '00000000-0000-4000-8000-00000000000b')).toBeNull();

    fetchMock.mockResolvedValue(new Response('{"code":"PGRST301"}', { status: 401 }));
    startEarlyReads({ forFirstPaint: true });
    expect(await takeEarlyRead('properties', alice)).toBeNull();

    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    startEarlyReads({ forFirstPaint: true });
    expect(await takeEarlyRead('qr_codes', alice)).toBeNull();
  });

  it('leaves a token that is about to expire, and no session at all, to supabase-js', async () => {
    storeSession(30);
    startEarlyReads({ forFirstPaint: true });
    localStorage.clear();
    startEarlyReads({ forFirstPaint: true });
    localStorage.setItem(AUTH_STORAGE_KEY, 'not json');
    startEarlyReads({ forFirstPaint: true });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(await peekEarlyRead('properties')).toBeNull();
    expect(await takeEarlyRead('properties', alice)).toBeNull();
  });
});
