/**
 * The plan rules the database owns (migration 20261122225707_plan_rules_in_database): entitlement and
 * "ongoing" derived from the Stripe status, the plan type taken from the price, the room limit following the
 * subscription, a late event about an older subscription ignored, and `plan` on users computed instead of
 * stored. The first part runs that migration on a database whose rows were written the old way (users.plan
 * stored by the webhook); the second checks the rules on the shared test database.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { listMigrations, migrationsDir, prepareDatabase } from '../../local-stack/db/index.ts';
import { as, createUser, superuserPool, user } from './support.ts';

const planMigration = '20261122225707';
const pool = superuserPool(4);

describe('the plan migration on rows made the old way', () => {
  const database = `plan_rules_${randomUUID().slice(0, 8)}`;
  let client: pg.Client;
  const ids = { paying: randomUUID(), cancelled: randomUUID(), unknownPrice: randomUUID(), granted: randomUUID() };

  async function createAuthUser(id: string): Promise<void> {
    await client.query(
      `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, created_at, updated_at)
       values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated', $2, '', now(), now())`,
      [id, `old-${id}@example.test`],
    );
  }

  beforeAll(async () => {
    await pool.query(`create database ${database}`);
    const url = new URL(inject('dbUrl'));
    url.pathname = `/${database}`;

    // The schema as it was before the plan migration: every earlier migration, nothing after.
    const before = await fs.mkdtemp(path.join(os.tmpdir(), 'roomguide-before-plan-'));
    try {
      for (const migration of await listMigrations()) {
        if (migration.version < planMigration) await fs.copyFile(migration.file, path.join(before, path.basename(migration.file)));
      }
      await prepareDatabase(url.toString(), { migrationsDir: before, seed: false });
    } finally {
      await fs.rm(before, { recursive: true, force: true });
    }

    client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    // Rows as the old webhook wrote them: the subscription, then users.plan and users.qr_code_limit.
    await client.query(`insert into public.products (id, name) values ('prod_old', 'RoomGuide')`);
    await client.query(
      `insert into public.prices (id, product_id, unit_amount, currency, interval, interval_count)
       values ('price_old_monthly', 'prod_old', 600, 'eur', 'month', 1), ('price_old_annual', 'prod_old', 6000, 'eur', 'year', 1)`,
    );
    for (const id of Object.values(ids)) await createAuthUser(id);
    const subscribe = (userId: string, status: string, quantity: number, priceId: string, planType: string | null) =>
      client.query(
        `insert into public.subscriptions (user_id, plan_type, status, quantity, price_id, stripe_subscription_id)
         values ($1, $2, $3, $4, $5, $6)`,
        [userId, planType, status, quantity, priceId, `sub_${userId.slice(0, 8)}`],
      );
    await subscribe(ids.paying, 'active', 3, 'price_old_monthly', 'monthly');
    await client.query(`update public.users set plan = 'monthly', qr_code_limit = 3 where id = $1`, [ids.paying]);
    await subscribe(ids.cancelled, 'canceled', 4, 'price_old_annual', 'annual');
    // A subscription whose price the catalogue never had: only users.plan knew the plan.
    await subscribe(ids.unknownPrice, 'trialing', 2, 'price_gone', null);
    await client.query(`update public.users set plan = 'semiannual', qr_code_limit = 2 where id = $1`, [ids.unknownPrice]);
    // A limit granted by hand, without any subscription (like the demo host).
    await client.query(`update public.users set qr_code_limit = 10 where id = $1`, [ids.granted]);
    await client.query(`insert into public.properties (id, user_id, name) values ($1, $2, 'Old Hotel')`, [randomUUID(), ids.paying]);
    await client.query(
      `insert into public.qr_codes (user_id, property_id, name, room_number)
       select $1, id, 'Room 1', '1' from public.properties where user_id = $1`,
      [ids.paying],
    );

    const { appliedMigrations } = await prepareDatabase(url.toString(), { migrationsDir, seed: false });
    expect(appliedMigrations).toContain(planMigration);
  }, 120_000);

  afterAll(async () => {
    await client?.end();
    await pool.query(`drop database if exists ${database} with (force)`);
  });

  it('no longer stores users.plan, and computes the same plan for every existing user', async () => {
    const { rows: columns } = await client.query(
      `select 1 from information_schema.columns where table_schema = 'public' and table_name = 'users' and column_name = 'plan'`,
    );
    expect(columns).toEqual([]);
    const { rows } = await client.query<{ id: string; plan: string | null; qr_code_limit: number; qr_codes_created: number }>(
      'select u.id, u.plan, u.qr_code_limit, u.qr_codes_created from public.users u',
    );
    const byId = Object.fromEntries(rows.map((row) => [row.id, { plan: row.plan, limit: row.qr_code_limit, created: row.qr_codes_created }]));
    expect(byId).toEqual({
      [ids.paying]: { plan: 'monthly', limit: 3, created: 1 },
      [ids.cancelled]: { plan: null, limit: 0, created: 0 },
      [ids.unknownPrice]: { plan: 'semiannual', limit: 2, created: 0 },
      [ids.granted]: { plan: null, limit: 10, created: 0 },
    });
  });

  it('derives entitled and ongoing for the existing subscriptions and keeps the plan only users.plan knew', async () => {
    const { rows } = await client.query<{ user_id: string; plan_type: string | null; entitled: boolean; ongoing: boolean }>(
      'select user_id, plan_type, entitled, ongoing from public.subscriptions',
    );
    const byUser = Object.fromEntries(rows.map(({ user_id, ...rest }) => [user_id, rest]));
    expect(byUser).toEqual({
      [ids.paying]: { plan_type: 'monthly', entitled: true, ongoing: true },
      [ids.cancelled]: { plan_type: 'annual', entitled: false, ongoing: false },
      [ids.unknownPrice]: { plan_type: 'semiannual', entitled: true, ongoing: true },
    });
  });

  it('applies the rules to old rows from then on: the limit follows the subscription, the quota still holds', async () => {
    await client.query(`update public.subscriptions set quantity = 1 where user_id = $1`, [ids.paying]);
    const {
      rows: [paying],
    } = await client.query('select u.plan, u.qr_code_limit from public.users u where u.id = $1', [ids.paying]);
    expect(paying).toEqual({ plan: 'monthly', qr_code_limit: 1 });
    const refused = await client
      .query(`insert into public.qr_codes (user_id, property_id, name, room_number) select $1, id, 'Room 2', '2' from public.properties where user_id = $1`, [
        ids.paying,
      ])
      .then(
        () => null,
        (error: pg.DatabaseError) => error.code,
      );
    expect(refused).toBe('QUOTA');

    await client.query(`update public.subscriptions set price_id = 'price_old_annual' where user_id = $1`, [ids.unknownPrice]);
    const {
      rows: [moved],
    } = await client.query('select u.plan from public.users u where u.id = $1', [ids.unknownPrice]);
    expect(moved).toEqual({ plan: 'annual' });
  });

  it('still gives a new sign-up a profile without a plan and a limit of 0', async () => {
    const id = randomUUID();
    await createAuthUser(id);
    const { rows } = await client.query('select u.plan, u.qr_codes_created, u.qr_code_limit from public.users u where u.id = $1', [id]);
    expect(rows).toEqual([{ plan: null, qr_codes_created: 0, qr_code_limit: 0 }]);
  });
});

describe('plan rules', () => {
  async function subscription(userId: string) {
    const { rows } = await pool.query<{ plan_type: string | null; entitled: boolean; ongoing: boolean; status: string; stripe_subscription_id: string }>(
      'select plan_type, entitled, ongoing, status, stripe_subscription_id from public.subscriptions where user_id = $1',
      [userId],
    );
    return rows[0];
  }

  async function account(userId: string) {
    const { rows } = await pool.query<{ plan: string | null; qr_code_limit: number }>('select u.plan, u.qr_code_limit from public.users u where u.id = $1', [
      userId,
    ]);
    return rows[0];
  }

  /** What the webhook sends: Stripe's state, upserted on user_id, without a plan type. */
  function upsert(userId: string, values: { status: string; quantity: number; priceId: string; subscriptionId: string }) {
    return pool.query(
      `insert into public.subscriptions (user_id, status, quantity, price_id, stripe_subscription_id) values ($1, $2, $3, $4, $5)
       on conflict (user_id) do update set status = excluded.status, quantity = excluded.quantity, price_id = excluded.price_id,
         stripe_subscription_id = excluded.stripe_subscription_id`,
      [userId, values.status, values.quantity, values.priceId, values.subscriptionId],
    );
  }

  it('entitles active and trialing subscriptions; ongoing adds past_due, unpaid and incomplete', async () => {
    const expected: Record<string, { entitled: boolean; ongoing: boolean }> = {
      active: { entitled: true, ongoing: true },
      trialing: { entitled: true, ongoing: true },
      past_due: { entitled: false, ongoing: true },
      unpaid: { entitled: false, ongoing: true },
      incomplete: { entitled: false, ongoing: true },
      incomplete_expired: { entitled: false, ongoing: false },
      canceled: { entitled: false, ongoing: false },
      paused: { entitled: false, ongoing: false },
    };
    const host = await createUser(pool);
    const seen: Record<string, { entitled: boolean; ongoing: boolean }> = {};
    for (const status of Object.keys(expected)) {
      await upsert(host, { status, quantity: 2, priceId: 'price_local_monthly', subscriptionId: `sub_${host.slice(0, 8)}` });
      const { entitled, ongoing } = await subscription(host);
      seen[status] = { entitled, ongoing };
    }
    expect(seen).toEqual(expected);
  });

  it('takes the plan type from the price and the room limit from the quantity while entitled', async () => {
    const host = await createUser(pool);
    const subscriptionId = `sub_${host.slice(0, 8)}`;
    await upsert(host, { status: 'active', quantity: 4, priceId: 'price_local_semiannual', subscriptionId });
    expect(await subscription(host)).toMatchObject({ plan_type: 'semiannual', entitled: true });
    expect(await account(host)).toEqual({ plan: 'semiannual', qr_code_limit: 4 });

    await upsert(host, { status: 'active', quantity: 6, priceId: 'price_local_annual', subscriptionId });
    expect(await account(host)).toEqual({ plan: 'annual', qr_code_limit: 6 });

    await upsert(host, { status: 'past_due', quantity: 6, priceId: 'price_local_annual', subscriptionId });
    expect(await account(host)).toEqual({ plan: null, qr_code_limit: 0 });
    expect(await subscription(host)).toMatchObject({ plan_type: 'annual', entitled: false, ongoing: true });
  });

  it('ignores a late event about an older, ended subscription while a newer one pays', async () => {
    const host = await createUser(pool);
    await upsert(host, { status: 'active', quantity: 3, priceId: 'price_local_monthly', subscriptionId: 'sub_new_paying' + host.slice(0, 4) });
    await upsert(host, { status: 'canceled', quantity: 1, priceId: 'price_local_annual', subscriptionId: 'sub_old_ended' + host.slice(0, 4) });
    expect(await subscription(host)).toMatchObject({ status: 'active', stripe_subscription_id: 'sub_new_paying' + host.slice(0, 4) });
    expect(await account(host)).toEqual({ plan: 'monthly', qr_code_limit: 3 });

    // A newer subscription that pays does replace it.
    await upsert(host, { status: 'active', quantity: 5, priceId: 'price_local_annual', subscriptionId: 'sub_newer' + host.slice(0, 4) });
    expect(await account(host)).toEqual({ plan: 'annual', qr_code_limit: 5 });
  });

  it('shows the computed plan only to its owner', async () => {
    const host = await createUser(pool);
    const other = await createUser(pool);
    await upsert(host, { status: 'trialing', quantity: 2, priceId: 'price_local_monthly', subscriptionId: `sub_${host.slice(0, 8)}` });
    const read = (caller: string) =>
      as(pool, user(caller), async (db) => (await db.query('select u.plan from public.users u where u.id = $1', [host])).rows, { rollback: true });
    expect(await read(host)).toEqual([{ plan: 'monthly' }]);
    expect(await read(other)).toEqual([]);
  });
});
