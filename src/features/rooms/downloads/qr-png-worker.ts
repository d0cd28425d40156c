/** Draws rooms' codes as PNG bytes for "Download all" beside the page (draw-qr-png.ts); the bytes are moved, not copied. */
import { serveWorkerJobs, type WorkerScope } from '@/lib/worker-jobs';
import { drawQrPng, type QrPngJob } from './draw-qr-png';

serveWorkerJobs(
  self as unknown as WorkerScope,
  (jobs: QrPngJob[]) => Promise.all(jobs.map(drawQrPng)),
  (pngs) => pngs.map((png) => png.buffer),
);
