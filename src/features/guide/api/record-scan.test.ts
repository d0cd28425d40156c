import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { recordScan } from './record-scan';

const guideId = '33333333-3333-4333-8333-333333333101';

function answer(status: number): Response {
  return new Response(status === 204 ? null : '{}', { status });
}

describe('recordScan', () => {
  let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
  let info: ReturnType<typeof vi.spyOn>;
  let warn: ReturnType<typeof vi.spyOn>;

  beforeEach(() => {
    localStorage.clear();
    fetchMock = vi.fn<typeof fetch>();
    vi.stubGlobal('fetch', fetchMock);
    info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  function sentBody(call = 0): Record<string, unknown> {
    return JSON.parse(String(fetchMock.mock.calls[call][1]?.body)) as Record<string, unknown>;
  }

  it('sends the guide id with this device’s token for the guide, the same token on a later visit', async () => {
    fetchMock.mockResolvedValue(answer(204));
    expect(await recordScan(guideId, 1_000)).toBe('sent');
    expect(await recordScan(guideId, 1_000 + 31 * 60_000)).toBe('sent');
    const first = sentBody(0);
    expect(first.qr_id).toBe(guideId);
    expect(first.device_token).toMatch(/^[0-9a-f-]{36}$/);
    expect(sentBody(1)).toEqual(first);
  });

  it('treats 429 (already counted for this device or network) as done: logged, not retried on the next open', async () => {
    fetchMock.mockResolvedValue(answer(429));
    expect(await recordScan(guideId, 1_000)).toBe('limited');
    expect(info).toHaveBeenCalledOnce();
    expect(warn).not.toHaveBeenCalled();
    expect(await recordScan(guideId, 2_000)).toBe('skipped');
    expect(fetchMock).toHaveBeenCalledOnce();
  });

  it('lets the next open try again after a server error', async () => {
    fetchMock.mockResolvedValueOnce(answer(500)).mockResolvedValueOnce(answer(204));
    expect(await recordScan(guideId, 1_000)).toBe('failed');
    expect(warn).toHaveBeenCalledWith('Failed to increment scan count', 500);
    expect(await recordScan(guideId, 2_000)).toBe('sent');
  });
});
