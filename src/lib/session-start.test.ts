import { afterEach, describe, expect, it, vi } from 'vitest';
import { store } from './jotai';
import { initializedAtom, resetSessionState, sessionAtom } from './session';
import { sessionStorageKey, startSessionSyncFromStoredSession, startSessionSyncWhenNeeded } from './session-start';
import { releaseSupabase } from './supabase-client';

const startSessionSync = vi.fn();
vi.mock('./session-sync', () => ({ startSessionSync: () => startSessionSync(), syncedClient: vi.fn() }));

afterEach(() => {
  releaseSupabase();
  window.localStorage.clear();
  startSessionSync.mockClear();
  resetSessionState();
});

describe('startSessionSyncWhenNeeded', () => {
  it('knows a visitor without a stored session is signed out, without loading supabase-js', async () => {
    startSessionSyncWhenNeeded();
    expect(store.get(initializedAtom)).toBe(true);
    await Promise.resolve();
    expect(startSessionSync).not.toHaveBeenCalled();
  });

  it('follows the session at once when one is stored', async () => {
    window.localStorage.setItem(sessionStorageKey, '{"access_token":"…"}');
    startSessionSyncWhenNeeded();
    expect(store.get(initializedAtom)).toBe(false); // INITIAL_SESSION from supabase-js decides
    await vi.waitFor(() => expect(startSessionSync).toHaveBeenCalledOnce());
  });

  it('starts following when another tab signs in', async () => {
    startSessionSyncWhenNeeded();
    window.dispatchEvent(new StorageEvent('storage', { key: 'other-key', newValue: 'x' }));
    window.dispatchEvent(new StorageEvent('storage', { key: sessionStorageKey, newValue: null }));
    await Promise.resolve();
    expect(startSessionSync).not.toHaveBeenCalled();
    window.dispatchEvent(new StorageEvent('storage', { key: sessionStorageKey, newValue: '{"access_token":"…"}' }));
    await vi.waitFor(() => expect(startSessionSync).toHaveBeenCalledOnce());
  });
});

describe('startSessionSyncFromStoredSession (the property list)', () => {
  const storeSession = (expiresInSeconds: number) =>
    window.localStorage.setItem(
      sessionStorageKey,
      JSON.stringify({ access_token: 'token-a', expires_at: Math.floor(Date.now() / 1000) + expiresInSeconds, user: { id: 'user-a', email: 'a@example.com' } }),
    );

  it('signs the stored user in at once and starts supabase-js only once released (the list has painted)', async () => {
    storeSession(3600);
    startSessionSyncFromStoredSession();
    expect(store.get(initializedAtom)).toBe(true);
    expect(store.get(sessionAtom)?.user).toMatchObject({ id: 'user-a', email: 'a@example.com' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(startSessionSync).not.toHaveBeenCalled();
    releaseSupabase();
    await vi.waitFor(() => expect(startSessionSync).toHaveBeenCalledOnce());
  });

  it('leaves an expiring session to supabase-js, started at once, before anything renders as signed in', async () => {
    storeSession(30);
    startSessionSyncFromStoredSession();
    expect(store.get(initializedAtom)).toBe(false);
    expect(store.get(sessionAtom)).toBeNull();
    await vi.waitFor(() => expect(startSessionSync).toHaveBeenCalledOnce());
  });
});
