/**
 * `RenderQrPng` on Web Workers (qr-png-worker.ts), one per spare core. Where a worker cannot start or cannot draw
 * (no module workers or no OffscreenCanvas in the browser), its codes are drawn in the page with qr-code-styling
 * (render-qr-png.ts), as before, so the ZIP is made either way.
 */
import { startWorkerPool } from '@/lib/worker-pool';
import type { QrPngJob } from './draw-qr-png';
import { logoBitmaps } from './logo-bitmaps';
import type { RenderQrPng } from './qr-zip';
import { renderQrPng } from './render-qr-png';

export interface QrPngWorkers {
  render: RenderQrPng;
  /** How many workers draw (1 for a single worker or the page). */
  size: number;
  close(): void;
}

export function startQrPngWorkers(count?: number): QrPngWorkers {
  const pool = startWorkerPool<QrPngJob, Uint8Array>(
    () => new Worker(new URL('./qr-png-worker.ts', import.meta.url), { type: 'module' }),
    (jobs) => Promise.all(jobs.map((job) => renderQrPng(job.look))),
    count,
  );
  const logoBitmap = logoBitmaps();
  return {
    render: async (look) => (await pool.run([{ look, logo: look.logoUrl ? await logoBitmap(look.logoUrl) : null }]))[0],
    size: pool.size,
    close: pool.close,
  };
}
