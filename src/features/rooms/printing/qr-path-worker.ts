/**
 * Encodes QR codes off the page's main thread for the print sheet: qrcode-generator tries all eight mask patterns
 * of every code, about 3 ms a code on a laptop, which for hundreds of codes would hold up the page's rendering.
 */
import { qrPath } from '@/lib/qr-path';
import { serveWorkerJobs, type WorkerScope } from '@/lib/worker-jobs';
import type { QrJob } from './print-codes';

serveWorkerJobs(self as unknown as WorkerScope, (jobs: QrJob[]) => jobs.map((job) => qrPath(job.text, job.options)));
