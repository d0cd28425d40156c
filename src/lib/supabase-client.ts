/**
 * How code reaches the Supabase client without putting supabase-js on a screen's critical path: it is imported on
 * first use. On /dashboard rendered from the stored session (session-start.ts), supabase-js waits until the
 * property list has been painted (or anything needs it sooner: then it loads at once), so its download and
 * evaluation do not compete with the list's on a slow phone.
 */
import type { SupabaseClient } from './supabase';

/** The latest the deferred load waits for the list to paint (a screen that never reports it still gets a session). */
const DEFERRAL_LIMIT_MS = 5_000;

let releaseDeferred: (() => void) | null = null;
let whenReleased: Promise<void> = Promise.resolve();

/** Holds back supabase-js until releaseSupabase() (or the limit); nothing but the session start calls this. */
export function deferSupabase(): void {
  if (releaseDeferred) return;
  whenReleased = new Promise<void>((resolve) => {
    const timer = setTimeout(() => releaseSupabase(), DEFERRAL_LIMIT_MS);
    releaseDeferred = () => {
      clearTimeout(timer);
      resolve();
    };
  });
}

/** Lets supabase-js load now (the list has painted, or something needs it). */
export function releaseSupabase(): void {
  const release = releaseDeferred;
  releaseDeferred = null;
  release?.();
}

/** Resolves once supabase-js may load (at once unless deferred). */
export function supabaseMayLoad(): Promise<void> {
  return whenReleased;
}

const loadClient = () => import('./supabase').then(({ supabase }) => supabase);

/** The client, now: for reads and writes a screen is waiting on. Ends a deferral. */
export function supabaseClient(): Promise<SupabaseClient> {
  releaseSupabase();
  return loadClient();
}

/** The client once supabase-js may load: for reads nobody is waiting on before the list (the navbar's plan). */
export function supabaseClientWhenAllowed(): Promise<SupabaseClient> {
  return whenReleased.then(loadClient);
}
