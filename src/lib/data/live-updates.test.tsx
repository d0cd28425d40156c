import { act, renderHook, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LiveUpdatesNote } from '@/components/live-updates-note';
import { renderWithProviders } from '@/testing/render';

type Handler = (payload: Record<string, unknown>) => void;

/** A channel as realtime-js offers it: the bindings asked for, and the callbacks the service would call. */
const fake = vi.hoisted(() => ({
  bindings: [] as Array<{ type: string; filter: Record<string, unknown>; handler: (payload: Record<string, unknown>) => void }>,
  status: null as ((status: string) => void) | null,
  removed: 0,
  names: [] as string[],
}));

vi.mock('@/lib/supabase', () => {
  const channel = (name: string) => {
    fake.names.push(name);
    const api = {
      on(type: string, filter: Record<string, unknown>, handler: Handler) {
        fake.bindings.push({ type, filter, handler });
        return api;
      },
      subscribe(callback: (status: string) => void) {
        fake.status = callback;
        return api;
      },
    };
    return api;
  };
  return {
    supabase: {
      // realtime-js as supabase.realtime() hands it over, once loaded.
      realtime: async () => ({
        channel,
        removeChannel: () => {
          fake.removed += 1;
          return Promise.resolve('ok');
        },
      }),
    },
  };
});

const { useLiveUpdates, useRefreshWhileNotLive, refreshWhileNotLiveMs } = await import('./live-updates');
const { queryClient } = await import('./query-client');

function system(status: 'ok' | 'error'): void {
  for (const binding of fake.bindings.filter((entry) => entry.type === 'system')) binding.handler({ extension: 'postgres_changes', status });
}

function change(table: string): void {
  for (const binding of fake.bindings.filter((entry) => entry.type === 'postgres_changes' && entry.filter.table === table)) {
    binding.handler({ table, eventType: 'UPDATE' });
  }
}

describe('live updates', () => {
  beforeEach(() => {
    fake.bindings = [];
    fake.names = [];
    fake.status = null;
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('listens to the watched tables on one channel, is live once PostgreSQL confirmed, and then stops refreshing on a timer', async () => {
    const { result, unmount } = renderHook(() => ({ state: useLiveUpdates('host-1'), refresh: useRefreshWhileNotLive() }));
    // realtime-js loads with the first live screen: the channel opens once it has arrived.
    await waitFor(() => expect(fake.names).toEqual(['host-screens:host-1']));
    expect(fake.bindings.filter((entry) => entry.type === 'postgres_changes').map((entry) => entry.filter)).toEqual(
      ['qr_codes', 'scan_day_parts', 'properties', 'subscriptions', 'users', 'guest_requests', 'guest_notices'].map((table) => ({
        event: '*',
        schema: 'public',
        table,
      })),
    );
    expect(result.current).toEqual({ state: 'connecting', refresh: refreshWhileNotLiveMs });
    act(() => system('ok'));
    expect(result.current).toEqual({ state: 'live', refresh: false });
    unmount();
  });

  it('marks the reads a change touches stale, once for a burst', async () => {
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    const { unmount } = renderHook(() => useLiveUpdates('host-2'));
    await waitFor(() => expect(fake.status).not.toBeNull());
    act(() => system('ok'));
    await waitFor(() => expect(invalidate).toHaveBeenCalled());
    invalidate.mockClear();
    act(() => {
      change('scan_day_parts');
      change('qr_codes');
      change('scan_day_parts');
    });
    await waitFor(() => expect(invalidate).toHaveBeenCalledTimes(1));
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['qr_codes'] });
    unmount();
  });

  it('is paused when the channel fails, refreshes on a timer meanwhile, and says so on the dashboard', async () => {
    const { result, unmount } = renderHook(() => ({ state: useLiveUpdates('host-3'), refresh: useRefreshWhileNotLive() }));
    await waitFor(() => expect(fake.status).not.toBeNull());
    act(() => system('ok'));
    act(() => fake.status?.('CHANNEL_ERROR'));
    expect(result.current).toEqual({ state: 'paused', refresh: refreshWhileNotLiveMs });
    renderWithProviders(<LiveUpdatesNote state={result.current.state} />);
    expect(screen.getByText('Live updates paused.')).toBeInTheDocument();
    expect(screen.getByText('This page refreshes every 15 seconds until they are back.')).toBeInTheDocument();
    act(() => system('ok'));
    expect(result.current.state).toBe('live');
    unmount();
  });

  it('opens no channel for a user the tab has left before realtime-js arrived', async () => {
    const { rerender, unmount } = renderHook(({ userId }) => useLiveUpdates(userId), { initialProps: { userId: 'host-4' } });
    rerender({ userId: 'host-5' });
    await waitFor(() => expect(fake.names).toEqual(['host-screens:host-5']));
    unmount();
  });

  it('shows nothing while live or connecting', () => {
    renderWithProviders(<LiveUpdatesNote state="live" />);
    expect(screen.queryByText('Live updates paused.')).not.toBeInTheDocument();
  });
});
