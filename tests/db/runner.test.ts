/**
 * The migration runner behind `npm start`: migrations apply once, in order, each in its own transaction and
 * recorded where the Supabase CLI records them; a second run applies nothing and does not seed again; a
 * failing statement is reported in one line naming the file, line and statement. Also the embedded server's
 * restart path (second start, stale postmaster.pid, taken port).
 */
import { spawn } from 'node:child_process';
import net, { type AddressInfo } from 'node:net';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { projectRoot, stackPaths, stackPorts } from '../../local-stack/config.ts';
import { bootstrapDir, DatabaseError, listMigrations, prepareDatabase, startDatabase } from '../../local-stack/db/index.ts';
import { queryOnce, scratchDatabases, superuserPool } from './support.ts';

const pool = superuserPool(2);
const scratchDatabase = scratchDatabases(pool);

describe('prepareDatabase', () => {
  it('applies every migration once, records it like the CLI, and seeds a new database', async () => {
    const url = await scratchDatabase();
    const migrations = await listMigrations();
    expect(migrations.length).toBeGreaterThan(0);

    const first = await prepareDatabase(url);
    expect(first).toEqual({ created: true, appliedMigrations: migrations.map((migration) => migration.version) });
    const recorded = await queryOnce<{ version: string; name: string; statements: number }>(
      url,
      'select version, name, cardinality(statements) as statements from supabase_migrations.schema_migrations order by version',
    );
    expect(recorded.map(({ version, name }) => ({ version, name }))).toEqual(migrations.map(({ version, name }) => ({ version, name })));
    for (const row of recorded) expect(row.statements).toBeGreaterThan(0);
    const seeded = await queryOnce<{ prices: string; demo: string }>(
      url,
      `select (select count(*) from public.prices) as prices, (select count(*) from auth.users where email = 'demo@roomguide.local') as demo`,
    );
    // Plans are not seeded: they come from Stripe's (or the stand-in's) webhook.
    expect(seeded).toEqual([{ prices: '0', demo: '1' }]);

    const second = await prepareDatabase(url);
    expect(second).toEqual({ created: false, appliedMigrations: [] });
    const after = await queryOnce<{ prices: string; demo: string }>(
      url,
      `select (select count(*) from public.prices) as prices, (select count(*) from auth.users where email = 'demo@roomguide.local') as demo`,
    );
    expect(after).toEqual([{ prices: '0', demo: '1' }]);
  });

  it('seeds a demo host who owns one hotel with three rooms and a limit of 10', async () => {
    const { rows } = await pool.query(
      `select u.qr_codes_created, u.qr_code_limit,
              (select array_agg(name) from public.properties where user_id = u.id) as properties,
              (select array_agg(room_number order by room_number) from public.qr_codes where user_id = u.id) as rooms,
              (select count(*) from auth.identities where user_id = u.id and provider = 'email') as identities,
              (select encrypted_password = extensions.crypt('demo-host-2026', encrypted_password) from auth.users where id = u.id) as password_ok
       from public.users u where u.email = 'demo@roomguide.local'`,
    );
    expect(rows).toEqual([
      { qr_codes_created: 3, qr_code_limit: 10, properties: ['Hotel Miramar'], rooms: ['101', '102', '201'], identities: '1', password_ok: true },
    ]);
  });

  it('types the Stripe stand-in’s three plans (written by the test setup as the webhook writes them)', async () => {
    const { rows } = await pool.query(`select id, unit_amount, currency, plan_type from public.prices order by unit_amount`);
    expect(rows).toEqual([
      { id: 'price_local_monthly', unit_amount: 600, currency: 'eur', plan_type: 'monthly' },
      { id: 'price_local_semiannual', unit_amount: 3300, currency: 'eur', plan_type: 'semiannual' },
      { id: 'price_local_annual', unit_amount: 6000, currency: 'eur', plan_type: 'annual' },
    ]);
  });

  it('reports a failing migration in one line and rolls that migration back', async () => {
    const url = await scratchDatabase();
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'roomguide-migrations-'));
    try {
      await fs.writeFile(path.join(dir, '20990101000000_good.sql'), '-- works\ncreate table public.runner_good (id int);\n');
      await fs.writeFile(
        path.join(dir, '20990101000001_broken.sql'),
        '-- fails on line 4\ncreate table public.runner_partial (id int);\n\nselect *\n  from public.no_such_table;\n',
      );
      const error = await prepareDatabase(url, { migrationsDir: dir, seed: false }).then(
        () => undefined,
        (reason: unknown) => reason,
      );
      expect(error).toBeInstanceOf(DatabaseError);
      const message = (error as DatabaseError).message;
      expect(message).toBe(
        'Migration 20990101000001_broken.sql failed at line 5 (select * from public.no_such_table): relation "public.no_such_table" does not exist [SQLSTATE 42P01]',
      );
      expect(message).not.toContain('\n');
      const state = await queryOnce<{ versions: string[]; good: string | null; partial: string | null }>(
        url,
        `select array(select version from supabase_migrations.schema_migrations order by 1) as versions,
                to_regclass('public.runner_good')::text as good, to_regclass('public.runner_partial')::text as partial`,
      );
      expect(state).toEqual([{ versions: ['20990101000000'], good: 'runner_good', partial: null }]);
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});

describe('the same files through the Supabase CLI', () => {
  it('`supabase db push --include-seed` applies every migration and the seed to a bootstrapped database', async () => {
    const url = await scratchDatabase();
    // What a Supabase project has before its first push: the bootstrap, without our migration records.
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      for (const file of (await fs.readdir(bootstrapDir)).filter((name) => name.endsWith('.sql')).sort()) {
        await client.query(await fs.readFile(path.join(bootstrapDir, file), 'utf8'));
      }
      await client.query('drop table supabase_migrations.schema_migrations');
    } finally {
      await client.end();
    }
    const { code, output } = await new Promise<{ code: number; output: string }>((resolve) => {
      const cli = spawn(path.join(projectRoot, 'node_modules', '.bin', 'supabase'), ['db', 'push', `--db-url=${url}`, '--include-seed', '--yes'], {
        cwd: projectRoot,
        env: { ...process.env, PGSSLMODE: 'disable' },
      });
      let text = '';
      cli.stdout.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
      cli.stderr.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
      cli.on('close', (exitCode) => resolve({ code: exitCode ?? 1, output: text }));
    });
    expect(code, output).toBe(0);
    expect(output).toContain('Finished supabase db push.');
    const state = await queryOnce<{ versions: string[]; rooms: string }>(
      url,
      `select array(select version from supabase_migrations.schema_migrations order by 1) as versions,
              (select count(*) from public.qr_codes) as rooms`,
    );
    expect(state).toEqual([{ versions: (await listMigrations()).map((migration) => migration.version), rooms: '3' }]);
  });
});

/** Listens on a port the OS picks (free at that moment) on 127.0.0.1. */
async function holdPort(): Promise<net.Server> {
  const holder = net.createServer();
  await new Promise<void>((resolve, reject) => {
    holder.once('error', reject);
    holder.listen(0, '127.0.0.1', resolve);
  });
  return holder;
}

/** A port the OS has just found free, released again for the caller to use. */
async function freePort(): Promise<number> {
  const holder = await holdPort();
  const { port } = holder.address() as AddressInfo;
  await new Promise((resolve) => holder.close(resolve));
  return port;
}

describe('embedded server restarts', () => {
  it('starts again on the same folder without re-applying anything, even after a stale postmaster.pid', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'roomguide-restart-'));
    const saved = process.env.DATABASE_URL;
    delete process.env.DATABASE_URL; // this test is about the embedded server itself
    try {
      // A port the OS has just handed out and released: a fixed one could carry another process's outgoing
      // connection (test ports lie in Linux's ephemeral range), and then PostgreSQL could not listen on it.
      const options = { ports: stackPorts((await freePort()) - stackPorts(0).db), paths: stackPaths(dataDir) };
      const first = await startDatabase(options);
      expect(first.created).toBe(true);
      await first.stop();

      // A crashed server leaves postmaster.pid behind; a pid nobody owns must not block the next start.
      await fs.writeFile(path.join(options.paths.pgData, 'postmaster.pid'), '999999\n');
      const second = await startDatabase(options);
      try {
        expect(second.created).toBe(false);
        expect(second.appliedMigrations).toEqual([]);
        const rows = await queryOnce<{ count: string }>(second.url, 'select count(*) from public.qr_codes');
        expect(rows).toEqual([{ count: '3' }]);

        // Pointed at a database Supabase manages (it has supabase_admin), the bootstrap refuses to touch it.
        await queryOnce(second.url, 'create role supabase_admin');
        const refusal = await prepareDatabase(second.url).then(
          () => undefined,
          (reason: unknown) => reason,
        );
        expect(refusal).toBeInstanceOf(DatabaseError);
        expect((refusal as DatabaseError).message).toMatch(/is a Supabase-managed database: the local stack only prepares plain PostgreSQL/);
      } finally {
        await second.stop();
      }
    } finally {
      if (saved !== undefined) process.env.DATABASE_URL = saved;
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });

  it('says in one line when the port is taken', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'roomguide-port-'));
    const saved = process.env.DATABASE_URL;
    delete process.env.DATABASE_URL;
    // The port comes from the OS, so it is free for the holder: a fixed port could already carry another process's
    // outgoing connection (test ports lie in Linux's ephemeral range), and then the holder itself could not listen.
    const holder = await holdPort();
    const takenPort = (holder.address() as AddressInfo).port;
    const ports = stackPorts(takenPort - stackPorts(0).db);
    try {
      const error = await startDatabase({ ports, paths: stackPaths(dataDir) }).then(
        () => undefined,
        (reason: unknown) => reason,
      );
      expect(error).toBeInstanceOf(DatabaseError);
      expect((error as DatabaseError).message).toBe(
        `PostgreSQL could not start: port ${takenPort} is already in use (set ROOMGUIDE_PORT_BASE to use other ports).`,
      );
    } finally {
      await new Promise((resolve) => holder.close(resolve));
      if (saved !== undefined) process.env.DATABASE_URL = saved;
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });
});
