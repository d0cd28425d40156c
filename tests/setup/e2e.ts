/**
 * globalSetup of the `e2e` project: a fresh local stack plus the production build of the app served by
 * `vite preview` (what guests and hosts get), with `inject('appUrl' | 'apiUrl' | 'dbUrl' | 'inboxUrl' | 'formSinkUrl' | 'stackPid')`.
 */
import type { TestProject } from 'vitest/node';
import type { RunningStack } from '../../local-stack/stack.ts';
import './provided-context.ts';
import { startTestStack } from './start-test-stack.ts';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const { stack, teardown } = await startTestStack('e2e', 'preview');
  provideStackWithApp(project, stack);
  return teardown;
}

/** What the tests of a project with a stack and the app `inject`. */
export function provideStackWithApp(project: TestProject, stack: RunningStack): void {
  project.provide('apiUrl', stack.urls.api);
  project.provide('dbUrl', stack.urls.db);
  project.provide('inboxUrl', stack.urls.inbox);
  project.provide('formSinkUrl', stack.urls.formSink);
  project.provide('stackPid', process.pid);
  project.provide('appUrl', stack.urls.app);
}
