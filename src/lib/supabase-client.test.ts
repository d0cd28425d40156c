import { afterEach, describe, expect, it, vi } from 'vitest';
import { deferSupabase, releaseSupabase, supabaseClient, supabaseClientWhenAllowed, supabaseMayLoad } from './supabase-client';

const client = vi.hoisted(() => ({ marker: 'the client' }));
vi.mock('./supabase', () => ({ supabase: client }));

const settled = async (promise: Promise<unknown>) => {
  let done = false;
  void promise.then(() => (done = true));
  await new Promise((resolve) => setTimeout(resolve, 0));
  return done;
};

afterEach(() => {
  releaseSupabase();
  vi.useRealTimers();
});

describe('loading supabase-js', () => {
  it('loads at once when nothing defers it', async () => {
    expect(await supabaseClientWhenAllowed()).toBe(client);
  });

  it('holds back reads nobody waits on until released', async () => {
    deferSupabase();
    const navbarRead = supabaseClientWhenAllowed();
    expect(await settled(navbarRead)).toBe(false);
    releaseSupabase();
    expect(await navbarRead).toBe(client);
  });

  it('ends the deferral when something needs the client now', async () => {
    deferSupabase();
    const mayLoad = supabaseMayLoad();
    expect(await supabaseClient()).toBe(client);
    expect(await settled(mayLoad)).toBe(true);
  });

  it('never waits past the limit', async () => {
    vi.useFakeTimers();
    deferSupabase();
    const mayLoad = supabaseMayLoad();
    let released = false;
    void mayLoad.then(() => (released = true));
    await vi.advanceTimersByTimeAsync(4_999);
    expect(released).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(released).toBe(true);
  });
});
