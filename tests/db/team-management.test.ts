/**
 * Team management through its RPCs (migration team_management): invitations that work once, within 7 days, for the
 * invited address only, and say why not otherwise; roles changed only by owners and admins (owners by owners); members
 * removed or leaving; ownership transferred; and a team that always keeps an owner. Each test makes its own team.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { createProperty, createUser, failure, queryAs, superuserPool, user } from './support.ts';

const pool = superuserPool();

interface Team {
  id: string;
  owner: string;
  property: string;
}

let team: Team;

async function newTeam(): Promise<Team> {
  const owner = await createUser(pool, { roomLimit: 5 });
  const { rows } = await pool.query<{ id: string }>('select id from public.teams where account_user_id = $1', [owner]);
  return { id: rows[0].id, owner, property: await createProperty(pool, owner, 'Harbour') };
}

const emailOf = async (id: string) => (await pool.query<{ email: string }>('select email from public.users where id = $1', [id])).rows[0].email;

async function invite(by: string, email: string, role = 'editor', propertyIds: string[] | null = null): Promise<{ id: string; token: string }> {
  const { rows } = await queryAs<{ invitation: { id: string; token: string } }>(pool, user(by), 'select public.invite_member($1, $2, $3, $4) as invitation', [
    team.id,
    email,
    role,
    propertyIds,
  ]);
  return rows[0].invitation;
}

const accept = (by: string, token: string) => queryAs(pool, user(by), 'select public.accept_invitation($1) as team', [token]);

async function join(role: string, propertyIds: string[] | null = null): Promise<string> {
  const member = await createUser(pool);
  await accept(member, (await invite(team.owner, await emailOf(member), role, propertyIds)).token);
  return member;
}

async function roles(): Promise<Record<string, string>> {
  const { rows } = await pool.query<{ user_id: string; role: string }>('select user_id, role from public.team_members where team_id = $1', [team.id]);
  return Object.fromEntries(rows.map((row) => [row.user_id, row.role]));
}

beforeEach(async () => {
  team = await newTeam();
});

describe('invitations', () => {
  it('bring the invited person in with the role and properties, shown first to anyone with the link', async () => {
    const newcomer = await createUser(pool);
    const invitation = await invite(team.owner, (await emailOf(newcomer)).toUpperCase(), 'front_desk', [team.property]);
    expect(invitation.token).toMatch(/^[0-9a-f]{64}$/);
    const details = await queryAs<{ details: Record<string, unknown> }>(pool, { role: 'anon' }, 'select public.invitation_details($1) as details', [
      invitation.token,
    ]);
    expect(details.rows[0].details).toMatchObject({ email: await emailOf(newcomer), role: 'front_desk', invited_by: await emailOf(team.owner) });
    const { rows } = await accept(newcomer, invitation.token);
    expect(rows).toEqual([{ team: team.id }]);
    const { rows: membership } = await pool.query('select role, property_ids from public.team_members where team_id = $1 and user_id = $2', [
      team.id,
      newcomer,
    ]);
    expect(membership).toEqual([{ role: 'front_desk', property_ids: [team.property] }]);
    const stored = await pool.query<{ token_hash: Buffer }>('select token_hash from public.team_invitations where id = $1', [invitation.id]);
    expect(stored.rows[0].token_hash.toString('hex')).not.toContain(invitation.token);
  });

  it('work once: a used, revoked, expired or unknown link says which', async () => {
    const newcomer = await createUser(pool);
    const used = await invite(team.owner, await emailOf(newcomer));
    await accept(newcomer, used.token);
    expect(await failure(accept(newcomer, used.token))).toMatchObject({ code: 'INVIT', detail: 'used', message: 'This invitation has already been used.' });

    const other = await createUser(pool);
    const revoked = await invite(team.owner, await emailOf(other));
    await queryAs(pool, user(team.owner), 'select public.revoke_invitation($1)', [revoked.id]);
    expect(await failure(accept(other, revoked.token))).toMatchObject({ code: 'INVIT', detail: 'revoked' });

    const expired = await invite(team.owner, await emailOf(other));
    await pool.query(`update public.team_invitations set expires_at = now() - interval '1 second' where id = $1`, [expired.id]);
    expect(await failure(accept(other, expired.token))).toMatchObject({ code: 'INVIT', detail: 'expired', message: 'This invitation has expired.' });

    expect(await failure(accept(other, 'f'.repeat(64)))).toMatchObject({ code: 'INVIT', detail: 'invalid', message: 'This invitation link is not valid.' });
    expect(await roles()).not.toHaveProperty(other);
  });

  it('expire after 7 days', async () => {
    const invitation = await invite(team.owner, 'later@example.test');
    const { rows } = await pool.query<{ days: number }>(
      'select extract(epoch from expires_at - created_at) / 86400 as days from public.team_invitations where id = $1',
      [invitation.id],
    );
    expect(Number(rows[0].days)).toBe(7);
  });

  it('are for the invited address only, and a new one replaces the pending one', async () => {
    const invited = await createUser(pool);
    const someoneElse = await createUser(pool);
    const first = await invite(team.owner, await emailOf(invited));
    const second = await invite(team.owner, await emailOf(invited), 'admin');
    expect(await failure(accept(invited, first.token))).toMatchObject({ code: 'INVIT', detail: 'revoked' });
    expect(await failure(accept(someoneElse, second.token))).toMatchObject({ code: 'INVIT', detail: 'wrong_account', hint: await emailOf(invited) });
    await accept(invited, second.token);
    expect((await roles())[invited]).toBe('admin');
  });

  it('refuse a current member, a bad address, the owner role and a role that may not invite', async () => {
    const editor = await join('editor');
    expect(await failure(invite(team.owner, await emailOf(editor)))).toMatchObject({ code: '23505', message: 'This person is already a member of the team.' });
    expect(await failure(invite(team.owner, 'not an address'))).toMatchObject({ code: '23514', detail: 'email', message: 'Enter a valid email address.' });
    expect(await failure(invite(team.owner, 'boss@example.test', 'owner'))).toMatchObject({ code: '23514', detail: 'role' });
    expect(await failure(invite(editor, 'friend@example.test'))).toMatchObject({ code: '42501', message: 'Your role in this team may not do this.' });
    const admin = await join('admin');
    expect((await invite(admin, 'friend@example.test')).token).toHaveLength(64);
  });
});

describe('members', () => {
  it('change role by an owner or admin; only an owner touches owners', async () => {
    const admin = await join('admin');
    const editor = await join('editor');
    await queryAs(pool, user(admin), `select public.set_member_role($1, $2, 'front_desk', $3)`, [team.id, editor, [team.property]]);
    expect((await roles())[editor]).toBe('front_desk');
    expect(await failure(queryAs(pool, user(admin), `select public.set_member_role($1, $2, 'editor')`, [team.id, team.owner]))).toMatchObject({
      code: '42501',
      message: 'Only an owner can change an owner or make someone owner.',
    });
    expect(await failure(queryAs(pool, user(editor), `select public.set_member_role($1, $2, 'admin')`, [team.id, editor]))).toMatchObject({ code: '42501' });
    await queryAs(pool, user(team.owner), `select public.set_member_role($1, $2, 'admin', $3)`, [team.id, editor, [team.property]]);
    const { rows } = await pool.query('select property_ids from public.team_members where team_id = $1 and user_id = $2', [team.id, editor]);
    expect(rows).toEqual([{ property_ids: null }]);
  });

  it('never leaves a team without an owner', async () => {
    const error = await failure(queryAs(pool, user(team.owner), `select public.set_member_role($1, $2, 'admin')`, [team.id, team.owner]));
    expect(error).toMatchObject({ code: '23514', message: 'A team always keeps at least one owner.' });
    expect(await failure(queryAs(pool, user(team.owner), 'select public.remove_member($1, $2)', [team.id, team.owner]))).toMatchObject({ code: '23514' });
    expect((await roles())[team.owner]).toBe('owner');
  });

  it('are removed by an owner or admin (an owner only by an owner) and may leave; a removed member changes nothing more', async () => {
    const admin = await join('admin');
    const editor = await join('editor');
    const leaver = await join('front_desk');
    expect(await failure(queryAs(pool, user(admin), 'select public.remove_member($1, $2)', [team.id, team.owner]))).toMatchObject({ code: '42501' });
    expect(await failure(queryAs(pool, user(leaver), 'select public.remove_member($1, $2)', [team.id, editor]))).toMatchObject({ code: '42501' });
    await queryAs(pool, user(leaver), 'select public.remove_member($1, $2)', [team.id, leaver]);
    await queryAs(pool, user(admin), 'select public.remove_member($1, $2)', [team.id, editor]);
    expect(Object.keys(await roles()).sort()).toEqual([team.owner, admin].sort());
    const save = await queryAs(pool, user(editor), `update public.properties set hotel = '{"phone": "+34 1"}' where id = $1`, [team.property]);
    expect(save.rowCount).toBe(0);
    expect(await failure(queryAs(pool, user(admin), 'select public.remove_member($1, $2)', [team.id, editor]))).toMatchObject({
      code: 'PT404',
      message: 'This person is not a member of the team.',
    });
  });

  it('take over ownership from an owner, who becomes an admin', async () => {
    const admin = await join('admin');
    expect(await failure(queryAs(pool, user(admin), 'select public.transfer_ownership($1, $2)', [team.id, admin]))).toMatchObject({ code: '42501' });
    await queryAs(pool, user(team.owner), 'select public.transfer_ownership($1, $2)', [team.id, admin]);
    expect(await roles()).toEqual({ [team.owner]: 'admin', [admin]: 'owner' });
  });

  it('are listed with their addresses to every member, owners first, and to nobody else', async () => {
    const frontDesk = await join('front_desk', [team.property]);
    const { rows } = await queryAs<{ email: string; role: string; property_ids: string[] | null }>(
      pool,
      user(frontDesk),
      'select email, role, property_ids from public.team_roster($1)',
      [team.id],
    );
    expect(rows).toEqual([
      { email: await emailOf(team.owner), role: 'owner', property_ids: null },
      { email: await emailOf(frontDesk), role: 'front_desk', property_ids: [team.property] },
    ]);
    const stranger = await createUser(pool);
    expect((await queryAs(pool, user(stranger), 'select * from public.team_roster($1)', [team.id])).rowCount).toBe(0);
  });

  it('go with the team or the user when either is deleted', async () => {
    const editor = await join('editor');
    await pool.query('delete from public.users where id = $1', [editor]);
    expect(Object.keys(await roles())).toEqual([team.owner]);
    await pool.query('delete from public.teams where id = $1', [team.id]);
    expect(await roles()).toEqual({});
  });
});
