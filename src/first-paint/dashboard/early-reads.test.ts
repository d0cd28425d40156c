import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { env } from '@/lib/env';
import { peekEarlyRead, startEarlyReads, takeEarlyRead } from './early-reads';
import { AUTH_STORAGE_KEY } from '../contract';

const alice = '00000000-0000-4000-8000-00000000000a';

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
