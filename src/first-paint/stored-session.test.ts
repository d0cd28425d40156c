import { describe, expect, it } from 'vitest';
import { supabase } from '../lib/supabase';
import { readStoredSession, validAccessToken } from './stored-session';
import { AUTH_STORAGE_KEY } from './contract';

function storageWith(value: string | null): Pick<Storage, 'getItem'> {
  return { getItem: (key) => (key === AUTH_STORAGE_KEY ? value : null) };
}

const stored = { access_token: 'access', refresh_token: 'refresh', expires_at: 2_000_000_000, user: { id: 'user-1', email: 'host@example.com' } };

describe('the stored session', () => {
  it('is where the supabase client keeps the session (read before the client loads)', () => {
    expect((supabase.auth as unknown as { storageKey: string }).storageKey).toBe(AUTH_STORAGE_KEY);
  });

  it('reads what supabase-js stores', () => {
    expect(readStoredSession(storageWith(JSON.stringify(stored)))).toEqual({
      userId: 'user-1',
      email: 'host@example.com',
      refreshToken: 'refresh',
      accessToken: 'access',
      expiresAt: 2_000_000_000,
    });
  });

  it.each([
    ['nothing stored', null],
    ['not JSON', 'not json'],
    ['no refresh token', JSON.stringify({ ...stored, refresh_token: '' })],
    ['no user id', JSON.stringify({ ...stored, user: {} })],
    ['a number', '42'],
  ])('is none with %s', (_case, value) => {
    expect(readStoredSession(storageWith(value))).toBeNull();
  });

  it('is none when storage is blocked', () => {
    const blocked: Pick<Storage, 'getItem'> = {
      getItem: () => {
        throw new DOMException('blocked', 'SecurityError');
      },
    };
    expect(readStoredSession(blocked)).toBeNull();
  });

  it('is none when reading localStorage itself throws (storage blocked by the browser)', () => {
    const descriptor = Object.getOwnPropertyDescriptor(window, 'localStorage')!;
    Object.defineProperty(window, 'localStorage', {
      configurable: true,
      get() {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
    });
    try {
      expect(readStoredSession()).toBeNull();
    } finally {
      Object.defineProperty(window, 'localStorage', descriptor);
    }
  });

  it('gives its access token only while it stays valid for the margin', () => {
    const session = readStoredSession(storageWith(JSON.stringify(stored)))!;
    expect(validAccessToken(session, 60_000, 2_000_000_000 * 1000 - 120_000)).toBe('access');
    expect(validAccessToken(session, 60_000, 2_000_000_000 * 1000 - 30_000)).toBeNull();
    expect(validAccessToken({ ...session, accessToken: null }, 0, 0)).toBeNull();
  });
});
