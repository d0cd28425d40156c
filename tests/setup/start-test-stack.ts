/**
 * Shared by the `stack` and `e2e` globalSetups: a fresh local stack on ROOMGUIDE_PORT_BASE (55320 when
 * unset, so tests never collide with `npm start` on 54320) and a data folder that is either
 * `$ROOMGUIDE_DATA_DIR/<suite>` (kept for inspection) or a temp folder removed afterwards.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { anonKey, stackPaths, stackPorts } from '../../local-stack/config.ts';
import { logTail, StackStartError } from '../../local-stack/process-utils.ts';
import { startStack, type RunningStack } from '../../local-stack/stack.ts';

export async function startTestStack(
  suite: string,
  app: false | 'preview',
  options: { restartBackoffMs?: readonly number[]; realtimeLivenessMs?: number } = {},
): Promise<{ stack: RunningStack; teardown(): Promise<void> }> {
  const base = Number(process.env.ROOMGUIDE_PORT_BASE ?? 55320);
  const keepDataDir = Boolean(process.env.ROOMGUIDE_DATA_DIR);
  const dataDir = keepDataDir ? path.join(process.env.ROOMGUIDE_DATA_DIR!, `test-${suite}`) : fs.mkdtempSync(path.join(os.tmpdir(), `roomguide-${suite}-`));
  const ports = stackPorts(base);
  if (app !== false) {
    // The build under test must talk to this stack, whatever a developer's .env or shell points the app at.
    const apiUrl = `http://127.0.0.1:${ports.gateway}`;
    process.env.VITE_SUPABASE_URL = apiUrl;
    process.env.VITE_SUPABASE_ANON_KEY = anonKey;
    process.env.VITE_CONTACT_FORM_ENDPOINT = `${apiUrl}/form-sink/f/contact`;
  }
  let stack: RunningStack;
  try {
    stack = await startStack({ ports, paths: stackPaths(dataDir), fresh: true, app, quiet: true, ...options });
  } catch (error) {
    if (!keepDataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    if (error instanceof StackStartError && error.logFile) {
      throw new Error(`${error.message}\n--- last lines of ${error.logFile} ---\n${logTail(error.logFile)}`);
    }
    throw error;
  }
  return {
    stack,
    async teardown() {
      await stack.stop();
      if (!keepDataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
