/**
 * Bringing a database up to date the way the Supabase CLI does: the bootstrap SQL (the roles and the parts of
 * the `auth` and `storage` schemas the migrations rely on), then `supabase/migrations` recorded in
 * `supabase_migrations.schema_migrations`, then `supabase/seed.sql` for a new database.
 */
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { projectRoot } from '../config.ts';
import { DatabaseError, describePgError, firstLine, redact, snippet } from './errors.ts';
import { splitSqlStatements, type SqlStatement } from './sql-statements.ts';

export const bootstrapDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'bootstrap');
export const migrationsDir = path.join(projectRoot, 'supabase', 'migrations');
export const seedFile = path.join(projectRoot, 'supabase', 'seed.sql');

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
async function runSqlFile(client: pg.Client, file: string, label: string, beforeCommit?: (statements: SqlStatement[]) => Promise<void>): Promise<void> {
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

async function findFailingStatement(client: pg.Client, statements: SqlStatement[]): Promise<{ statement: SqlStatement; error: unknown } | undefined> {
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
