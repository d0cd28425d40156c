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

  it.each([
    ['before the first frame', 0],
    ['between the frames', 1],
    ['before its task', 2],
  ])('runs nothing once cancelled %s', (_when, framesRun) => {
    vi.useFakeTimers();
    const frames = new Map<number, FrameRequestCallback>();
    let nextFrame = 1;
    vi.stubGlobal('requestAnimationFrame', (frame: FrameRequestCallback) => {
      frames.set(nextFrame, frame);
      return nextFrame++;
    });
    vi.stubGlobal('cancelAnimationFrame', (id: number) => frames.delete(id));
    const runFrame = () => {
      const [id, frame] = [...frames][0]!;
      frames.delete(id);
      frame(16);
    };
    const callback = vi.fn();
    const cancel = afterNextPaint(callback);
    for (let frame = 0; frame < framesRun; frame++) runFrame();

    cancel();
    expect(frames.size).toBe(0);
    vi.runAllTimers();
    expect(callback).not.toHaveBeenCalled();
  });
});
