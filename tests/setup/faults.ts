/**
 * globalSetup of the `faults` project: a fresh local stack and the production build, as for e2e, whose supervisor
 * waits 3 s before the first restart of a crashed child (the default is 0.1 s). The longer pause keeps the outage
 * long enough that a screen's request surely falls into it on a busy machine; every child is still back well within
 * the 10 s the suite allows.
 */
import type { TestProject } from 'vitest/node';
import './provided-context.ts';
import { provideStackWithApp } from './e2e.ts';
import { startTestStack } from './start-test-stack.ts';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const { stack, teardown } = await startTestStack('faults', 'preview', { restartBackoffMs: [3000, 500, 1000, 2000, 4000] });
  provideStackWithApp(project, stack);
  return teardown;
}
