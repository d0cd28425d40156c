/**
 * Runs `callback` once the next frame is on screen: after two animation frames, not one. A callback run right after
 * the first animation frame (`requestAnimationFrame` then a task) runs while the compositor is still drawing that
 * frame, and the work it starts (loading and running the app's or the guide's code) held the frame's presentation
 * back on a phone-class CPU: a saved guide page from the HTTP cache (Slow 4G + 4× CPU, 8 alternated runs) painted its
 * WiFi password at 130 ms with one frame, 100 ms with two, 90 ms with no script at all.
 */
export function afterNextPaint(callback: () => void): void {
  requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(callback, 0)));
}
