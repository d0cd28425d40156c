/**
 * Live host screens through Supabase Realtime: while a signed-in screen is open, one channel per tab listens to the
 * changes of the tables the host screens show (rooms, properties, scans, the plan) and marks their cached reads
 * stale, so scan counts move, another tab's or a teammate's edits appear and the plan arrives after Checkout
 * without a reload. Realtime delivers only rows the host may read (row-level security, docs/realtime.md).
 * While the channel is not live the screens poll instead (`refreshWhileNotLive`) and the dashboard says so.
 */
import { useEffect, useSyncExternalStore } from 'react';
import type { RealtimeChannel } from '@supabase/realtime-js';
import { supabase } from '@/lib/supabase';
import { queryClient } from './query-client';
import { invalidateTables, type CachedTable } from './query-keys';

/** `connecting` until the first answer; `paused` when the service cannot be reached or refused the channel. */
export type LiveState = 'connecting' | 'live' | 'paused';

/** Each watched table (in the `supabase_realtime` publication) and the cached reads its changes make stale. */
const watchedTables = {
  qr_codes: ['qr_codes'],
  // Scan counts are read as qr_codes computed fields and scan statistics, both cached under `qr_codes`.
  scan_day_parts: ['qr_codes'],
  properties: ['properties'],
  subscriptions: ['subscriptions'],
  users: ['users'],
  // A guest's request, a teammate's answer: the staff queue and the navbar's count.
  guest_requests: ['guest_requests'],
  guest_notices: ['guest_notices'],
} as const satisfies Record<string, readonly CachedTable[]>;

type WatchedTable = keyof typeof watchedTables;

/** How often the screens re-read while updates are not live (TanStack Query pauses it in a hidden tab). */
export const refreshWhileNotLiveMs = 15_000;

/** A burst of changes (a busy check-in hour) refreshes a screen once, shortly after it began. */
const invalidationDelayMs = 300;

let state: LiveState = 'connecting';
const stateListeners = new Set<() => void>();
let channel: RealtimeChannel | null = null;
let channelUser = '';
let screens = 0;
let pendingTables = new Set<CachedTable>();
let flushTimer: ReturnType<typeof setTimeout> | null = null;

function setState(next: LiveState): void {
  if (state === next) return;
  state = next;
  for (const listener of stateListeners) listener();
}

function staleSoon(tables: readonly CachedTable[]): void {
  for (const table of tables) pendingTables.add(table);
  flushTimer ??= setTimeout(() => {
    const flushing = [...pendingTables];
    pendingTables = new Set();
    flushTimer = null;
    void invalidateTables(queryClient, flushing);
  }, invalidationDelayMs);
}

/** Bumped by every open and close: a channel whose client arrives after its screen closed is not opened. */
let generation = 0;

function open(userId: string): void {
  channelUser = userId;
  const opening = ++generation;
  // realtime-js loads with the first live screen, after the screen has answered (supabase-realtime.ts).
  void supabase
    .realtime()
    .then((realtime) => {
      if (opening !== generation) return;
      let next = realtime.channel(`host-screens:${userId}`);
      for (const table of Object.keys(watchedTables) as WatchedTable[]) {
        next = next.on('postgres_changes', { event: '*', schema: 'public', table }, () => staleSoon(watchedTables[table]));
      }
      next = next.on('system', {}, (message: { extension?: string; status?: string }) => {
        if (message.extension !== 'postgres_changes') return;
        if (message.status === 'ok') {
          // Whatever changed while the channel was down or joining is read once now.
          if (state !== 'live') staleSoon(Object.values(watchedTables).flat());
          setState('live');
        } else {
          setState('paused');
        }
      });
      next.subscribe((status) => {
        if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT' || status === 'CLOSED') setState('paused');
      });
      channel = next;
    })
    // Not loaded (offline with an old build's files gone): the screens poll, and say so.
    .catch(() => setState('paused'));
}

function close(): void {
  const closing = channel;
  generation += 1;
  channel = null;
  channelUser = '';
  setState('connecting');
  if (closing) void supabase.realtime().then((realtime) => realtime.removeChannel(closing));
}

/**
 * Keeps the tab's channel open while a signed-in screen using it is mounted (the dashboard layout) and returns the
 * state. `userId` '' (signed out) closes it.
 */
export function useLiveUpdates(userId: string): LiveState {
  useEffect(() => {
    if (userId === '') return;
    screens += 1;
    if (channelUser !== userId) {
      close();
      open(userId);
    }
    return () => {
      screens -= 1;
      // Closed a moment later, so moving between screens keeps the channel.
      setTimeout(() => {
        if (screens === 0) close();
      }, 1000);
    };
  }, [userId]);
  return useLiveState();
}

/** The tab's live state, for a screen choosing between live updates and polling. */
export function useLiveState(): LiveState {
  return useSyncExternalStore(
    (listener) => {
      stateListeners.add(listener);
      return () => stateListeners.delete(listener);
    },
    () => state,
    () => 'connecting' as const,
  );
}

/** A screen's `refetchInterval`: none while changes arrive live, a steady refresh otherwise. */
export function useRefreshWhileNotLive(): number | false {
  return useLiveState() === 'live' ? false : refreshWhileNotLiveMs;
}
