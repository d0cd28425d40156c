import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterNextPaint } from './after-paint';

describe('afterNextPaint', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('runs the callback in a task after the second animation frame, not the first', () => {
    vi.useFakeTimers();
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (frame: FrameRequestCallback) => frames.push(frame));
    const callback = vi.fn();
    afterNextPaint(callback);

    frames.shift()!(0);
    vi.runAllTimers();
    expect(callback).not.toHaveBeenCalled();

    frames.shift()!(16);
    expect(callback).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(callback).toHaveBeenCalledTimes(1);
    expect(frames).toHaveLength(0);
  });
});
