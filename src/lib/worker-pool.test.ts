import { afterEach, describe, expect, it, vi } from 'vitest';
import { serveWorkerJobs, type WorkerScope } from './worker-jobs';
import { startWorkerPool } from './worker-pool';

/**
 * A worker without a thread: what the page posts reaches the worker's listener (set up by `serveWorkerJobs`, as the
 * worker module does), and what the worker posts reaches the page's `onmessage`, each a task later as in a browser.
 */
class FakeWorker {
  onmessage: ((event: MessageEvent) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  terminated = false;
  posted = 0;
  transferred: Transferable[][] = [];
  private listener: ((event: MessageEvent) => void) | null = null;

  constructor(serve: (scope: WorkerScope) => void) {
    serve({
      addEventListener: (_type, listener) => (this.listener = listener),
      postMessage: (message, transfer) => {
        this.transferred.push(transfer);
        setTimeout(() => this.onmessage?.({ data: message } as MessageEvent));
      },
    });
  }

  postMessage(message: unknown) {
    this.posted++;
    setTimeout(() => this.listener?.({ data: message } as MessageEvent));
  }

  fail(message: string) {
    this.onerror?.({ message } as ErrorEvent);
  }

  terminate() {
    this.terminated = true;
  }
}

const double = (jobs: number[]) => jobs.map((job) => job * 2);
const inPage = vi.fn(async (jobs: number[]) => jobs.map((job) => -job));

afterEach(() => {
  inPage.mockClear();
  vi.restoreAllMocks();
});

function pool(workers: FakeWorker[]) {
  let started = 0;
  return startWorkerPool<number, number>(() => workers[started++] as unknown as Worker, inPage, workers.length);
}

describe('startWorkerPool', () => {
  it('hands batches round its workers in turn and answers their results', async () => {
    const workers = [new FakeWorker((scope) => serveWorkerJobs(scope, double)), new FakeWorker((scope) => serveWorkerJobs(scope, double))];
    const jobs = pool(workers);
    expect(jobs.size).toBe(2);
    expect(await Promise.all([jobs.run([1, 2]), jobs.run([3]), jobs.run([4])])).toEqual([[2, 4], [6], [8]]);
    expect(workers.map((worker) => worker.posted)).toEqual([2, 1]);
    expect(inPage).not.toHaveBeenCalled();
  });

  it('moves the buffers the worker names instead of copying them', async () => {
    const bytes = (jobs: number[]) => jobs.map((job) => new Uint8Array([job]));
    const worker = new FakeWorker((scope) => serveWorkerJobs(scope, bytes, (results) => results.map((result) => result.buffer)));
    const results = await startWorkerPool<number, Uint8Array>(
      () => worker as unknown as Worker,
      async () => [],
      1,
    ).run([7, 9]);
    expect(results.map((result) => [...result])).toEqual([[7], [9]]);
    expect(worker.transferred).toEqual([results.map((result) => result.buffer)]);
  });

  it('does a batch in the page when the worker answers it with an error', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const worker = new FakeWorker((scope) =>
      serveWorkerJobs(scope, async (jobs: number[]) => {
        if (jobs.includes(0)) throw new Error('no canvas here');
        return double(jobs);
      }),
    );
    const jobs = pool([worker]);
    expect(await jobs.run([0, 1])).toEqual([-0, -1]);
    expect(inPage).toHaveBeenCalledWith([0, 1]);
    expect(console.warn).toHaveBeenCalledWith('A worker could not do its jobs; they are done in the page', 'no canvas here');
    // The worker stays in use for the batches it can do.
    expect(await jobs.run([5])).toEqual([10]);
  });

  it('does the pending batches and every later one in the page once the worker fails', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const worker = new FakeWorker(() => {}); // never answers
    const jobs = pool([worker]);
    const pending = jobs.run([3]);
    worker.fail('out of memory');
    expect(await pending).toEqual([-3]);
    expect(worker.terminated).toBe(true);
    expect(await jobs.run([4])).toEqual([-4]);
    expect(worker.posted).toBe(1);
  });

  it('works in the page where no worker can start', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const jobs = startWorkerPool<number, number>(
      () => {
        throw new Error('module workers are not supported');
      },
      inPage,
      2,
    );
    expect(await jobs.run([1, 2])).toEqual([-1, -2]);
    expect(jobs.size).toBe(2);
  });

  it('terminates its workers when closed', () => {
    const workers = [new FakeWorker(() => {}), new FakeWorker(() => {})];
    pool(workers).close();
    expect(workers.map((worker) => worker.terminated)).toEqual([true, true]);
  });
});
