/**
 * globalSetup of the `db` project: one fresh database (bootstrap + migrations + seed) for every tests/db file,
 * reached through `inject('dbUrl')` (superuser). Ports from ROOMGUIDE_PORT_BASE (55320 when unset, so tests
 * never collide with `npm start` on 54320); data in `$ROOMGUIDE_DATA_DIR/test-db` (kept for inspection) or a
 * temp folder removed afterwards. With DATABASE_URL set, that server is wiped and used instead.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { stackPaths, stackPorts } from '../../local-stack/config.ts';
import { DatabaseError, startDatabase, type RunningDatabase } from '../../local-stack/db/index.ts';
import './provided-context.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Superuser Postgres URL of the test database. */
    dbUrl: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const base = Number(process.env.ROOMGUIDE_PORT_BASE ?? 55320);
  const keepDataDir = Boolean(process.env.ROOMGUIDE_DATA_DIR);
  const dataDir = keepDataDir
    ? path.join(process.env.ROOMGUIDE_DATA_DIR!, 'test-db')
    : fs.mkdtempSync(path.join(os.tmpdir(), 'roomguide-db-'));
  let database: RunningDatabase;
  try {
    database = await startDatabase({ ports: stackPorts(base), paths: stackPaths(dataDir), fresh: true });
  } catch (error) {
    if (!keepDataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    // One readable line plus the server's last output, instead of a stack trace through the runner.
    if (error instanceof DatabaseError) throw new Error(error.logTail ? `${error.message}\n${error.logTail}` : error.message);
    throw error;
  }
  project.provide('dbUrl', database.url);
  return async () => {
    await database.stop();
    if (!keepDataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
