/**
 * globalSetup of the `db` project: one fresh database (bootstrap + migrations + seed + the Stripe stand-in's
 * plans) for every tests/db file,
 * reached through `inject('dbUrl')` (superuser). Ports from ROOMGUIDE_PORT_BASE (55320 when unset, so tests
 * never collide with `npm start` on 54320); data in `$ROOMGUIDE_DATA_DIR/test-db` (kept for inspection) or a
 * temp folder removed afterwards. With DATABASE_URL set, that server is wiped and used instead.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { stackPaths, stackPorts } from '../../local-stack/config.ts';
import pg from 'pg';
import { DatabaseError, startDatabase, type RunningDatabase } from '../../local-stack/db/index.ts';
import { localCatalogue } from '../../local-stack/stripe/catalogue.ts';
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
  const dataDir = keepDataDir ? path.join(process.env.ROOMGUIDE_DATA_DIR!, 'test-db') : fs.mkdtempSync(path.join(os.tmpdir(), 'roomguide-db-'));
  let database: RunningDatabase;
  try {
    database = await startDatabase({ ports: stackPorts(base), paths: stackPaths(dataDir), fresh: true });
  } catch (error) {
    if (!keepDataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    // One readable line plus the server's last output, instead of a stack trace through the runner.
    if (error instanceof DatabaseError) throw new Error(error.logTail ? `${error.message}\n${error.logTail}` : error.message);
    throw error;
  }
  try {
    await writeStripeCatalogue(database.url);
  } catch (error) {
    await database.stop();
    if (!keepDataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  project.provide('dbUrl', database.url);
  return async () => {
    await database.stop();
    if (!keepDataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  };
}

/**
 * The plans, as the `stripe-webhook` function writes them from the Stripe stand-in's `product.created` and
 * `price.created` events when a stack starts. The db project runs no functions, and its tests need plans
 * for subscriptions to refer to.
 */
async function writeStripeCatalogue(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (const product of localCatalogue.products) {
      await client.query('insert into public.products (id, active, name, description) values ($1, $2, $3, $4) on conflict (id) do nothing', [
        product.id,
        product.active,
        product.name,
        product.description,
      ]);
    }
    for (const price of localCatalogue.prices) {
      await client.query(
        `insert into public.prices (id, product_id, active, unit_amount, currency, interval, interval_count)
         values ($1, $2, $3, $4, $5, $6, $7) on conflict (id) do nothing`,
        [price.id, price.product, price.active, price.unit_amount, price.currency, price.recurring.interval, price.recurring.interval_count],
      );
    }
  } finally {
    await client.end();
  }
}
