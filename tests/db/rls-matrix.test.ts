/**
 * The access matrix: every table and view in `public` × {anon, owner, other user, service role} × {select, insert,
 * update, delete}, each with its expected outcome. Every statement targets the OWNER's data (their row, or a
 * new row that would belong to them), runs as PostgREST would run it (transaction-local role and JWT claims)
 * and is rolled back, so the cells are independent. A table or view added to `public` without a row here fails
 * the first test, so nothing new ships without a decision about who may touch it; a view must be security_invoker,
 * so that the RLS of the tables it reads applies to its callers. The same holds for functions the API roles may
 * execute (PostgREST RPCs and computed fields; their rows are in rls-matrix-functions.ts): each has a row per actor, and nothing in the internal `private`
 * schema is reachable by anon or through the API.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { anon, as, createProperty, createRoom, createUser, queryAs, serviceRole, superuserPool, user, type Caller } from './support.ts';
import { functions, type Actor, type Fixture, type Operation, type Outcome, type Statement } from './rls-matrix-functions.ts';

interface TableSpec {
  statements(fixture: Fixture, actor: Actor): Record<Operation, Statement>;
  expected: Record<Actor, Record<Operation, Outcome>>;
}

const serviceCanDoAll: Record<Operation, Outcome> = { select: 'one-row', insert: 'one-row', update: 'one-row', delete: 'one-row' };
const nobody: Record<Operation, Outcome> = { select: 'denied', insert: 'denied', update: 'denied', delete: 'denied' };
/** Owner-only tables: the owner does everything to their rows, another user sees and changes nothing. */
const ownerCrud = {
  anon: nobody,
  owner: { select: 'one-row', insert: 'one-row', update: 'one-row', delete: 'one-row' },
  other: { select: 'no-rows', insert: 'denied', update: 'no-rows', delete: 'no-rows' },
  service: serviceCanDoAll,
} satisfies Record<Actor, Record<Operation, Outcome>>;
/** Read-own, written only by the service role (profile, subscription). */
const ownerReadOnly = {
  anon: nobody,
  owner: { select: 'one-row', insert: 'denied', update: 'denied', delete: 'denied' },
  other: { select: 'no-rows', insert: 'denied', update: 'denied', delete: 'denied' },
  service: serviceCanDoAll,
} satisfies Record<Actor, Record<Operation, Outcome>>;
/** The public catalogue: everyone reads active rows, only the service role writes. */
const publicCatalogue = {
  anon: { select: 'one-row', insert: 'denied', update: 'denied', delete: 'denied' },
  owner: { select: 'one-row', insert: 'denied', update: 'denied', delete: 'denied' },
  other: { select: 'one-row', insert: 'denied', update: 'denied', delete: 'denied' },
  service: serviceCanDoAll,
} satisfies Record<Actor, Record<Operation, Outcome>>;
const serviceOnly = { anon: nobody, owner: nobody, other: nobody, service: serviceCanDoAll } satisfies Record<Actor, Record<Operation, Outcome>>;
/** Read-own, written by nobody through the API (record_scan() is the only writer of scan_day_parts, which scan_days sums). */
const readOnlyForOwnerAndService = {
  anon: nobody,
  owner: { select: 'one-row', insert: 'denied', update: 'denied', delete: 'denied' },
  other: { select: 'no-rows', insert: 'denied', update: 'denied', delete: 'denied' },
  service: { select: 'one-row', insert: 'denied', update: 'denied', delete: 'denied' },
} satisfies Record<Actor, Record<Operation, Outcome>>;

const tables: Record<string, TableSpec> = {
  users: {
    statements: (f, actor) => ({
      select: { sql: 'select id from public.users where id = $1', params: [f.owner] },
      insert: { sql: `insert into public.users (id, email) values ($1, 'spare@example.test')`, params: [actor === 'service' ? f.spare : randomUUID()] },
      update: { sql: 'update public.users set qr_code_limit = 1000 where id = $1', params: [f.owner] },
      delete: { sql: 'delete from public.users where id = $1', params: [f.owner] },
    }),
    expected: ownerReadOnly,
  },
  subscriptions: {
    statements: (f, actor) => ({
      select: { sql: 'select user_id from public.subscriptions where user_id = $1', params: [f.owner] },
      insert: {
        sql: `insert into public.subscriptions (user_id, status, quantity) values ($1, 'active', 3)`,
        params: [actor === 'service' ? f.other : f.owner],
      },
      update: { sql: 'update public.subscriptions set quantity = 99 where user_id = $1', params: [f.owner] },
      delete: { sql: 'delete from public.subscriptions where user_id = $1', params: [f.owner] },
    }),
    expected: ownerReadOnly,
  },
  products: {
    statements: () => ({
      select: { sql: `select id from public.products where id = 'prod_local_roomguide'` },
      insert: { sql: `insert into public.products (id, name) values ('prod_matrix_new', 'New plan')` },
      update: { sql: `update public.products set name = 'Free' where id = 'prod_local_roomguide'` },
      delete: { sql: `delete from public.products where id = 'prod_local_roomguide'` },
    }),
    expected: publicCatalogue,
  },
  prices: {
    statements: () => ({
      select: { sql: `select id from public.prices where id = 'price_local_monthly'` },
      insert: {
        sql: `insert into public.prices (id, product_id, unit_amount, currency, interval, interval_count)
              values ('price_matrix_new', 'prod_local_roomguide', 100, 'eur', 'month', 1)`,
      },
      update: { sql: `update public.prices set unit_amount = 1 where id = 'price_local_monthly'` },
      delete: { sql: `delete from public.prices where id = 'price_local_monthly'` },
    }),
    expected: publicCatalogue,
  },
  properties: {
    statements: (f, actor) => ({
      select: { sql: 'select id from public.properties where id = $1', params: [f.propertyId] },
      // The owner relies on the user_id default; anyone else would have to name the owner explicitly.
      insert:
        actor === 'owner' || actor === 'anon'
          ? { sql: `insert into public.properties (name) values ('Annex')` }
          : { sql: `insert into public.properties (user_id, name) values ($1, 'Annex')`, params: [f.owner] },
      update: { sql: `update public.properties set name = 'Renamed' where id = $1`, params: [f.propertyId] },
      delete: { sql: 'delete from public.properties where id = $1', params: [f.propertyId] },
    }),
    expected: ownerCrud,
  },
  qr_codes: {
    statements: (f, actor) => ({
      select: { sql: 'select id from public.qr_codes where id = $1', params: [f.roomId] },
      insert:
        actor === 'service'
          ? {
              sql: `insert into public.qr_codes (user_id, property_id, name, room_number) values ($1, $2, 'Room 999', '999')`,
              params: [f.owner, f.propertyId],
            }
          : // For the other user this names the owner's property while user_id defaults to themselves.
            { sql: `insert into public.qr_codes (property_id, name, room_number) values ($1, 'Room 999', '999')`, params: [f.propertyId] },
      update: { sql: `update public.qr_codes set name = 'Renamed' where id = $1`, params: [f.roomId] },
      delete: { sql: 'delete from public.qr_codes where id = $1', params: [f.roomId] },
    }),
    expected: ownerCrud,
  },
  // A view: one row per room and day, summing the day's parts (the fixture's two parts are one row here).
  scan_days: {
    statements: (f) => ({
      select: { sql: 'select day, scans from public.scan_days where qr_code_id = $1', params: [f.roomId] },
      insert: { sql: `insert into public.scan_days (qr_code_id, day, user_id, scans) values ($1, '2026-01-02', $2, 1000)`, params: [f.roomId, f.owner] },
      update: { sql: 'update public.scan_days set scans = 1000 where qr_code_id = $1', params: [f.roomId] },
      delete: { sql: 'delete from public.scan_days where qr_code_id = $1', params: [f.roomId] },
    }),
    expected: readOnlyForOwnerAndService,
  },
  scan_day_parts: {
    statements: (f) => ({
      select: { sql: 'select part from public.scan_day_parts where qr_code_id = $1 and part = 0', params: [f.roomId] },
      insert: {
        sql: `insert into public.scan_day_parts (qr_code_id, day, part, user_id, scans) values ($1, '2026-01-02', 0, $2, 1000)`,
        params: [f.roomId, f.owner],
      },
      update: { sql: 'update public.scan_day_parts set scans = 1000 where qr_code_id = $1 and part = 0', params: [f.roomId] },
      delete: { sql: 'delete from public.scan_day_parts where qr_code_id = $1 and part = 0', params: [f.roomId] },
    }),
    expected: readOnlyForOwnerAndService,
  },
  // Created by submit_guest_request() alone; the property's team reads them and changes the staff's columns
  // (roles: tests/db/guest-requests.test.ts).
  guest_requests: {
    statements: (f) => ({
      select: { sql: 'select id from public.guest_requests where id = $1', params: [f.requestId] },
      insert: {
        sql: `insert into public.guest_requests (id, property_id, qr_code_id, type) values ($1, $2, $3, 'towels')`,
        params: [randomUUID(), f.propertyId, f.roomId],
      },
      update: { sql: `update public.guest_requests set status = 'done' where id = $1`, params: [f.requestId] },
      delete: { sql: 'delete from public.guest_requests where id = $1', params: [f.requestId] },
    }),
    expected: {
      anon: nobody,
      owner: { select: 'one-row', insert: 'denied', update: 'one-row', delete: 'denied' },
      other: { select: 'no-rows', insert: 'denied', update: 'no-rows', delete: 'denied' },
      service: serviceCanDoAll,
    },
  },
  guest_notices: {
    statements: (f) => ({
      select: { sql: 'select id from public.guest_notices where id = $1', params: [f.noticeId] },
      insert: {
        sql: `insert into public.guest_notices (property_id, text, starts_at, ends_at) values ($1, 'Lift closed', now(), now() + interval '1 day')`,
        params: [f.propertyId],
      },
      update: { sql: `update public.guest_notices set text = 'Pool closed' where id = $1`, params: [f.noticeId] },
      delete: { sql: 'delete from public.guest_notices where id = $1', params: [f.noticeId] },
    }),
    expected: ownerCrud,
  },
  // Memberships and roles inside a team: tests/db/team-access.test.ts.
  teams: {
    statements: (f) => ({
      select: { sql: 'select id from public.teams where id = $1', params: [f.teamId] },
      insert: { sql: 'insert into public.teams (account_user_id) values ($1)', params: [f.owner] },
      update: { sql: `update public.teams set name = 'Front office' where id = $1`, params: [f.teamId] },
      delete: { sql: 'delete from public.teams where id = $1', params: [f.teamId] },
    }),
    expected: {
      anon: nobody,
      owner: { select: 'one-row', insert: 'denied', update: 'one-row', delete: 'denied' },
      other: { select: 'no-rows', insert: 'denied', update: 'no-rows', delete: 'denied' },
      service: serviceCanDoAll,
    },
  },
  team_members: {
    statements: (f) => ({
      select: { sql: 'select user_id from public.team_members where team_id = $1 and user_id = $2', params: [f.teamId, f.member] },
      insert: { sql: `insert into public.team_members (team_id, user_id, role) values ($1, $2, 'editor')`, params: [f.teamId, f.other] },
      update: { sql: `update public.team_members set role = 'front_desk' where team_id = $1 and user_id = $2`, params: [f.teamId, f.member] },
      delete: { sql: 'delete from public.team_members where team_id = $1 and user_id = $2', params: [f.teamId, f.member] },
    }),
    expected: ownerReadOnly,
  },
  team_invitations: {
    statements: (f) => ({
      select: { sql: 'select id from public.team_invitations where id = $1', params: [f.invitationId] },
      insert: {
        sql: `insert into public.team_invitations (team_id, email, role, token_hash) values ($1, 'matrix@example.test', 'editor', '\\x01')`,
        params: [f.teamId],
      },
      update: { sql: 'update public.team_invitations set revoked_at = now() where id = $1', params: [f.invitationId] },
      delete: { sql: 'delete from public.team_invitations where id = $1', params: [f.invitationId] },
    }),
    expected: ownerReadOnly,
  },
  stripe_events: {
    statements: () => ({
      select: { sql: `select id from public.stripe_events where id = 'evt_matrix'` },
      insert: { sql: `insert into public.stripe_events (id, type) values ('evt_matrix_new', 'customer.subscription.updated')` },
      update: { sql: `update public.stripe_events set type = 'changed' where id = 'evt_matrix'` },
      delete: { sql: `delete from public.stripe_events where id = 'evt_matrix'` },
    }),
    expected: serviceOnly,
  },
  stripe_customers: {
    statements: (f) => ({
      select: { sql: 'select user_id from public.stripe_customers where user_id = $1', params: [f.owner] },
      insert: { sql: `insert into public.stripe_customers (user_id, stripe_customer_id) values ($1, 'cus_matrix_new')`, params: [f.other] },
      update: { sql: `update public.stripe_customers set stripe_customer_id = 'cus_matrix_changed' where user_id = $1`, params: [f.owner] },
      delete: { sql: 'delete from public.stripe_customers where user_id = $1', params: [f.owner] },
    }),
    expected: serviceOnly,
  },
};

const actors: Actor[] = ['anon', 'owner', 'other', 'service'];
const operations: Operation[] = ['select', 'insert', 'update', 'delete'];

const pool = superuserPool();
let fixture: Fixture;

beforeAll(async () => {
  const owner = await createUser(pool, { roomLimit: 100 });
  const other = await createUser(pool, { roomLimit: 100 });
  const spare = await createUser(pool);
  await pool.query('delete from public.users where id = $1', [spare]);
  const propertyId = await createProperty(pool, owner);
  const roomId = await createRoom(pool, owner, propertyId);
  await pool.query(`insert into public.subscriptions (user_id, status, quantity, price_id) values ($1, 'active', 100, 'price_local_monthly')`, [owner]);
  await pool.query(`insert into public.stripe_customers (user_id, stripe_customer_id) values ($1, $2)`, [owner, `cus_${owner.slice(0, 8)}`]);
  await pool.query(`insert into public.stripe_events (id, type) values ('evt_matrix', 'checkout.session.completed')`);
  await pool.query(
    `insert into public.scan_day_parts (qr_code_id, day, part, user_id, scans) values ($1, '2026-01-01', 0, $2, 3), ($1, '2026-01-01', 5, $2, 4)`,
    [roomId, owner],
  );
  const { rows: teams } = await pool.query<{ id: string }>('select id from public.teams where account_user_id = $1', [owner]);
  const teamId = teams[0].id;
  const member = await createUser(pool);
  await pool.query(`insert into public.team_members (team_id, user_id, role) values ($1, $2, 'editor')`, [teamId, member]);
  const { rows: others } = await pool.query<{ email: string }>('select email from public.users where id = $1', [other]);
  const { rows: invited } = await queryAs<{ invitation: { id: string; token: string } }>(
    pool,
    user(owner),
    `select public.invite_member($1, $2, 'editor') as invitation`,
    [teamId, others[0].email],
  );
  await pool.query('update public.properties set requests_enabled = true where id = $1', [propertyId]);
  const guestDevice = randomUUID();
  const { rows: requests } = await pool.query<{ request: { id: string } }>(
    `select public.submit_guest_request(gen_random_uuid(), $1, $2, 'towels') as request`,
    [roomId, guestDevice],
  );
  const { rows: notices } = await pool.query<{ id: string }>(
    `insert into public.guest_notices (property_id, text, starts_at, ends_at) values ($1, 'Pool closed', now(), now() + interval '1 day') returning id`,
    [propertyId],
  );
  fixture = {
    owner,
    other,
    spare,
    propertyId,
    roomId,
    teamId,
    member,
    invitationId: invited[0].invitation.id,
    invitationToken: invited[0].invitation.token,
    requestId: requests[0].request.id,
    guestDevice,
    noticeId: notices[0].id,
  };
});

function callerFor(actor: Actor): Caller {
  switch (actor) {
    case 'anon':
      return anon;
    case 'owner':
      return user(fixture.owner);
    case 'other':
      return user(fixture.other);
    case 'service':
      return serviceRole;
  }
}

it('covers every table and view in the public schema', async () => {
  const { rows } = await pool.query<{ relname: string }>(
    `select c.relname from pg_class c where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p', 'v', 'm', 'f') order by c.relname`,
  );
  expect(rows.map((row) => row.relname)).toEqual(Object.keys(tables).sort());
});

it('has only security_invoker views in the public schema (their callers meet the RLS of the tables they read)', async () => {
  const { rows } = await pool.query<{ relname: string; options: string[] | null }>(
    `select c.relname, c.reloptions as options from pg_class c where c.relnamespace = 'public'::regnamespace and c.relkind in ('v', 'm')`,
  );
  expect(rows.filter((row) => !(row.options ?? []).includes('security_invoker=true'))).toEqual([]);
});

it('has row level security enabled on every table in the public schema', async () => {
  const { rows } = await pool.query<{ relname: string }>(
    `select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.relkind = 'r' and not c.relrowsecurity`,
  );
  expect(rows).toEqual([]);
});

async function expectOutcome(actor: Actor, { sql, params }: Statement, outcome: Outcome): Promise<void> {
  const attempt = as(pool, callerFor(actor), (client) => client.query(sql, params), { rollback: true });
  if (outcome === 'denied') {
    await expect(attempt).rejects.toMatchObject({ code: '42501' });
  } else if (outcome === 'not-found') {
    await expect(attempt).rejects.toMatchObject({ code: 'PT404' });
  } else if (outcome === 'refused') {
    await expect(attempt).rejects.toMatchObject({ code: 'INVIT' });
  } else {
    const result = await attempt;
    expect(result.rowCount).toBe(outcome === 'one-row' ? 1 : 0);
  }
}

for (const [table, spec] of Object.entries(tables)) {
  describe(table, () => {
    for (const actor of actors) {
      for (const operation of operations) {
        const outcome = spec.expected[actor][operation];
        it(`${actor} ${operation}: ${outcome}`, () => expectOutcome(actor, spec.statements(fixture, actor)[operation], outcome));
      }
    }
  });
}

it('covers every function in the public schema that anon or authenticated may execute', async () => {
  const { rows } = await pool.query<{ proname: string }>(
    `select distinct p.proname from pg_proc p
     where p.pronamespace = 'public'::regnamespace and p.prorettype <> 'trigger'::regtype
       and (has_function_privilege('anon', p.oid, 'execute') or has_function_privilege('authenticated', p.oid, 'execute'))
     order by 1`,
  );
  expect(rows.map((row) => row.proname)).toEqual(Object.keys(functions).sort());
});

it('keeps the private schema out of anon’s reach', async () => {
  const { rows } = await pool.query<{ anon_usage: boolean; anon_functions: string[] }>(
    `select has_schema_privilege('anon', 'private', 'usage') as anon_usage,
            array(select proname::text from pg_proc where pronamespace = 'private'::regnamespace and has_function_privilege('anon', oid, 'execute')) as anon_functions`,
  );
  expect(rows).toEqual([{ anon_usage: false, anon_functions: [] }]);
});

it('gives no API role any privilege on a table in the private schema', async () => {
  const { rows } = await pool.query<{ grantee: string; table: string }>(
    `select r.rolname as grantee, c.relname as table from pg_class c cross join pg_roles r
     where c.relnamespace = 'private'::regnamespace and c.relkind in ('r', 'v', 'm', 'p')
       and r.rolname in ('anon', 'authenticated', 'service_role')
       and has_table_privilege(r.oid, c.oid, 'select, insert, update, delete, truncate, references, trigger')`,
  );
  expect(rows).toEqual([]);
});

for (const [name, spec] of Object.entries(functions)) {
  describe(`function ${name}`, () => {
    for (const actor of actors) {
      const outcome = spec.expected[actor];
      it(`${actor} executes: ${outcome}`, () => expectOutcome(actor, spec.statement(fixture), outcome));
    }
  });
}
