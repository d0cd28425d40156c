/**
 * `RenderQrPng` on Web Workers (qr-png-worker.ts), one per spare core. Where a worker cannot start or cannot draw
 * (no module workers or no OffscreenCanvas in the browser), its codes are drawn in the page with qr-code-styling
 * (render-qr-png.ts), as before, so the ZIP is made either way.
 */
import { startWorkerPool } from '@/lib/worker-pool';
import type { QrLook } from '../qr-styling-options';
import type { RenderQrPng } from './qr-zip';
import { renderQrPng } from './render-qr-png';

export interface QrPngWorkers {
  render: RenderQrPng;
  /** How many workers draw (1 for a single worker or the page). */
  size: number;
  close(): void;
}

export function startQrPngWorkers(count?: number): QrPngWorkers {
  const pool = startWorkerPool<QrLook, Uint8Array>(
    () => new Worker(new URL('./qr-png-worker.ts', import.meta.url), { type: 'module' }),
    (looks) => Promise.all(looks.map(renderQrPng)),
    count,
  );
  return { render: async (look) => (await pool.run([look]))[0], size: pool.size, close: pool.close };
}
