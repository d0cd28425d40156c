/**
 * Whether the app can reach its API, as its own requests find out: every request of the Supabase client goes
 * through `watchedFetch`, and an answer that says the service is away (no answer at all, or 502/503/504 while a
 * service of the stack or of Supabase restarts) marks the connection as reconnecting; any other answer marks it
 * back. While reconnecting, the screens' reads are tried again every few seconds, and once an answer comes the
 * reads that failed meanwhile are fetched again, so an open screen recovers without a reload.
 */
import { useSyncExternalStore } from 'react';
import { queryClient } from './query-client';

export type ConnectionState = 'online' | 'reconnecting';

const unavailableStatuses: ReadonlySet<number> = new Set([502, 503, 504]);
/** How often the active reads are tried while the connection is away (postgrest-js also honours Retry-After). */
export const reconnectProbeMs = 2_000;

let state: ConnectionState = 'online';
const listeners = new Set<() => void>();
let probe: ReturnType<typeof setInterval> | null = null;

function setState(next: ConnectionState): void {
  if (next === state) return;
  state = next;
  if (next === 'reconnecting') {
    probe ??= setInterval(() => void queryClient.refetchQueries({ type: 'active' }), reconnectProbeMs);
  } else {
    if (probe) clearInterval(probe);
    probe = null;
    // What failed while the API was away is read again now (what succeeded meanwhile stays as it is).
    void queryClient.refetchQueries({ type: 'active', predicate: (query) => query.state.status === 'error' });
  }
  for (const listener of listeners) listener();
}

export function connectionState(): ConnectionState {
  return state;
}

export function subscribeToConnection(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useConnectionState(): ConnectionState {
  return useSyncExternalStore(subscribeToConnection, connectionState, () => 'online');
}

/** The fetch given to the Supabase client: the request as it is, noting what its answer says of the connection. */
export async function watchedFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(input, init);
  } catch (error) {
    // An abort is the app's own doing (a screen closed), not the network's.
    if (!(error instanceof DOMException && error.name === 'AbortError')) setState('reconnecting');
    throw error;
  }
  setState(unavailableStatuses.has(response.status) ? 'reconnecting' : 'online');
  return response;
}
