/**
 * What the screens read to follow the team (migration team_workspace): the caller's teams with their role in one
 * read, who last changed a property or a room, and the team account's folder of room photos for uploads by members.
 * And deleting a team (migration delete_team).
 * (Who reads the account's users row and subscription is in the role matrix, tests/db/team-access.test.ts.)
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { as, createProperty, createRoom, createUser, impersonate, queryAs, serviceRole, superuserPool, user } from './support.ts';

const pool = superuserPool();
let owner: string;
let editor: string;
let frontDesk: string;
let team: string;
let property: string;
let room: string;

beforeAll(async () => {
  [owner, editor, frontDesk] = [await createUser(pool, { roomLimit: 10 }), await createUser(pool), await createUser(pool)];
  team = (await pool.query<{ id: string }>('select id from public.teams where account_user_id = $1', [owner])).rows[0].id;
  property = await createProperty(pool, owner, 'Harbour');
  room = await createRoom(pool, owner, property, '101');
  await pool.query(
    `insert into public.team_members (team_id, user_id, role, property_ids) values ($1, $2, 'editor', null), ($1, $3, 'front_desk', array[$4::uuid])`,
    [team, editor, frontDesk, property],
  );
});

describe('my_teams', () => {
  it('lists the caller’s own team first, then the teams they joined, each with their role, properties and founder', async () => {
    const { rows } = await queryAs<{ id: string; role: string; property_ids: string[] | null; founder_email: string; account_user_id: string }>(
      pool,
      user(frontDesk),
      'select id, role, property_ids, founder_email, account_user_id from public.my_teams()',
    );
    const own = (await pool.query<{ id: string }>('select id from public.teams where account_user_id = $1', [frontDesk])).rows[0].id;
    expect(rows.map((row) => [row.id, row.role, row.property_ids])).toEqual([
      [own, 'owner', null],
      [team, 'front_desk', [property]],
    ]);
    expect(rows[1]).toMatchObject({ account_user_id: owner, founder_email: `user-${owner}@example.test` });
  });
});

describe('updated_by', () => {
  const changedBy = async (table: 'properties' | 'qr_codes', id: string) =>
    (await pool.query<{ updated_by: string }>(`select updated_by from public.${table} where id = $1`, [id])).rows[0].updated_by;

  it('names the member who last changed a room or a shared guide; the API cannot write it', async () => {
    await expect(
      queryAs(pool, user(editor), `update public.qr_codes set name = 'Sea view', updated_by = $2 where id = $1`, [room, owner]),
    ).rejects.toMatchObject({
      code: '42501',
    });
    await queryAs(pool, user(editor), `update public.qr_codes set name = 'Sea view' where id = $1`, [room]);
    expect(await changedBy('qr_codes', room)).toBe(editor);
    await queryAs(pool, user(editor), `update public.properties set hotel = '{"phone": "+34 611 111 111"}' where id = $1`, [property]);
    expect(await changedBy('properties', property)).toBe(editor);
  });

  it('keeps it when a guest’s scan is counted or the service role writes', async () => {
    await queryAs(pool, user(owner), `update public.qr_codes set name = 'Garden' where id = $1`, [room]);
    await pool.query('select public.record_scan($1)', [room]);
    await queryAs(pool, serviceRole, `update public.properties set translations = '{}' where id = $1`, [property]);
    expect(await changedBy('qr_codes', room)).toBe(owner);
    expect(await changedBy('properties', property)).toBe(editor);
  });

  it('answers a teammate’s address for who changed it, and nothing once they have left the team', async () => {
    const changedByAddress = async (caller: string) =>
      (
        await queryAs<{ room: string | null; property: string | null }>(
          pool,
          user(caller),
          'select public.changed_by(q) as room, public.changed_by(p) as property from public.qr_codes q join public.properties p on p.id = q.property_id where q.id = $1',
          [room],
        )
      ).rows[0];
    await queryAs(pool, user(editor), `update public.qr_codes set name = 'Dune' where id = $1`, [room]);
    expect(await changedByAddress(frontDesk)).toEqual({ room: `user-${editor}@example.test`, property: `user-${editor}@example.test` });
    // The editor leaves, and the front desk looks, in one transaction that is rolled back.
    const afterLeaving = await as(
      pool,
      user(editor),
      async (client) => {
        await client.query('select public.remove_member($1, $2)', [team, editor]);
        await impersonate(client, user(frontDesk));
        return (await client.query('select public.changed_by(q) as room from public.qr_codes q where q.id = $1', [room])).rows[0];
      },
      { rollback: true },
    );
    expect(afterLeaving).toEqual({ room: null });
  });

  it('names the member who added a room', async () => {
    const added = await as(
      pool,
      user(editor),
      (client) =>
        client.query<{ updated_by: string }>(
          `insert into public.qr_codes (property_id, name, room_number) values ($1, 'Room 102', '102') returning updated_by`,
          [property],
        ),
      { rollback: true },
    );
    expect(added.rows).toEqual([{ updated_by: editor }]);
    const { rows } = await pool.query<{ allowed: boolean }>(
      `select has_column_privilege('authenticated', 'public.qr_codes', 'updated_by', 'UPDATE') or has_column_privilege('authenticated', 'public.qr_codes', 'updated_by', 'INSERT') as allowed`,
    );
    expect(rows[0].allowed).toBe(false);
  });
});

describe('room photos in the team account’s folder', () => {
  const upload = (caller: string, folder: string) =>
    queryAs(
      pool,
      user(caller),
      `insert into storage.objects (bucket_id, name, metadata) values ('qr_images', $1, '{"mimetype": "image/png", "size": 1024}') returning name`,
      [`${folder}/photo.png`],
      { rollback: true },
    );

  it('lets an editor upload into the account’s folder and their own, and refuses the front desk', async () => {
    expect((await upload(editor, owner)).rowCount).toBe(1);
    expect((await upload(editor, editor)).rowCount).toBe(1);
    await expect(upload(frontDesk, owner)).rejects.toMatchObject({ code: '42501' });
  });
});

describe('delete_team', () => {
  it('lets only an owner delete the team with its properties and rooms, and gives the account holder an empty team', async () => {
    const [founder, admin] = [await createUser(pool, { roomLimit: 5 }), await createUser(pool)];
    const founded = (await pool.query<{ id: string }>('select id from public.teams where account_user_id = $1', [founder])).rows[0].id;
    const hotel = await createProperty(pool, founder, 'Doomed');
    await createRoom(pool, founder, hotel, '1');
    await pool.query(`insert into public.team_members (team_id, user_id, role) values ($1, $2, 'admin')`, [founded, admin]);
    await expect(queryAs(pool, user(admin), 'select public.delete_team($1)', [founded])).rejects.toMatchObject({ code: '42501' });

    await queryAs(pool, user(founder), 'select public.delete_team($1)', [founded]);
    const left = await pool.query('select id from public.properties where id = $1', [hotel]);
    expect(left.rowCount).toBe(0);
    const teams = await pool.query<{ id: string; role: string; properties: number }>(
      `select t.id, m.role, (select count(*)::int from public.properties p where p.team_id = t.id) as properties
         from public.teams t join public.team_members m on m.team_id = t.id where t.account_user_id = $1`,
      [founder],
    );
    expect(teams.rows).toEqual([{ id: expect.not.stringMatching(founded), role: 'owner', properties: 0 }]);
    expect((await pool.query<{ used: number }>('select qr_codes_created as used from public.users where id = $1', [founder])).rows[0].used).toBe(0);
    expect((await pool.query('select 1 from public.team_members where user_id = $1', [admin])).rowCount).toBe(1); // their own team only
  });

  it('refuses while the team’s subscription is ongoing, and deletes nothing', async () => {
    const founder = await createUser(pool);
    const founded = (await pool.query<{ id: string }>('select id from public.teams where account_user_id = $1', [founder])).rows[0].id;
    await pool.query(`insert into public.subscriptions (user_id, status, quantity) values ($1, 'active', 3)`, [founder]);
    await expect(queryAs(pool, user(founder), 'select public.delete_team($1)', [founded])).rejects.toMatchObject({
      code: 'TEAMS',
      message: "Cancel the team's subscription first, then delete the team.",
    });
    expect((await pool.query('select 1 from public.teams where id = $1', [founded])).rowCount).toBe(1);
  });
});
