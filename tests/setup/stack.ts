/**
 * globalSetup of the `stack` project: one fresh local stack (no app) for every tests/stack file; the
 * tests reach it through `inject('apiUrl' | 'dbUrl' | 'inboxUrl' | 'formSinkUrl' | 'stackPid')`.
 */
import type { TestProject } from 'vitest/node';
import './provided-context.ts';
import { startTestStack } from './start-test-stack.ts';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // A 3 s Realtime liveness window, so the test of a client that answers nothing does not wait a minute.
  const { stack, teardown } = await startTestStack('stack', false, { realtimeLivenessMs: 3000 });
  project.provide('apiUrl', stack.urls.api);
  project.provide('dbUrl', stack.urls.db);
  project.provide('inboxUrl', stack.urls.inbox);
  project.provide('formSinkUrl', stack.urls.formSink);
  project.provide('stackPid', process.pid);
  project.provide('appUrl', '');
  return teardown;
}
