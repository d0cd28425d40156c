import { describe, expect, it } from 'vitest';
import { supervise, type Incarnation } from './supervisor.ts';

/** A child run the test ends by hand: `crash(how)` is the child stopping on its own. */
function fakeRun(): Incarnation & { crash(how: string): void; stopped: boolean } {
  let end: (how: string) => void = () => {};
  const run = {
    ended: new Promise<string>((resolve) => (end = resolve)),
    stopped: false,
    crash: (how: string) => end(how),
    stop: async () => {
      run.stopped = true;
      end('stopped');
    },
  };
  return run;
}

function until(condition: () => boolean): Promise<void> {
  return new Promise((resolve) => {
    const poll = (): void => (condition() ? resolve() : void setTimeout(poll, 1));
    poll();
  });
}

describe('supervise', () => {
  it('restarts a child that stops on its own, says so once when it goes and once when it is back', async () => {
    const lines: string[] = [];
    const first = fakeRun();
    const runs: ReturnType<typeof fakeRun>[] = [];
    const service = supervise({
      name: 'PostgREST',
      first,
      restart: async () => {
        runs.push(fakeRun());
        return runs.at(-1)!;
      },
      backoffMs: [5],
      logFile: '/tmp/postgrest.log',
      report: (line) => lines.push(line),
    });
    expect(service.state()).toBe('up');
    first.crash('exit code 137');
    await until(() => service.state() === 'restarting');
    expect(service.retryAfterSeconds()).toBe(1);
    await service.whenUp();
    expect(service.state()).toBe('up');
    expect(runs).toHaveLength(1);
    expect(first.stopped).toBe(true);
    expect(lines).toEqual([
      '✖ PostgREST stopped unexpectedly (exit code 137); restarting it. Log: /tmp/postgrest.log',
      expect.stringMatching(/^✓ PostgREST is back after \d+\.\d s\.$/) as unknown as string,
    ]);
    await service.stop();
    expect(runs[0]!.stopped).toBe(true);
    expect(service.state()).toBe('stopped');
  });

  it('counts a restart that fails as a crash and tries again', async () => {
    const lines: string[] = [];
    const first = fakeRun();
    let attempts = 0;
    const service = supervise({
      name: 'PostgreSQL',
      first,
      restart: async () => {
        attempts += 1;
        if (attempts < 3) throw new Error('port 54322 is already in use');
        return fakeRun();
      },
      backoffMs: [1],
      report: (line) => lines.push(line),
    });
    first.crash('signal SIGKILL');
    await until(() => attempts === 3 && service.state() === 'up');
    expect(lines.filter((line) => line.includes('did not start again'))).toHaveLength(2);
    await service.stop();
  });

  it('gives up after too many crashes within the window, with a clear message, and stops waiting callers', async () => {
    const lines: string[] = [];
    let latest = fakeRun();
    const service = supervise({
      name: 'Edge Functions (Deno)',
      first: latest,
      restart: async () => (latest = fakeRun()),
      backoffMs: [1],
      maxCrashes: 3,
      crashWindowMs: 60_000,
      report: (line) => lines.push(line),
    });
    for (let crash = 0; crash < 4; crash++) {
      await until(() => service.state() === 'up');
      latest.crash('exit code 1');
      await until(() => service.state() !== 'up');
    }
    await until(() => service.state() === 'failed');
    await expect(service.whenUp()).rejects.toThrow('Edge Functions (Deno) is failed');
    expect(lines.at(-1)).toBe(
      '✖ Edge Functions (Deno) stopped 4 times within 60 s and is not restarted again: its API answers 503 until the stack is started again (npm start).',
    );
    await service.stop();
  });

  it('does not restart a child that was stopped during its pause', async () => {
    const first = fakeRun();
    let restarts = 0;
    const service = supervise({
      name: 'PostgREST',
      first,
      restart: async () => {
        restarts += 1;
        return fakeRun();
      },
      backoffMs: [60_000],
      report: () => {},
    });
    first.crash('exit code 137');
    await until(() => service.state() === 'restarting');
    expect(service.retryAfterSeconds()).toBe(60);
    await service.stop();
    expect(service.state()).toBe('stopped');
    expect(restarts).toBe(0);
  });
});
