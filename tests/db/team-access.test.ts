/**
 * Who may do what in a team, decided by row-level security from membership and role (migration teams): the owner's
 * team with an admin, an editor and a front-desk member limited to one property, a member of another team and a user
 * in no team, each × select/insert/update/delete on properties, rooms, scans, the team, its memberships and
 * invitations, the team account's users row and subscription and its folder of room photos. Every statement targets the team's
 * data and is rolled back, so the cells are independent. Then the rules around them: whose quota a room uses, the
 * quota under a race between two members, the role check of the RPCs, and a membership's properties.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { as, createProperty, createRoom, createUser, failure, queryAs, race, serviceRole, superuserPool, usage, user, type Caller } from './support.ts';

type Member = 'owner' | 'admin' | 'editor' | 'frontDesk' | 'outsider' | 'noTeam';
type Operation = 'select' | 'insert' | 'update' | 'delete';
type Outcome = 'one-row' | 'no-rows' | 'denied';

const pool = superuserPool();
const ids = {} as Record<Member, string> & {
  team: string;
  property: string;
  otherProperty: string;
  room: string;
  otherRoom: string;
  photo: string;
  invitation: string;
};

beforeAll(async () => {
  for (const member of ['owner', 'admin', 'editor', 'frontDesk', 'outsider', 'noTeam'] as const) ids[member] = await createUser(pool, { roomLimit: 10 });
  const { rows } = await pool.query<{ id: string }>('select id from public.teams where account_user_id = $1', [ids.owner]);
  ids.team = rows[0].id;
  ids.property = await createProperty(pool, ids.owner, 'Harbour');
  ids.otherProperty = await createProperty(pool, ids.owner, 'Hill');
  ids.room = await createRoom(pool, ids.owner, ids.property, '101');
  ids.otherRoom = await createRoom(pool, ids.owner, ids.otherProperty, '201');
  await pool.query(
    `insert into public.team_members (team_id, user_id, role, property_ids) values ($1, $2, 'admin', null), ($1, $3, 'editor', null), ($1, $4, 'front_desk', array[$5::uuid])`,
    [ids.team, ids.admin, ids.editor, ids.frontDesk, ids.property],
  );
  await pool.query('delete from public.teams where account_user_id = $1', [ids.noTeam]);
  ids.photo = `${ids.owner}/room-101.png`;
  await pool.query(`insert into storage.objects (bucket_id, name, metadata) values ('qr_images', $1, '{"mimetype": "image/png", "size": 1024}')`, [ids.photo]);
  await pool.query(`insert into public.subscriptions (user_id, status, quantity) values ($1, 'active', 10)`, [ids.owner]);
  const invitation = await pool.query<{ id: string }>(
    `insert into public.team_invitations (team_id, email, role, token_hash) values ($1, 'guest@example.test', 'editor', sha256('matrix')) returning id`,
    [ids.team],
  );
  ids.invitation = invitation.rows[0].id;
  await pool.query(`insert into public.scan_day_parts (qr_code_id, day, part, user_id, scans) values ($1, '2026-01-01', 0, $2, 3)`, [ids.room, ids.owner]);
});

/** A statement, its parameters and what the API runs before it in the same transaction. */
type Statement = [sql: string, params: unknown[], before?: string];
const storageApiDelete = `select set_config('storage.allow_delete_query', 'true', true)`;

const statements: Record<string, Record<Operation, () => Statement>> = {
  properties: {
    select: () => ['select id from public.properties where id = $1', [ids.property]],
    insert: () => [`insert into public.properties (team_id, name) values ($1, 'Annex') returning id`, [ids.team]],
    update: () => [`update public.properties set hotel = '{"phone": "+34 600 000 000"}' where id = $1`, [ids.property]],
    delete: () => ['delete from public.properties where id = $1', [ids.property]],
  },
  qr_codes: {
    select: () => ['select id from public.qr_codes where id = $1', [ids.room]],
    insert: () => [`insert into public.qr_codes (property_id, name, room_number) values ($1, 'Room 999', '999') returning id`, [ids.property]],
    update: () => [`update public.qr_codes set name = 'Renamed' where id = $1`, [ids.room]],
    delete: () => ['delete from public.qr_codes where id = $1', [ids.room]],
  },
  // Room photos sit in the team account's folder (migration team_workspace).
  'storage.objects': {
    select: () => [`select name from storage.objects where bucket_id = 'qr_images' and name = $1`, [ids.photo]],
    insert: () => [
      `insert into storage.objects (bucket_id, name, metadata) values ('qr_images', $1, '{"mimetype": "image/png", "size": 1024}') returning name`,
      [`${ids.owner}/${randomUUID()}.png`],
    ],
    update: () => [`update storage.objects set metadata = '{"mimetype": "image/png", "size": 2048}' where bucket_id = 'qr_images' and name = $1`, [ids.photo]],
    // As the Storage API deletes: it allows the delete for the transaction first (a direct SQL delete is refused).
    delete: () => [`delete from storage.objects where bucket_id = 'qr_images' and name = $1`, [ids.photo], storageApiDelete],
  },
  // Scans are written by record_scan alone (security definer); members read them.
  scan_day_parts: {
    select: () => ['select qr_code_id from public.scan_day_parts where qr_code_id = $1', [ids.room]],
    insert: () => [`insert into public.scan_day_parts (qr_code_id, day, part, user_id, scans) values ($1, '2026-01-02', 0, $2, 1)`, [ids.room, ids.owner]],
    update: () => ['update public.scan_day_parts set scans = 99 where qr_code_id = $1', [ids.room]],
    delete: () => ['delete from public.scan_day_parts where qr_code_id = $1', [ids.room]],
  },
  // A team changes only its name through the API; memberships and invitations change through the RPCs.
  teams: {
    select: () => ['select id from public.teams where id = $1', [ids.team]],
    insert: () => ['insert into public.teams (account_user_id) values ($1)', [ids.owner]],
    update: () => [`update public.teams set name = 'Front office' where id = $1`, [ids.team]],
    delete: () => ['delete from public.teams where id = $1', [ids.team]],
  },
  team_members: {
    select: () => ['select user_id from public.team_members where team_id = $1 and user_id = $2', [ids.team, ids.owner]],
    insert: () => [`insert into public.team_members (team_id, user_id, role) values ($1, $2, 'editor')`, [ids.team, ids.outsider]],
    update: () => [`update public.team_members set role = 'admin' where team_id = $1 and user_id = $2`, [ids.team, ids.editor]],
    delete: () => ['delete from public.team_members where team_id = $1 and user_id = $2', [ids.team, ids.editor]],
  },
  team_invitations: {
    select: () => ['select id from public.team_invitations where id = $1', [ids.invitation]],
    insert: () => [`insert into public.team_invitations (team_id, email, role, token_hash) values ($1, 'x@example.test', 'editor', sha256('x'))`, [ids.team]],
    update: () => ['update public.team_invitations set revoked_at = now() where id = $1', [ids.invitation]],
    delete: () => ['delete from public.team_invitations where id = $1', [ids.invitation]],
  },
  // The team's quota is on its account holder's row; only the service role writes it.
  users: {
    select: () => ['select id from public.users where id = $1', [ids.owner]],
    insert: () => ['insert into public.users (id) values ($1)', [randomUUID()]],
    update: () => ['update public.users set qr_code_limit = 500 where id = $1', [ids.owner]],
    delete: () => ['delete from public.users where id = $1', [ids.owner]],
  },
  subscriptions: {
    select: () => ['select user_id from public.subscriptions where user_id = $1', [ids.owner]],
    insert: () => [`insert into public.subscriptions (user_id, status) values ($1, 'active')`, [ids.admin]],
    update: () => ['update public.subscriptions set quantity = 500 where user_id = $1', [ids.owner]],
    delete: () => ['delete from public.subscriptions where user_id = $1', [ids.owner]],
  },
};

const all: Record<Operation, Outcome> = { select: 'one-row', insert: 'one-row', update: 'one-row', delete: 'one-row' };
const readOnly: Record<Operation, Outcome> = { select: 'one-row', insert: 'denied', update: 'no-rows', delete: 'no-rows' };
const nothing: Record<Operation, Outcome> = { select: 'no-rows', insert: 'denied', update: 'no-rows', delete: 'no-rows' };
/** A table the API only reads (no write grants): every write is refused outright. */
const readAll: Record<Operation, Outcome> = { select: 'one-row', insert: 'denied', update: 'denied', delete: 'denied' };
const readNone: Record<Operation, Outcome> = { select: 'no-rows', insert: 'denied', update: 'denied', delete: 'denied' };

const expected: Record<string, Record<Member, Record<Operation, Outcome>>> = {
  properties: {
    owner: all,
    admin: all,
    editor: { select: 'one-row', insert: 'denied', update: 'one-row', delete: 'no-rows' },
    frontDesk: readOnly,
    outsider: nothing,
    noTeam: nothing,
  },
  qr_codes: { owner: all, admin: all, editor: all, frontDesk: readOnly, outsider: nothing, noTeam: nothing },
  'storage.objects': { owner: all, admin: all, editor: all, frontDesk: readOnly, outsider: nothing, noTeam: nothing },
  scan_day_parts: { owner: readAll, admin: readAll, editor: readAll, frontDesk: readAll, outsider: readNone, noTeam: readNone },
  teams: {
    owner: { select: 'one-row', insert: 'denied', update: 'one-row', delete: 'denied' },
    admin: { select: 'one-row', insert: 'denied', update: 'one-row', delete: 'denied' },
    editor: { select: 'one-row', insert: 'denied', update: 'no-rows', delete: 'denied' },
    frontDesk: { select: 'one-row', insert: 'denied', update: 'no-rows', delete: 'denied' },
    outsider: { select: 'no-rows', insert: 'denied', update: 'no-rows', delete: 'denied' },
    noTeam: { select: 'no-rows', insert: 'denied', update: 'no-rows', delete: 'denied' },
  },
  team_members: { owner: readAll, admin: readAll, editor: readAll, frontDesk: readAll, outsider: readNone, noTeam: readNone },
  // Pending invitations are the managers' (owners and admins of the whole team).
  team_invitations: { owner: readAll, admin: readAll, editor: readNone, frontDesk: readNone, outsider: readNone, noTeam: readNone },
  users: { owner: readAll, admin: readAll, editor: readAll, frontDesk: readAll, outsider: readNone, noTeam: readNone },
  // Billing is the owners' alone.
  subscriptions: { owner: readAll, admin: readNone, editor: readNone, frontDesk: readNone, outsider: readNone, noTeam: readNone },
};

async function outcomeOf(caller: Caller, [sql, params, before]: Statement): Promise<Outcome> {
  try {
    const result = await as(
      pool,
      caller,
      async (client) => {
        if (before) await client.query(before);
        return client.query(sql, params);
      },
      { rollback: true },
    );
    return result.rowCount === 1 ? 'one-row' : result.rowCount === 0 ? 'no-rows' : (`${result.rowCount} rows` as Outcome);
  } catch (error) {
    if ((error as { code?: string }).code === '42501') return 'denied';
    throw error;
  }
}

for (const [table, byMember] of Object.entries(expected)) {
  describe(table, () => {
    for (const [member, byOperation] of Object.entries(byMember) as [Member, Record<Operation, Outcome>][]) {
      for (const [operation, outcome] of Object.entries(byOperation) as [Operation, Outcome][]) {
        it(`${member} ${operation}: ${outcome}`, async () => {
          expect(await outcomeOf(user(ids[member]), statements[table][operation]())).toBe(outcome);
        });
      }
    }
  });
}

describe('teams', () => {
  it('lets members see their team and their teammates; owners and admins rename it', async () => {
    const { rows } = await queryAs<{ role: string }>(pool, user(ids.frontDesk), 'select role from public.team_members where team_id = $1 order by role', [
      ids.team,
    ]);
    expect(rows.map((row) => row.role)).toEqual(['owner', 'admin', 'editor', 'front_desk']);
    expect(await outcomeOf(user(ids.outsider), ['select user_id from public.team_members where team_id = $1', [ids.team]])).toBe('no-rows');
    expect(await outcomeOf(user(ids.admin), [`update public.teams set name = 'Hotel Mar staff' where id = $1`, [ids.team]])).toBe('one-row');
    expect(await outcomeOf(user(ids.editor), [`update public.teams set name = 'Mine' where id = $1`, [ids.team]])).toBe('no-rows');
    expect(await outcomeOf(user(ids.owner), ['update public.team_members set role = $2 where user_id = $1', [ids.editor, 'admin']])).toBe('denied');
  });
});

describe('a membership limited to one property', () => {
  it('sees nothing of the team’s other property or its rooms', async () => {
    const caller = user(ids.frontDesk);
    expect(await outcomeOf(caller, ['select id from public.properties where id = $1', [ids.otherProperty]])).toBe('no-rows');
    expect(await outcomeOf(caller, ['select id from public.qr_codes where id = $1', [ids.otherRoom]])).toBe('no-rows');
    const { rows } = await queryAs<{ id: string }>(pool, caller, 'select id from public.properties');
    expect(rows).toEqual([{ id: ids.property }]);
  });

  it('may only list its own team’s properties', async () => {
    const foreign = await createProperty(pool, ids.outsider, 'Elsewhere');
    const error = await failure(pool.query('update public.team_members set property_ids = array[$2::uuid] where user_id = $1', [ids.frontDesk, foreign]));
    expect(error).toMatchObject({ code: '23514', message: "A membership can only list its own team's properties." });
  });
});

describe('the team’s account', () => {
  it('keeps a property and a room made by a member on the account holder (whose quota and plan they use)', async () => {
    const made = await as(
      pool,
      user(ids.editor),
      async (client) => {
        const room = await client.query<{ user_id: string }>(
          `insert into public.qr_codes (property_id, name, room_number) values ($1, 'Room 102', '102') returning user_id`,
          [ids.property],
        );
        return room.rows[0].user_id;
      },
      { rollback: true },
    );
    expect(made).toBe(ids.owner);
    const property = await as(
      pool,
      user(ids.admin),
      (client) =>
        client.query<{ user_id: string; team_id: string }>(`insert into public.properties (team_id, name) values ($1, 'Annex') returning user_id, team_id`, [
          ids.team,
        ]),
      { rollback: true },
    );
    expect(property.rows).toEqual([{ user_id: ids.owner, team_id: ids.team }]);
  });

  it('puts a property made without a team in the caller’s own team, and never moves one to another team', async () => {
    const property = await as(
      pool,
      user(ids.outsider),
      (client) => client.query<{ team_id: string }>(`insert into public.properties (name) values ('Own') returning team_id`),
      {
        rollback: true,
      },
    );
    const { rows } = await pool.query<{ id: string }>('select id from public.teams where account_user_id = $1', [ids.outsider]);
    expect(property.rows).toEqual([{ team_id: rows[0].id }]);
    const error = await failure(pool.query('update public.properties set team_id = $2 where id = $1', [ids.property, rows[0].id]));
    expect(error).toMatchObject({ code: '23514', message: 'A property cannot move to another team.' });
  });

  it('creates exactly as many rooms as the plan allows when two members add 30 at once at limit 10', async () => {
    const property = await createProperty(pool, ids.owner, 'Race');
    const before = await usage(pool, ids.owner);
    await pool.query('update public.users set qr_code_limit = $2 where id = $1', [ids.owner, before.created + 10]);
    const callers = Array.from({ length: 30 }, (_, index) => user(index % 2 === 0 ? ids.owner : ids.editor));
    const results = await race(
      callers,
      callers.map((_, index): [string, unknown[]] => [
        `insert into public.qr_codes (id, property_id, name, room_number) values ($1, $2, 'Room', $3)`,
        [randomUUID(), property, String(500 + index)],
      ]),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(10);
    const { rows } = await pool.query<{ rooms: number }>('select count(*)::integer as rooms from public.qr_codes where property_id = $1', [property]);
    expect(rows[0].rooms).toBe(10);
    expect(await usage(pool, ids.owner)).toEqual({ created: before.created + 10, limit: before.created + 10 });
    await pool.query('delete from public.properties where id = $1', [property]);
  });
});

describe('RPCs follow the role', () => {
  it('refuses create_rooms to the front desk with a clear message, and lets an editor add rooms on the account', async () => {
    const rooms = JSON.stringify([{ name: 'Room 301', room_number: '301' }]);
    const error = await failure(queryAs(pool, user(ids.frontDesk), 'select id from public.create_rooms($1, $2)', [ids.property, rooms]));
    expect(error).toMatchObject({ code: '42501', message: 'Your role in this team may not add rooms.' });
    const { rows } = await queryAs<{ user_id: string }>(pool, user(ids.editor), 'select user_id from public.create_rooms($1, $2)', [ids.property, rooms], {
      rollback: true,
    });
    expect(rows).toEqual([{ user_id: ids.owner }]);
  });

  it('lists texts to translate for a member who may edit the property, and answers PT404 for the front desk', async () => {
    const work = (member: Member) =>
      queryAs(pool, serviceRole, 'select public.machine_translation_work($1, $2)', [ids[member], ids.property], { rollback: true });
    expect((await work('editor')).rowCount).toBe(1);
    expect(await failure(work('frontDesk'))).toMatchObject({ code: 'PT404' });
    expect(await failure(work('outsider'))).toMatchObject({ code: 'PT404' });
  });
});
