/**
 * A crashed service comes back. The probe killed PostgREST with SIGKILL: `/rest/v1` answered 502 thirty seconds later
 * and for good, so guests without a saved guide, sign-ups, dashboards and scans stayed broken until `npm start` was
 * run again. Now the stack's supervisor starts it again, and until it answers the gateway says 503 with Retry-After.
 * The Edge Functions runtime likewise. (tests/faults/ does the same under load, PostgreSQL included.)
 */
import { describe, expect, inject, it } from 'vitest';
import { anonKey } from '../../local-stack/config.ts';
import { childPid, type Child } from '../faults/processes.ts';

interface Seen {
  status: number;
  retryAfter: string | null;
}

/** Asks `target` until it answers 200, noting every other answer; fails after 10 s. */
async function answersAgain(target: string): Promise<Seen[]> {
  const seen: Seen[] = [];
  const deadline = Date.now() + 10_000;
  for (;;) {
    const response = await fetch(`${inject('apiUrl')}${target}`, { headers: { apikey: anonKey }, signal: AbortSignal.timeout(5_000) });
    await response.arrayBuffer();
    if (response.status === 200) return seen;
    seen.push({ status: response.status, retryAfter: response.headers.get('retry-after') });
    if (Date.now() > deadline) throw new Error(`${target} did not answer 200 within 10 s: ${JSON.stringify(seen.slice(-3))}`);
  }
}

describe.each([
  ['postgrest', '/rest/v1/products?select=id'],
  ['deno', '/functions/v1/health'],
] as const)('%s killed with SIGKILL', (child: Child, target) => {
  it('is started again, and meanwhile its routes answer 503 with Retry-After, never 502', async () => {
    expect((await answersAgain(target)).length).toBe(0);
    const pid = childPid(inject('stackPid'), child);
    process.kill(pid, 'SIGKILL');
    const meanwhile = await answersAgain(target);
    for (const answer of meanwhile) {
      expect(answer.status).toBe(503);
      expect(Number(answer.retryAfter)).toBeGreaterThanOrEqual(1);
    }
    // A new process, not the killed one.
    expect(childPid(inject('stackPid'), child)).not.toBe(pid);
  });
});
