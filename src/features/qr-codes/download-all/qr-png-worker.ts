/** Draws rooms' codes as PNG bytes for "Download all" beside the page (draw-qr-png.ts); the bytes are moved, not copied. */
import { serveWorkerJobs, type WorkerScope } from '@/lib/worker-jobs';
import type { QrLook } from '../qr-styling-options';
import { drawQrPng, logoLoader } from './draw-qr-png';

const loadLogo = logoLoader();

serveWorkerJobs(
  self as unknown as WorkerScope,
  (looks: QrLook[]) => Promise.all(looks.map((look) => drawQrPng(look, loadLogo))),
  (pngs) => pngs.map((png) => png.buffer),
);
