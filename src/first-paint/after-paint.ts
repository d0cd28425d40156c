/**
 * Runs `callback` in a task after two animation frames, not one. A callback run right after the first animation frame
 * (`requestAnimationFrame` then a task) runs while the compositor is still drawing that frame, and the work it starts
 * (loading and running the app's or the guide's code) held the frame's presentation back on a phone-class CPU: a
 * saved guide page from the HTTP cache (Slow 4G + 4× CPU, 8 alternated runs) painted its WiFi password at 130 ms with
 * one frame, 100 ms with two, 90 ms with no script at all. Two frames are not a guarantee that anything is on screen:
 * while a page is still loading, Chromium runs animation frames that paint nothing (traces of /login's kept copy), so
 * on a large page the callback can still come before the frame with its content. Waiting for the content's own paint
 * entry instead (Element Timing) was measured through the worker and made no difference (README, "Performance").
 */
export function afterNextPaint(callback: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let frame = requestAnimationFrame(() => {
    frame = requestAnimationFrame(() => {
      timer = setTimeout(callback, 0);
    });
  });
  /** Cancels the callback if it has not run yet (an effect's cleanup). */
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}
