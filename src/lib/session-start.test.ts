import { afterEach, describe, expect, it, vi } from 'vitest';
import { store } from './jotai';
import { initializedAtom, resetSessionState } from './session';
import { startSessionSyncWhenNeeded } from './session-start';
import { AUTH_STORAGE_KEY } from '@/first-paint/contract';

const startSessionSync = vi.fn();
vi.mock('./session-sync', () => ({ startSessionSync: () => startSessionSync(), syncedClient: vi.fn() }));

afterEach(() => {
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
    window.localStorage.setItem(AUTH_STORAGE_KEY, '{"access_token":"…","refresh_token":"r","user":{"id":"u"}}');
    startSessionSyncWhenNeeded();
    expect(store.get(initializedAtom)).toBe(false); // INITIAL_SESSION from supabase-js decides
    await vi.waitFor(() => expect(startSessionSync).toHaveBeenCalledOnce());
  });

  it('starts following when another tab signs in', async () => {
    startSessionSyncWhenNeeded();
    window.dispatchEvent(new StorageEvent('storage', { key: 'other-key', newValue: 'x' }));
    window.dispatchEvent(new StorageEvent('storage', { key: AUTH_STORAGE_KEY, newValue: null }));
    await Promise.resolve();
    expect(startSessionSync).not.toHaveBeenCalled();
    window.dispatchEvent(new StorageEvent('storage', { key: AUTH_STORAGE_KEY, newValue: '{"access_token":"…","refresh_token":"r","user":{"id":"u"}}' }));
    await vi.waitFor(() => expect(startSessionSync).toHaveBeenCalledOnce());
  });
});
