/**
 * `DrawQrPaths` on Web Workers (qr-path-worker.ts), one per spare core; where a worker cannot start or fails, its
 * codes are encoded in the page instead, so the sheet is drawn either way.
 */
import type { QrPath } from '@/lib/qr-path';
import { spareCores, startWorkerPool } from '@/lib/worker-pool';
import { drawInPage, type DrawQrPaths, type QrJob } from './print-codes';

export interface QrWorkerPool {
  draw: DrawQrPaths;
  /** How many workers answer (1 for a single worker or the page). */
  size: number;
  close(): void;
}

export function startQrWorkers(count = spareCores()): QrWorkerPool {
  const pool = startWorkerPool<QrJob, QrPath>(() => new Worker(new URL('./qr-path-worker.ts', import.meta.url), { type: 'module' }), drawInPage, count);
  return { draw: pool.run, size: pool.size, close: pool.close };
}
