import { afterEach, describe, expect, it } from 'vitest';
import { authStorageKey } from './auth-storage-key';
import { STORED_SESSION_EXPIRY_MARGIN_MS, trustedStoredSession } from './stored-session';

const now = Date.UTC(2026, 10, 25, 12);
const alice = '00000000-0000-4000-8000-00000000000a';

function store(value: unknown): void {
  localStorage.setItem(authStorageKey, typeof value === 'string' ? value : JSON.stringify(value));
}

const session = (expiresInMs: number) => ({
  access_token: 'token-a',
  refresh_token: 'refresh-a',
  expires_at: Math.floor((now + expiresInMs) / 1000),
  user: { id: alice, email: 'alice@example.com' },
});

afterEach(() => localStorage.clear());

describe('trustedStoredSession', () => {
  it('returns the stored session, user and all, while its token stays valid past the margin', () => {
    store(session(STORED_SESSION_EXPIRY_MARGIN_MS + 5_000));
    expect(trustedStoredSession(now)).toMatchObject({ access_token: 'token-a', user: { id: alice, email: 'alice@example.com' } });
  });

  it('leaves a token that expires within the margin, or has expired, to supabase-js', () => {
    store(session(STORED_SESSION_EXPIRY_MARGIN_MS - 5_000));
    expect(trustedStoredSession(now)).toBeNull();
    store(session(-60_000));
    expect(trustedStoredSession(now)).toBeNull();
  });

  it('trusts nothing that is missing, malformed or without a user', () => {
    expect(trustedStoredSession(now)).toBeNull();
    store('{not json');
    expect(trustedStoredSession(now)).toBeNull();
    store('null');
    expect(trustedStoredSession(now)).toBeNull();
    store({ ...session(3_600_000), user: null });
    expect(trustedStoredSession(now)).toBeNull();
    store({ ...session(3_600_000), access_token: 42 });
    expect(trustedStoredSession(now)).toBeNull();
    store({ ...session(3_600_000), expires_at: '9999999999' });
    expect(trustedStoredSession(now)).toBeNull();
  });
});
