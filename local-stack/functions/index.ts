/**
 * Edge Functions runner: one Deno process (the `deno` npm package's binary) hosting every
 * `supabase/functions/<name>/index.ts` on 127.0.0.1:ports.functions, behind the gateway's /functions/v1.
 *
 * Deno's module cache: `DENO_DIR` from the environment if set, else Deno's default (~/.cache/deno). It
 * is deliberately NOT inside the stack's data folder, so test runs with a fresh temp folder reuse the npm
 * packages fetched once (the only network Deno needs is the npm registry, for `npm:` specifiers).
 */
import { createRequire } from 'node:module';
import fs from 'node:fs';
import path from 'node:path';
import { parseEnv } from 'node:util';
import { projectRoot, type StackPaths, type StackPorts } from '../config.ts';
import { spawnManaged, StackStartError, waitUntil } from '../process-utils.ts';
import { supervise, type Incarnation, type SupervisedService } from '../supervisor.ts';

export const functionsDir = path.join(projectRoot, 'supabase', 'functions');

export function denoBinary(): string {
  const require = createRequire(import.meta.url);
  const platformPackage = `@deno/${process.platform}-${process.arch}${process.platform === 'linux' ? '-glibc' : ''}`;
  const candidates: string[] = [];
  // Prefer the real binary over the package's Node shim (bin.cjs), which would add a Node process.
  for (const pkg of [platformPackage, 'deno']) {
    try {
      candidates.push(path.join(path.dirname(require.resolve(`${pkg}/package.json`)), 'deno'));
    } catch {
      // not installed on this platform
    }
  }
  candidates.push(path.join(projectRoot, 'node_modules', '.bin', 'deno'));
  const found = candidates.find((candidate) => fs.existsSync(candidate));
  if (!found) throw new StackStartError('The deno binary is not installed (run npm ci)');
  return found;
}

/** Names of the functions that would be served (folders with an index.ts, not `_shared`). */
export function functionNames(): string[] {
  if (!fs.existsSync(functionsDir)) return [];
  return fs
    .readdirSync(functionsDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('_') && !entry.name.startsWith('.'))
    .filter((entry) => fs.existsSync(path.join(functionsDir, entry.name, 'index.ts')))
    .map((entry) => entry.name);
}

/** The project's `.env` (if any) so real Stripe keys reach the functions, as `supabase functions serve --env-file` does. */
function projectEnvFile(): Record<string, string> {
  const file = path.join(projectRoot, '.env');
  if (!fs.existsSync(file)) return {};
  const parsed = parseEnv(fs.readFileSync(file, 'utf8'));
  return Object.fromEntries(Object.entries(parsed).filter((entry): entry is [string, string] => entry[1] !== undefined));
}

export interface RunningFunctions {
  url: string;
  /** Restarted when it stops on its own (../supervisor.ts). */
  service: SupervisedService;
  stop(): Promise<void>;
}

interface FunctionsOptions {
  ports: StackPorts;
  paths: StackPaths;
  /** SUPABASE_URL, keys, SUPABASE_DB_URL, SITE_URL, STRIPE_* — set by the stack. */
  env: Record<string, string>;
  /** Restart Deno when a file under supabase/functions changes (`npm start` in dev mode). */
  watch?: boolean;
  report?: (line: string) => void;
  /** Pauses before a restart (../supervisor.ts). */
  restartBackoffMs?: readonly number[];
}

export async function startFunctions(opts: FunctionsOptions): Promise<RunningFunctions> {
  const logFile = path.join(opts.paths.logDir, 'functions.log');
  const url = `http://127.0.0.1:${opts.ports.functions}`;
  const launch = () => launchFunctions(opts, logFile, url);
  const service = supervise({
    name: 'Edge Functions (Deno)',
    first: await launch(),
    restart: launch,
    logFile,
    report: opts.report,
    backoffMs: opts.restartBackoffMs,
  });
  return { url, service, stop: () => service.stop() };
}

async function launchFunctions(opts: FunctionsOptions, logFile: string, url: string): Promise<Incarnation> {
  const hostScript = path.join(projectRoot, 'local-stack', 'functions', 'host.ts');
  const denoConfig = path.join(functionsDir, 'deno.json');
  const args = ['run', '--allow-net', '--allow-env', '--allow-read', '--no-prompt', '--no-lock'];
  if (fs.existsSync(denoConfig)) args.push('--config', denoConfig);
  if (opts.watch) args.push(`--watch=${functionsDir}`, '--no-clear-screen');
  args.push(hostScript, functionsDir, String(opts.ports.functions), 'exit-on-stdin-eof');

  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: process.env.HOME ?? '/root',
    DENO_NO_UPDATE_CHECK: '1',
    DENO_NO_PROMPT: '1',
    NO_COLOR: '1',
  };
  for (const key of ['DENO_DIR', 'NPM_CONFIG_REGISTRY', 'HTTPS_PROXY', 'HTTP_PROXY', 'NO_PROXY', 'DENO_CERT', 'SSL_CERT_FILE', 'SSL_CERT_DIR']) {
    const value = process.env[key];
    if (value) env[key] = value;
  }
  // Deno trusts only its bundled Mozilla roots by default; a machine whose registry traffic passes a proxy with its
  // own CA (trusted in the system store, as npm and Node trust it here) would fail to fetch `npm:` packages.
  env.DENO_TLS_CA_STORE = process.env.DENO_TLS_CA_STORE ?? 'system,mozilla';
  Object.assign(env, projectEnvFile(), opts.env);

  const proc = spawnManaged(denoBinary(), args, { logFile, env, cwd: projectRoot, stdinPipe: true });
  try {
    // The first start may fetch npm packages into Deno's cache; allow for that.
    await waitUntil('Edge Functions (Deno)', async () => (await fetch(`${url}/_health`, { signal: AbortSignal.timeout(2000) })).ok, {
      timeoutMs: 180_000,
      process: proc,
    });
  } catch (error) {
    await proc.stop(1000);
    throw error;
  }
  return { ended: proc.ended, stop: () => proc.stop() };
}
