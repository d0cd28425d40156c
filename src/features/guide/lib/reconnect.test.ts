import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { retryDelayMs, useReconnect } from './reconnect';

describe('retryDelayMs', () => {
  it('waits 15 s first, twice as long after each failed try, and at most 5 minutes', () => {
    expect([0, 1, 2, 3, 4, 5, 20].map(retryDelayMs)).toEqual([15_000, 30_000, 60_000, 120_000, 240_000, 300_000, 300_000]);
  });
});

describe('useReconnect', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function setVisibility(state: DocumentVisibilityState) {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
    document.dispatchEvent(new Event('visibilitychange'));
  }

  it('tries again after the delay for its count of failed tries, when back online and when the page is shown again', () => {
    const tryAgain = vi.fn();
    renderHook(() => useReconnect(true, 1, tryAgain));
    vi.advanceTimersByTime(29_999);
    expect(tryAgain).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(tryAgain).toHaveBeenCalledTimes(1);

    window.dispatchEvent(new Event('online'));
    expect(tryAgain).toHaveBeenCalledTimes(2);

    setVisibility('hidden');
    expect(tryAgain).toHaveBeenCalledTimes(2);
    setVisibility('visible');
    expect(tryAgain).toHaveBeenCalledTimes(3);
  });

  it('does nothing while inactive, and stops when it becomes inactive', () => {
    const tryAgain = vi.fn();
    const { rerender } = renderHook(({ active }) => useReconnect(active, 0, tryAgain), { initialProps: { active: false } });
    window.dispatchEvent(new Event('online'));
    vi.advanceTimersByTime(600_000);
    expect(tryAgain).not.toHaveBeenCalled();

    rerender({ active: true });
    rerender({ active: false });
    window.dispatchEvent(new Event('online'));
    setVisibility('visible');
    vi.advanceTimersByTime(600_000);
    expect(tryAgain).not.toHaveBeenCalled();
  });
});
