-- Deleting a team (issue 27): an owner deletes the team with its properties, rooms, scans, memberships and
-- invitations (they cascade from the team). Refused while the team's subscription is ongoing: billing would go on
-- for rooms that no longer exist, so the owner cancels in the Billing Portal first. The team's account holder keeps a
-- team of their own: when the deleted team was it, an empty one is made, as at sign-up.

create function public.delete_team(team_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  account uuid;
  own_team uuid;
begin
  perform private.require_role(delete_team.team_id, array['owner']::public.team_role[]);
  select t.account_user_id into account from public.teams t where t.id = delete_team.team_id for update;
  if exists (select 1 from public.subscriptions s where s.user_id = account and s.ongoing) then
    raise exception 'Cancel the team''s subscription first, then delete the team.' using errcode = 'TEAMS', detail = 'subscribed';
  end if;
  delete from public.teams t where t.id = delete_team.team_id;
  if not exists (select 1 from public.teams t where t.account_user_id = account) then
    insert into public.teams (account_user_id) values (account) returning id into own_team;
    insert into public.team_members (team_id, user_id, role) values (own_team, account, 'owner');
  end if;
end;
$$;
comment on function public.delete_team(uuid) is 'Owner: deletes the team and everything in it (properties, rooms, scans, members, invitations). TEAMS (detail subscribed) while its subscription is ongoing. Its account holder gets an empty team of their own if that was it.';

revoke all on function public.delete_team(uuid) from public;
grant execute on function public.delete_team(uuid) to authenticated, service_role;
