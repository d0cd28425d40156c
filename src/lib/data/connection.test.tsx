import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConnectionNote } from '@/components/connection-note';
import { renderWithProviders } from '@/testing/render';
import { connectionState, reconnectProbeMs, watchedFetch } from './connection';
import { queryClient } from './query-client';

function answer(status: number): Response {
  return new Response(status === 204 ? null : '{}', { status });
}

describe('the connection as the app’s requests find it', () => {
  let fetchMock: ReturnType<typeof vi.fn>;

  beforeEach(() => {
    fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
  });

  afterEach(async () => {
    fetchMock.mockResolvedValue(answer(200));
    await watchedFetch('/rest/v1/properties');
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it.each([502, 503, 504])('a %i answer means reconnecting, and the next ordinary answer means back', async (status) => {
    fetchMock.mockResolvedValueOnce(answer(status));
    expect((await watchedFetch('/rest/v1/properties')).status).toBe(status);
    expect(connectionState()).toBe('reconnecting');
    fetchMock.mockResolvedValueOnce(answer(404));
    await watchedFetch('/rest/v1/properties');
    expect(connectionState()).toBe('online');
  });

  it('no answer at all means reconnecting; an abort by the app does not', async () => {
    fetchMock.mockRejectedValueOnce(new DOMException('The operation was aborted.', 'AbortError'));
    await expect(watchedFetch('/rest/v1/properties')).rejects.toThrow('aborted');
    expect(connectionState()).toBe('online');
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(watchedFetch('/rest/v1/properties')).rejects.toThrow('Failed to fetch');
    expect(connectionState()).toBe('reconnecting');
  });

  it('tries the active reads again while away, and reads again what failed once it is back', async () => {
    vi.useFakeTimers();
    const refetch = vi.spyOn(queryClient, 'refetchQueries').mockResolvedValue();
    fetchMock.mockResolvedValueOnce(answer(503));
    await watchedFetch('/rest/v1/properties');
    expect(refetch).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(reconnectProbeMs);
    expect(refetch).toHaveBeenCalledWith({ type: 'active' });
    fetchMock.mockResolvedValueOnce(answer(200));
    await watchedFetch('/rest/v1/properties');
    expect(refetch).toHaveBeenLastCalledWith(expect.objectContaining({ type: 'active', predicate: expect.any(Function) as unknown }));
    const calls = refetch.mock.calls.length;
    await vi.advanceTimersByTimeAsync(reconnectProbeMs * 2);
    expect(refetch.mock.calls.length).toBe(calls);
    refetch.mockRestore();
  });

  it('shows a note while reconnecting and takes it away once back', async () => {
    renderWithProviders(<ConnectionNote />);
    expect(screen.queryByText('Reconnecting…')).toBeNull();
    fetchMock.mockResolvedValueOnce(answer(503));
    await act(() => watchedFetch('/rest/v1/properties'));
    expect(screen.getByRole('status')).toHaveTextContent(
      'Reconnecting… The connection to RoomGuide was interrupted. This page updates by itself as soon as it is back.',
    );
    fetchMock.mockResolvedValueOnce(answer(200));
    await act(() => watchedFetch('/rest/v1/properties'));
    expect(screen.queryByText('Reconnecting…')).toBeNull();
  });
});
