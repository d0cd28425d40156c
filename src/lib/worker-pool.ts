/**
 * Jobs handed round a few Web Workers, in turn, so that hundreds of QR codes are made beside the page rather than
 * on its thread. Where a worker cannot start, fails, or answers a batch with an error, that batch is done in the
 * page instead (`inPage`), so the result comes either way. The worker's side is `serveWorkerJobs`
 * (worker-jobs.ts).
 */

/** What the page sends a worker: a batch of jobs under an id. */
export interface WorkerJobsRequest<Job> {
  id: number;
  jobs: Job[];
}

/** What a worker answers: the batch's results in order, or why it could not do them. */
export type WorkerJobsReply<Result> = { id: number; results: Result[] } | { id: number; error: string };

export interface WorkerPool<Job, Result> {
  run(jobs: Job[]): Promise<Result[]>;
  /** How many workers answer (1 for a single worker or the page). */
  size: number;
  close(): void;
}

/** A worker per core the page's own thread does not need, at most four: on two cores, one worker beside the page. */
export function spareCores(): number {
  return Math.min(4, Math.max(1, (globalThis.navigator?.hardwareConcurrency || 2) - 1));
}

/**
 * `start` creates one worker (`new Worker(new URL('./x-worker.ts', import.meta.url), { type: 'module' })`, written
 * out at the call site so that the bundler finds the worker's module).
 */
export function startWorkerPool<Job, Result>(start: () => Worker, inPage: (jobs: Job[]) => Promise<Result[]>, count = spareCores()): WorkerPool<Job, Result> {
  const workers = Array.from({ length: count }, () => startOneWorker(start, inPage));
  let turn = 0;
  return {
    run: (jobs) => workers[turn++ % workers.length].run(jobs),
    size: workers.length,
    close: () => workers.forEach((worker) => worker.close()),
  };
}

/** A batch sent to a worker, until its answer comes. */
interface PendingBatch<Job, Result> {
  jobs: Job[];
  resolve: (results: Result[]) => void;
  reject: (error: unknown) => void;
}

function startOneWorker<Job, Result>(start: () => Worker, inPage: (jobs: Job[]) => Promise<Result[]>): WorkerPool<Job, Result> {
  let worker: Worker | null = null;
  try {
    worker = start();
  } catch (error) {
    console.warn('A worker did not start; its jobs are done in the page', error);
  }
  let nextId = 0;
  const pending = new Map<number, PendingBatch<Job, Result>>();
  const inPageFor = (batch: PendingBatch<Job, Result>) => inPage(batch.jobs).then(batch.resolve, batch.reject);
  const fallBack = () => {
    worker?.terminate();
    worker = null;
    for (const request of pending.values()) void inPageFor(request);
    pending.clear();
  };
  if (worker) {
    worker.onmessage = ({ data }: MessageEvent<WorkerJobsReply<Result>>) => {
      const request = pending.get(data.id);
      pending.delete(data.id);
      if (!request) return;
      if ('results' in data) request.resolve(data.results);
      else {
        console.warn('A worker could not do its jobs; they are done in the page', data.error);
        void inPageFor(request);
      }
    };
    worker.onerror = (event) => {
      console.warn('A worker failed; its jobs are done in the page', event.message);
      fallBack();
    };
  }
  return {
    run: (jobs) => {
      if (!worker) return inPage(jobs);
      const id = nextId++;
      return new Promise((resolve, reject) => {
        pending.set(id, { jobs, resolve, reject });
        worker!.postMessage({ id, jobs } satisfies WorkerJobsRequest<Job>);
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
