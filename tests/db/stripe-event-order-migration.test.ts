/**
 * The stripe_catalogue_event_order migration on a catalogue written the old way (rows without an event time): every
 * row reads as before, the first event after the migration applies to it, and from then on an older event is
 * skipped while a write without a time (an operator's) still applies and keeps the stored time.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareDatabase } from '../../local-stack/db/index.ts';
import { databaseBefore, scratchDatabases, scratchPool, superuserPool } from './support.ts';

const migration = '20261126203800';

const pool = superuserPool(2);
const scratchDatabase = scratchDatabases(pool);
let db: pg.Pool;

const catalogue = `select p.id, p.active, p.unit_amount, p.plan_type, r.name as product from public.prices p join public.products r on r.id = p.product_id
                    where p.product_id = 'prod_old' order by p.id`;
let before: unknown[];

beforeAll(async () => {
  db = scratchPool(await databaseBefore(scratchDatabase, migration), 2);
  await db.query(`insert into public.products (id, active, name) values ('prod_old', true, 'Old plan')`);
  await db.query(
    `insert into public.prices (id, product_id, active, unit_amount, currency, interval, interval_count)
     values ('price_old_month', 'prod_old', true, 900, 'eur', 'month', 1), ('price_old_year', 'prod_old', false, 9000, 'eur', 'year', 1)`,
  );
  before = (await db.query(catalogue)).rows;
  const applied = await prepareDatabase(db.options.connectionString!, { seed: false });
  expect(applied.appliedMigrations[0]).toBe(migration);
});

afterAll(async () => {
  await db?.end();
});

const upsertPrice = (active: boolean, amount: number, stateAt: string | null) =>
  db.query(
    `insert into public.prices (id, product_id, active, unit_amount, currency, interval, interval_count, stripe_state_at)
     values ('price_old_month', 'prod_old', $1, $2, 'eur', 'month', 1, $3)
     on conflict (id) do update set active = excluded.active, unit_amount = excluded.unit_amount, stripe_state_at = excluded.stripe_state_at`,
    [active, amount, stateAt],
  );

describe('the stripe_catalogue_event_order migration on a catalogue written the old way', () => {
  it('keeps every row as it was, with no event time yet', async () => {
    expect((await db.query(catalogue)).rows).toEqual(before);
    const { rows } = await db.query(`select count(*)::integer as timed from public.prices where stripe_state_at is not null`);
    expect(rows).toEqual([{ timed: 0 }]);
  });

  it('applies the first event, skips an older one, and applies a write without a time', async () => {
    await upsertPrice(false, 900, '2026-06-01T10:05:00Z');
    await upsertPrice(true, 800, '2026-06-01T10:03:00Z');
    const read = () => db.query(`select active, unit_amount, stripe_state_at from public.prices where id = 'price_old_month'`);
    expect((await read()).rows).toEqual([{ active: false, unit_amount: 900, stripe_state_at: new Date('2026-06-01T10:05:00Z') }]);
    await upsertPrice(false, 950, null);
    expect((await read()).rows).toEqual([{ active: false, unit_amount: 950, stripe_state_at: new Date('2026-06-01T10:05:00Z') }]);
  });
});
