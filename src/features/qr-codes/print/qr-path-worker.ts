/**
 * Encodes QR codes off the page's main thread for the print sheet: qrcode-generator tries all eight mask patterns
 * of every code, about 3 ms a code on a laptop, which for hundreds of codes would hold up the page's rendering.
 */
import { qrPath } from '@/lib/qr-path';
import type { QrJob } from './print-codes';

export interface QrWorkerRequest {
  id: number;
  jobs: QrJob[];
}

self.onmessage = ({ data }: MessageEvent<QrWorkerRequest>) => {
  self.postMessage({ id: data.id, paths: data.jobs.map((job) => qrPath(job.text, job.options)) });
};
