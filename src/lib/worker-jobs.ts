/**
 * The worker's side of `startWorkerPool` (worker-pool.ts): answers each batch with its results, or with the error
 * that stopped it, so the page can do that batch itself. `transfer` names the buffers to move rather than copy.
 */
import type { WorkerJobsReply, WorkerJobsRequest } from './worker-pool';

/** The parts of a dedicated worker's global scope used here (the app's TypeScript has the DOM's types, not the worker's). */
export interface WorkerScope {
  postMessage(message: unknown, transfer: Transferable[]): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
}

export function serveWorkerJobs<Job, Result>(
  scope: WorkerScope,
  doJobs: (jobs: Job[]) => Result[] | Promise<Result[]>,
  transfer: (results: Result[]) => Transferable[] = () => [],
): void {
  scope.addEventListener('message', (event: MessageEvent<WorkerJobsRequest<Job>>) => {
    const { id, jobs } = event.data;
    void (async () => {
      try {
        const results = await doJobs(jobs);
        scope.postMessage({ id, results } satisfies WorkerJobsReply<Result>, transfer(results));
      } catch (error) {
        scope.postMessage({ id, error: error instanceof Error ? error.message : String(error) } satisfies WorkerJobsReply<Result>, []);
      }
    })();
  });
}
