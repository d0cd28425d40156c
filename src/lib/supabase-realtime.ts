/**
 * Supabase Realtime, loaded when a live screen first opens a channel (live-updates.ts) rather than before the app
 * can answer: realtime-js is 18 KB gzip. Wired as supabase-js wires it: the API key as a parameter, the signed-in
 * user's token read on connect and on every heartbeat, and set again at once when the session changes.
 */
import { RealtimeClient } from '@supabase/realtime-js';
import { env } from './env';
import { accessToken, serviceUrl, supabase } from './supabase';

export const realtime = new RealtimeClient(serviceUrl('realtime/v1').replace(/^http/, 'ws'), {
  params: { apikey: env.supabaseAnonKey },
  accessToken,
});

let lastToken: string | undefined;
supabase.auth.onAuthStateChange((event, session) => {
  if ((event === 'INITIAL_SESSION' || event === 'SIGNED_IN' || event === 'TOKEN_REFRESHED') && session?.access_token !== lastToken) {
    lastToken = session?.access_token;
    void realtime.setAuth(lastToken);
  } else if (event === 'SIGNED_OUT') {
    lastToken = undefined;
    void realtime.setAuth();
  }
});
