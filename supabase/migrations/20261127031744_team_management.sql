-- Team management (issue 27, second part): invitations by email, roles, removing and leaving, and ownership.
--
-- Memberships change only through these RPCs (security definer; each checks the caller's role itself):
--   invite_member      owner or admin of the whole team: an invitation for an address, a role and optionally some
--                      properties; answers a one-time token the app sends in a link (only its hash is stored). A
--                      current member cannot be invited; a new invitation for the same address replaces the pending one.
--   accept_invitation  the signed-in user whose address was invited, once, within 7 days, unless revoked; every
--                      other case is refused with errcode INVIT and `detail` saying which (invalid, used, expired,
--                      revoked, wrong_account, already_member).
--   revoke_invitation  owner or admin.
--   set_member_role    owner or admin; only an owner changes or makes an owner.
--   remove_member      owner or admin removes another member (an admin no owner); any member removes themselves
--                      (leaves).
--   transfer_ownership an owner makes another member owner and becomes an admin.
--   team_roster        the members of the caller's team with their addresses, for the Team page.
-- A team always keeps at least one owner: a trigger refuses removing or demoting the last one (unless the team or
-- the user is being deleted).

create table public.team_invitations (
  id uuid primary key default gen_random_uuid(),
  team_id uuid not null references public.teams (id) on delete cascade,
  email text not null check (email = lower(email) and email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$' and char_length(email) <= 320),
  role public.team_role not null check (role <> 'owner'),
  property_ids uuid[] check (property_ids is null or cardinality(property_ids) between 1 and 1000),
  token_hash bytea not null unique,
  invited_by uuid references public.users (id) on delete set null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null default now() + interval '7 days',
  accepted_at timestamptz,
  accepted_by uuid references public.users (id) on delete set null,
  revoked_at timestamptz
);
comment on table public.team_invitations is 'Invitations to a team by email: pending until accepted (once), revoked or expired. Owners and admins read their team''s; written only through the team RPCs.';
comment on column public.team_invitations.token_hash is 'sha256 of the one-time token sent in the link; the token itself is never stored.';
create index team_invitations_team_id_idx on public.team_invitations (team_id);
create unique index team_invitations_pending_email_idx on public.team_invitations (team_id, email)
  where accepted_at is null and revoked_at is null;

alter table public.team_invitations enable row level security;

create policy "team_invitations: authenticated can select their managed teams' invitations" on public.team_invitations
  for select to authenticated
  using (team_id = any ((select private.managed_team_ids())::uuid[]));

grant select (id, team_id, email, role, property_ids, invited_by, created_at, expires_at, accepted_at, accepted_by, revoked_at)
  on public.team_invitations to authenticated;
grant select, insert, update, delete on public.team_invitations to service_role;

-- ------------------------------------------------------------------------------------------------------------------
-- the caller's role, checked by every RPC

create function private.require_role(team uuid, roles public.team_role[])
returns public.team_role
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  found_role public.team_role;
begin
  select m.role into found_role from public.team_members m
  where m.team_id = team and m.user_id = (select auth.uid()) and m.property_ids is null;
  if found_role is null or not found_role = any (roles) then
    raise exception 'Your role in this team may not do this.' using errcode = '42501', detail = 'team_id';
  end if;
  return found_role;
end;
$$;
comment on function private.require_role(uuid, public.team_role[]) is 'The caller''s role in the whole team; 42501 unless it is one of `roles`.';

-- ------------------------------------------------------------------------------------------------------------------
-- a team keeps an owner

create function private.keep_an_owner()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if old.role <> 'owner' or (tg_op = 'UPDATE' and new.role = 'owner') then
    return coalesce(new, old);
  end if;
  -- A team or a user being deleted takes its memberships with it.
  if not exists (select 1 from public.teams t where t.id = old.team_id) or not exists (select 1 from public.users u where u.id = old.user_id) then
    return coalesce(new, old);
  end if;
  perform 1 from public.teams t where t.id = old.team_id for update;
  if not exists (select 1 from public.team_members m where m.team_id = old.team_id and m.role = 'owner' and m.user_id <> old.user_id) then
    raise exception 'A team always keeps at least one owner.' using errcode = 'check_violation', detail = 'role';
  end if;
  return coalesce(new, old);
end;
$$;
comment on function private.keep_an_owner() is 'Trigger: refuses removing or demoting a team''s last owner.';
create trigger keep_an_owner before update of role or delete on public.team_members
  for each row execute function private.keep_an_owner();

revoke all on function private.require_role(uuid, public.team_role[]), private.keep_an_owner() from public;
grant execute on function private.require_role(uuid, public.team_role[]) to authenticated, service_role;

-- ------------------------------------------------------------------------------------------------------------------
-- invitations

create function public.invite_member(team_id uuid, email text, role public.team_role, property_ids uuid[] default null)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  address text := lower(trim(coalesce(email, '')));
  token text := replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', '');
  invitation public.team_invitations;
begin
  perform private.require_role(invite_member.team_id, array['owner', 'admin']::public.team_role[]);
  if address !~ '^[^@\s]+@[^@\s]+\.[^@\s]+$' or char_length(address) > 320 then
    raise exception 'Enter a valid email address.' using errcode = 'check_violation', detail = 'email';
  end if;
  if invite_member.role is null or invite_member.role = 'owner' then
    raise exception 'Invite as admin, editor or front desk; make someone owner by transferring ownership.' using errcode = 'check_violation', detail = 'role';
  end if;
  if exists (
    select 1 from public.team_members m join public.users u on u.id = m.user_id
    where m.team_id = invite_member.team_id and lower(u.email) = address
  ) then
    raise exception 'This person is already a member of the team.' using errcode = '23505', detail = 'email';
  end if;
  if invite_member.property_ids is not null and exists (
    select 1 from unnest(invite_member.property_ids) listed
    where not exists (select 1 from public.properties p where p.id = listed and p.team_id = invite_member.team_id)
  ) then
    raise exception 'An invitation can only list the team''s own properties.' using errcode = 'check_violation', detail = 'property_ids';
  end if;
  update public.team_invitations i set revoked_at = now()
  where i.team_id = invite_member.team_id and i.email = address and i.accepted_at is null and i.revoked_at is null;
  insert into public.team_invitations (team_id, email, role, property_ids, token_hash, invited_by)
  values (invite_member.team_id, address, invite_member.role, invite_member.property_ids, sha256(convert_to(token, 'UTF8')), (select auth.uid()))
  returning * into invitation;
  return jsonb_build_object('id', invitation.id, 'token', token, 'email', invitation.email, 'expires_at', invitation.expires_at);
end;
$$;
comment on function public.invite_member(uuid, text, public.team_role, uuid[]) is 'Owner or admin: invites an address with a role (and properties); answers {id, token, email, expires_at}, the token to send in the link once. Replaces a pending invitation for the same address.';

create function private.invitation_for(token text)
returns public.team_invitations
language plpgsql
security definer
set search_path = ''
as $$
declare
  invitation public.team_invitations;
begin
  select * into invitation from public.team_invitations i where i.token_hash = sha256(convert_to(coalesce(token, ''), 'UTF8')) for update;
  if not found then
    raise exception 'This invitation link is not valid.' using errcode = 'INVIT', detail = 'invalid';
  end if;
  if invitation.accepted_at is not null then
    raise exception 'This invitation has already been used.' using errcode = 'INVIT', detail = 'used';
  end if;
  if invitation.revoked_at is not null then
    raise exception 'This invitation was withdrawn.' using errcode = 'INVIT', detail = 'revoked';
  end if;
  if invitation.expires_at <= now() then
    raise exception 'This invitation has expired.' using errcode = 'INVIT', detail = 'expired';
  end if;
  return invitation;
end;
$$;
comment on function private.invitation_for(text) is 'The pending invitation a token opens, locked; INVIT (detail invalid, used, revoked or expired) otherwise.';
revoke all on function private.invitation_for(text) from public;

create function public.invitation_details(token text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  invitation public.team_invitations := private.invitation_for(token);
begin
  return jsonb_build_object(
    'email', invitation.email,
    'role', invitation.role,
    'team_name', (select t.name from public.teams t where t.id = invitation.team_id),
    'invited_by', (select u.email from public.users u where u.id = invitation.invited_by),
    'expires_at', invitation.expires_at
  );
end;
$$;
comment on function public.invitation_details(text) is 'What a pending invitation offers (address, role, team, who invited, until when), for the page the link opens; INVIT when it cannot be accepted.';

create function public.accept_invitation(token text)
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  invitation public.team_invitations := private.invitation_for(token);
  caller_email text;
begin
  select lower(u.email) into caller_email from public.users u where u.id = (select auth.uid());
  if caller_email is null then
    raise exception 'Sign in to accept the invitation.' using errcode = '42501', detail = 'token';
  end if;
  if caller_email <> invitation.email then
    raise exception 'This invitation is for %.', invitation.email using errcode = 'INVIT', detail = 'wrong_account', hint = invitation.email;
  end if;
  if exists (select 1 from public.team_members m where m.team_id = invitation.team_id and m.user_id = (select auth.uid())) then
    raise exception 'You are already a member of this team.' using errcode = 'INVIT', detail = 'already_member';
  end if;
  insert into public.team_members (team_id, user_id, role, property_ids)
  values (invitation.team_id, (select auth.uid()), invitation.role,
          -- Properties deleted since the invitation are left out; none left means every property.
          nullif(array(select p.id from public.properties p where p.id = any (invitation.property_ids) and p.team_id = invitation.team_id), '{}'));
  update public.team_invitations i set accepted_at = now(), accepted_by = (select auth.uid()) where i.id = invitation.id;
  return invitation.team_id;
end;
$$;
comment on function public.accept_invitation(text) is 'The invited user joins the team with the invitation''s role and properties; once, within 7 days, unless revoked. Answers the team id.';

create function public.revoke_invitation(invitation_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  team uuid;
begin
  select i.team_id into team from public.team_invitations i where i.id = invitation_id and i.accepted_at is null and i.revoked_at is null;
  if team is null then
    raise exception 'Invitation not found.' using errcode = 'PT404', detail = 'invitation_id';
  end if;
  perform private.require_role(team, array['owner', 'admin']::public.team_role[]);
  update public.team_invitations i set revoked_at = now() where i.id = invitation_id;
end;
$$;
comment on function public.revoke_invitation(uuid) is 'Owner or admin: withdraws a pending invitation; its link then says so.';

-- ------------------------------------------------------------------------------------------------------------------
-- members

create function private.membership(team uuid, member uuid)
returns public.team_members
language plpgsql
security definer
set search_path = ''
as $$
declare
  found_member public.team_members;
begin
  select * into found_member from public.team_members m where m.team_id = team and m.user_id = member for update;
  if not found then
    raise exception 'This person is not a member of the team.' using errcode = 'PT404', detail = 'user_id';
  end if;
  return found_member;
end;
$$;
comment on function private.membership(uuid, uuid) is 'A member''s membership, locked; PT404 when they are not (or no longer) a member.';
revoke all on function private.membership(uuid, uuid) from public;

create function public.set_member_role(team_id uuid, user_id uuid, role public.team_role, property_ids uuid[] default null)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  caller_role public.team_role := private.require_role(set_member_role.team_id, array['owner', 'admin']::public.team_role[]);
  target public.team_members := private.membership(set_member_role.team_id, set_member_role.user_id);
begin
  if caller_role <> 'owner' and (target.role = 'owner' or set_member_role.role = 'owner') then
    raise exception 'Only an owner can change an owner or make someone owner.' using errcode = '42501', detail = 'role';
  end if;
  update public.team_members m
  set role = set_member_role.role, property_ids = case when set_member_role.role in ('owner', 'admin') then null else set_member_role.property_ids end
  where m.team_id = set_member_role.team_id and m.user_id = set_member_role.user_id;
end;
$$;
comment on function public.set_member_role(uuid, uuid, public.team_role, uuid[]) is 'Owner or admin: changes a member''s role and properties (owners and admins cover every property); only an owner touches owners; the last owner stays.';

create function public.remove_member(team_id uuid, user_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  target public.team_members := private.membership(remove_member.team_id, remove_member.user_id);
  caller_role public.team_role;
begin
  if remove_member.user_id is distinct from (select auth.uid()) then
    caller_role := private.require_role(remove_member.team_id, array['owner', 'admin']::public.team_role[]);
    if caller_role <> 'owner' and target.role = 'owner' then
      raise exception 'Only an owner can remove an owner.' using errcode = '42501', detail = 'user_id';
    end if;
  end if;
  delete from public.team_members m where m.team_id = remove_member.team_id and m.user_id = remove_member.user_id;
end;
$$;
comment on function public.remove_member(uuid, uuid) is 'Owner or admin removes a member (only an owner removes an owner); any member removes themselves (leaves). The last owner stays.';

create function public.transfer_ownership(team_id uuid, user_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.require_role(transfer_ownership.team_id, array['owner']::public.team_role[]);
  perform private.membership(transfer_ownership.team_id, transfer_ownership.user_id);
  if transfer_ownership.user_id is not distinct from (select auth.uid()) then
    raise exception 'Choose another member to make owner.' using errcode = 'check_violation', detail = 'user_id';
  end if;
  update public.team_members m set role = 'owner', property_ids = null
  where m.team_id = transfer_ownership.team_id and m.user_id = transfer_ownership.user_id;
  update public.team_members m set role = 'admin'
  where m.team_id = transfer_ownership.team_id and m.user_id = (select auth.uid());
end;
$$;
comment on function public.transfer_ownership(uuid, uuid) is 'Owner: makes another member owner and becomes an admin.';

create function public.team_roster(team_id uuid)
returns table (user_id uuid, email text, role public.team_role, property_ids uuid[], joined_at timestamptz)
language sql
stable
security definer
set search_path = ''
as $$
  select m.user_id, u.email, m.role, m.property_ids, m.created_at
  from public.team_members m join public.users u on u.id = m.user_id
  where m.team_id = team_roster.team_id and team_roster.team_id = any (private.my_team_ids())
  order by array_position(array['owner', 'admin', 'editor', 'front_desk']::public.team_role[], m.role), u.email;
$$;
comment on function public.team_roster(uuid) is 'The members of a team the caller belongs to, with their addresses (users rows are private to their owner), owners first; nothing for another team.';

revoke all on function public.invite_member(uuid, text, public.team_role, uuid[]), public.invitation_details(text), public.accept_invitation(text),
  public.revoke_invitation(uuid), public.set_member_role(uuid, uuid, public.team_role, uuid[]), public.remove_member(uuid, uuid),
  public.transfer_ownership(uuid, uuid), public.team_roster(uuid) from public;
grant execute on function public.invite_member(uuid, text, public.team_role, uuid[]), public.invitation_details(text), public.accept_invitation(text),
  public.revoke_invitation(uuid), public.set_member_role(uuid, uuid, public.team_role, uuid[]), public.remove_member(uuid, uuid),
  public.transfer_ownership(uuid, uuid), public.team_roster(uuid) to authenticated, service_role;
-- The page a link opens shows what it offers before the visitor signs in or signs up.
grant execute on function public.invitation_details(text) to anon;
