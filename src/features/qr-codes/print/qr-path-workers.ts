/**
 * `DrawQrPaths` on Web Workers (qr-path-worker.ts): one per spare core (at most four), batches handed round in turn.
 * Where a worker cannot start or fails, its codes are encoded in the page instead, so the sheet is drawn either way.
 */
import type { QrPath } from '@/lib/qr-path';
import { drawInPage, type DrawQrPaths, type QrJob } from './print-codes';
import type { QrWorkerRequest } from './qr-path-worker';

export interface QrWorkerPool {
  draw: DrawQrPaths;
  /** How many workers answer (1 for a single worker or the page). */
  size: number;
  close(): void;
}

/** A worker per core the page's own thread does not need, at least one: on two cores, one worker beside the page. */
export function startQrWorkers(count = Math.min(4, Math.max(1, (navigator.hardwareConcurrency || 2) - 1))): QrWorkerPool {
  const workers = Array.from({ length: count }, () => startQrWorker());
  let turn = 0;
  return {
    draw: (jobs) => workers[turn++ % workers.length].draw(jobs),
    size: workers.length,
    close: () => workers.forEach((worker) => worker.close()),
  };
}

function startQrWorker(): QrWorkerPool {
  let worker: Worker | null = null;
  try {
    worker = new Worker(new URL('./qr-path-worker.ts', import.meta.url), { type: 'module' });
  } catch (error) {
    console.warn('The QR worker did not start; codes are drawn in the page', error);
  }
  let nextId = 0;
  const pending = new Map<number, { jobs: QrJob[]; resolve: (paths: QrPath[]) => void }>();
  const fallBack = () => {
    worker?.terminate();
    worker = null;
    for (const { jobs, resolve } of pending.values()) void drawInPage(jobs).then(resolve);
    pending.clear();
  };
  if (worker) {
    worker.onmessage = ({ data }: MessageEvent<{ id: number; paths: QrPath[] }>) => {
      const request = pending.get(data.id);
      pending.delete(data.id);
      request?.resolve(data.paths);
    };
    worker.onerror = (event) => {
      console.warn('The QR worker failed; codes are drawn in the page', event.message);
      fallBack();
    };
  }
  return {
    draw: (jobs) => {
      if (!worker) return drawInPage(jobs);
      const id = nextId++;
      return new Promise((resolve) => {
        pending.set(id, { jobs, resolve });
        worker!.postMessage({ id, jobs } satisfies QrWorkerRequest);
      });
    },
    size: 1,
    close: () => {
      worker?.terminate();
      worker = null;
      pending.clear();
    },
  };
}
