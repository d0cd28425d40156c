/**
 * Keeps a child of the stack (PostgreSQL, PostgREST, the Edge Functions runtime) running, as Docker's restart
 * policy keeps the Supabase CLI's containers running: a child that ends without being asked to is started again
 * after a growing pause, the terminal is told once when it went down and once when it is back, and after too many
 * crashes in a short time it is left down with a message that says so. While a child is not up, the gateway answers
 * its routes with 503 and `Retry-After` (../gateway/availability.ts), never with a hang or a bare 502.
 */

export type ServiceState = 'up' | 'restarting' | 'failed' | 'stopped';

/** One run of the child: resolves `ended` with how it ended ("exit code 137", "signal SIGKILL"). */
export interface Incarnation {
  ended: Promise<string>;
  /** Stops this run and whatever it started (used on purpose: not a crash). */
  stop(): Promise<void>;
}

export interface SupervisedService {
  readonly name: string;
  state(): ServiceState;
  /** Seconds a client should wait before trying again while the child is restarting. */
  retryAfterSeconds(): number;
  /** Resolves when the child is up (at once if it is), or rejects once it has been given up on or stopped. */
  whenUp(): Promise<void>;
  stop(): Promise<void>;
}

export interface SuperviseOptions {
  name: string;
  /** The run started with the stack (its failures are the stack's start-up errors). */
  first: Incarnation;
  /** Starts the child again and resolves once it is ready; a rejection counts as a crash. */
  restart: () => Promise<Incarnation>;
  /** Where the child writes its output, named in the messages. */
  logFile?: string;
  /** Pause before restart n (the last one repeats). */
  backoffMs?: readonly number[];
  /** Crashes within `crashWindowMs` after which the child is left down. */
  maxCrashes?: number;
  crashWindowMs?: number;
  /** One line for the terminal (defaults to console.error). */
  report?: (line: string) => void;
}

/** Short first pauses: a crash under load is usually a one-off, and 503s meanwhile cost every open screen. */
export const defaultBackoffMs = [100, 500, 1000, 2000, 4000] as const;

export function supervise(opts: SuperviseOptions): SupervisedService {
  const backoff = opts.backoffMs ?? defaultBackoffMs;
  const maxCrashes = opts.maxCrashes ?? 5;
  const crashWindowMs = opts.crashWindowMs ?? 60_000;
  const report = opts.report ?? ((line: string) => console.error(line));
  const where = opts.logFile ? ` Log: ${opts.logFile}` : '';

  let state: ServiceState = 'up';
  // Read through a function: `state` changes while a watch awaits, which narrowing cannot see.
  const stopped = (): boolean => state === 'stopped';
  let current: Incarnation | null = opts.first;
  let crashes: number[] = [];
  let pause = 0;
  let waiters: Array<{ resolve: () => void; reject: (error: Error) => void }> = [];
  let wakeFromPause: (() => void) | null = null;

  const settleWaiters = (error?: Error): void => {
    for (const waiter of waiters) {
      if (error) waiter.reject(error);
      else waiter.resolve();
    }
    waiters = [];
  };

  const sleep = (ms: number): Promise<void> =>
    new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      wakeFromPause = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  async function watch(incarnation: Incarnation): Promise<void> {
    const how = await incarnation.ended;
    if (stopped() || current !== incarnation) return;
    current = null;
    // Whatever the run left behind (a wrapper's helper, a half-open port) goes before the next one starts.
    await incarnation.stop().catch(() => undefined);
    const wentDown = Date.now();
    state = 'restarting';
    report(`✖ ${opts.name} stopped unexpectedly (${how}); restarting it.${where}`);
    for (;;) {
      const now = Date.now();
      crashes = [...crashes.filter((at) => now - at < crashWindowMs), now];
      if (crashes.length > maxCrashes) {
        state = 'failed';
        report(
          `✖ ${opts.name} stopped ${crashes.length} times within ${Math.round(crashWindowMs / 1000)} s and is not restarted again: ` +
            `its API answers 503 until the stack is started again (npm start).${where}`,
        );
        settleWaiters(new Error(`${opts.name} is down`));
        return;
      }
      pause = backoff[Math.min(crashes.length - 1, backoff.length - 1)]!;
      await sleep(pause);
      if (stopped()) return;
      try {
        const next = await opts.restart();
        if (stopped()) {
          await next.stop();
          return;
        }
        current = next;
        state = 'up';
        pause = 0;
        report(`✓ ${opts.name} is back after ${((Date.now() - wentDown) / 1000).toFixed(1)} s.`);
        settleWaiters();
        void watch(next);
        return;
      } catch (error) {
        const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
        report(`✖ ${opts.name} did not start again (${reason}); trying once more.`);
      }
    }
  }

  void watch(opts.first);

  return {
    name: opts.name,
    state: () => state,
    retryAfterSeconds: () => Math.max(1, Math.ceil(pause / 1000)),
    whenUp() {
      if (state === 'up') return Promise.resolve();
      if (state !== 'restarting') return Promise.reject(new Error(`${opts.name} is ${state}`));
      return new Promise((resolve, reject) => waiters.push({ resolve, reject }));
    },
    async stop() {
      state = 'stopped';
      wakeFromPause?.();
      settleWaiters(new Error(`${opts.name} was stopped`));
      const running = current;
      current = null;
      await running?.stop();
    },
  };
}
