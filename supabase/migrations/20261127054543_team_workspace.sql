-- Teams, third part (issue 27): what the screens need to follow the team the host works in.
--
--   my_teams()          the caller's teams with their role, their properties and the founder's address, in one read
--                       (the navbar's team switcher, every screen's role).
--   users, subscriptions
--                       a team's quota and plan sit on its account holder's rows (teams.account_user_id): every
--                       member reads the account's users row (the room quota), only the team's owners its
--                       subscription (billing is theirs alone).
--   updated_by          who last changed a property (its shared guide) or a room: set by a trigger from the caller,
--                       never by the client; rows made before this migration name their account holder, the only
--                       person who could change them then.
--   room photos         go into the team account's folder (qr_images/{account_user_id}/…): every owner, admin and
--                       editor of the team writes there, every member reads it; a user's own folder stays theirs.

-- ------------------------------------------------------------------------------------------------------------------
-- the caller's teams

create function public.my_teams()
returns table (id uuid, name text, account_user_id uuid, founder_email text, role public.team_role, property_ids uuid[], created_at timestamptz)
language sql
stable
security definer
set search_path = ''
as $$
  select t.id, t.name, t.account_user_id, u.email, m.role, m.property_ids, t.created_at
  from public.team_members m
  join public.teams t on t.id = m.team_id
  left join public.users u on u.id = t.account_user_id
  where m.user_id = (select auth.uid())
  order by t.account_user_id = (select auth.uid()) desc, t.created_at, t.id;
$$;
comment on function public.my_teams() is 'The teams the caller belongs to, their own first: each with the caller''s role and properties (null = all) and the founder''s address (an unnamed team is called after its founder).';

revoke all on function public.my_teams() from public;
grant execute on function public.my_teams() to authenticated, service_role;

-- ------------------------------------------------------------------------------------------------------------------
-- the team's quota and subscription

create function private.team_account_ids(roles public.team_role[])
returns uuid[]
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(array_agg(distinct t.account_user_id), '{}')
  from public.team_members m join public.teams t on t.id = m.team_id
  where m.user_id = (select auth.uid()) and m.role = any (roles);
$$;
comment on function private.team_account_ids(public.team_role[]) is 'The account holders (whose users row holds the quota and whose subscription pays) of the teams in which the caller has one of `roles`.';

revoke all on function private.team_account_ids(public.team_role[]) from public;
grant execute on function private.team_account_ids(public.team_role[]) to authenticated, service_role;

drop policy "users: authenticated can select own row" on public.users;
create policy "users: authenticated can select own row and their teams' accounts" on public.users
  for select to authenticated
  using (
    id = (select auth.uid())
    or id = any ((select private.team_account_ids(array['owner', 'admin', 'editor', 'front_desk']::public.team_role[]))::uuid[])
  );

drop policy "subscriptions: authenticated can select own subscription" on public.subscriptions;
create policy "subscriptions: authenticated can select own and their owned teams' subscriptions" on public.subscriptions
  for select to authenticated
  using (user_id = (select auth.uid()) or user_id = any ((select private.team_account_ids(array['owner']::public.team_role[]))::uuid[]));

-- ------------------------------------------------------------------------------------------------------------------
-- who changed it last

alter table public.properties add column updated_by uuid references public.users (id) on delete set null;
alter table public.qr_codes add column updated_by uuid references public.users (id) on delete set null;
comment on column public.properties.updated_by is 'Who last changed the property or its shared guide (a trigger sets it from the caller; a service-role write such as machine translation keeps it).';
comment on column public.qr_codes.updated_by is 'Who last changed the room''s guide (a trigger sets it from the caller; scans and service-role writes keep it).';

-- Naming who changed a row is not a change to it: its updated_at stays.
alter table public.properties disable trigger set_updated_at;
update public.properties set updated_by = user_id where updated_by is null;
alter table public.properties enable trigger set_updated_at;
update public.qr_codes set updated_by = user_id where updated_by is null;

create function private.stamp_updated_by()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  new.updated_by := coalesce((select auth.uid()), case when tg_op = 'UPDATE' then old.updated_by end, new.user_id);
  return new;
end;
$$;
comment on function private.stamp_updated_by() is 'Trigger: updated_by = the signed-in caller; a write without one (service role) keeps the previous value (a new row names its account holder).';

revoke all on function private.stamp_updated_by() from public;

create trigger stamp_updated_by before insert or update on public.properties
  for each row execute function private.stamp_updated_by();
-- The same columns as set_updated_at: counting a scan is not a change to the guide.
create trigger stamp_updated_by before insert or update of property_id, name, room_number, hotel, area, style, content, images, template, translations
  on public.qr_codes for each row execute function private.stamp_updated_by();

-- ------------------------------------------------------------------------------------------------------------------
-- room photos in the team account's folder

create function private.image_folders(roles public.team_role[])
returns text[]
language sql
stable
security definer
set search_path = ''
as $$
  select array_append(
    coalesce(array_agg(t.account_user_id::text), '{}'),
    (select auth.uid())::text
  )
  from public.team_members m join public.teams t on t.id = m.team_id
  where m.user_id = (select auth.uid()) and m.role = any (roles);
$$;
comment on function private.image_folders(public.team_role[]) is 'The qr_images folders the caller reaches: their own, and the account folder of each team in which they have one of `roles`.';

revoke all on function private.image_folders(public.team_role[]) from public;
grant execute on function private.image_folders(public.team_role[]) to authenticated, service_role;

drop policy "objects: authenticated can select own qr_images files" on storage.objects;
drop policy "objects: authenticated can insert own qr_images files" on storage.objects;
drop policy "objects: authenticated can update own qr_images files" on storage.objects;
drop policy "objects: authenticated can delete own qr_images files" on storage.objects;

create policy "objects: authenticated can select their teams' qr_images files" on storage.objects
  for select to authenticated
  using (
    bucket_id = 'qr_images'
    and (storage.foldername(name))[1] = any ((select private.image_folders(array['owner', 'admin', 'editor', 'front_desk']::public.team_role[]))::text[])
  );
create policy "objects: authenticated can insert qr_images files of teams they edit" on storage.objects
  for insert to authenticated
  with check (
    bucket_id = 'qr_images'
    and (storage.foldername(name))[1] = any ((select private.image_folders(array['owner', 'admin', 'editor']::public.team_role[]))::text[])
  );
create policy "objects: authenticated can update qr_images files of teams they edit" on storage.objects
  for update to authenticated
  using (
    bucket_id = 'qr_images'
    and (storage.foldername(name))[1] = any ((select private.image_folders(array['owner', 'admin', 'editor']::public.team_role[]))::text[])
  )
  with check (
    bucket_id = 'qr_images'
    and (storage.foldername(name))[1] = any ((select private.image_folders(array['owner', 'admin', 'editor']::public.team_role[]))::text[])
  );
create policy "objects: authenticated can delete qr_images files of teams they edit" on storage.objects
  for delete to authenticated
  using (
    bucket_id = 'qr_images'
    and (storage.foldername(name))[1] = any ((select private.image_folders(array['owner', 'admin', 'editor']::public.team_role[]))::text[])
  );

-- ------------------------------------------------------------------------------------------------------------------
-- who changed it last, by address (computed fields: `select=…,changed_by`)

create function private.teammate_email(member uuid)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select u.email from public.users u
  where u.id = member
    and exists (select 1 from public.team_members m where m.user_id = u.id and m.team_id = any (private.my_team_ids()));
$$;
comment on function private.teammate_email(uuid) is 'The address of `member` if they share a team with the caller; null otherwise (a former member, anyone else).';
revoke all on function private.teammate_email(uuid) from public;
grant execute on function private.teammate_email(uuid) to authenticated, service_role;

create function public.changed_by(room public.qr_codes)
returns text
language sql
stable
set search_path = ''
as $$
  select private.teammate_email(room.updated_by);
$$;
comment on function public.changed_by(public.qr_codes) is 'Computed field qr_codes.changed_by: the address of who last changed the room, if they share a team with the caller (null for a former member).';

create function public.changed_by(property public.properties)
returns text
language sql
stable
set search_path = ''
as $$
  select private.teammate_email(property.updated_by);
$$;
comment on function public.changed_by(public.properties) is 'Computed field properties.changed_by: the address of who last changed the property or its shared guide, if they share a team with the caller (null for a former member).';

revoke all on function public.changed_by(public.qr_codes), public.changed_by(public.properties) from public;
grant execute on function public.changed_by(public.qr_codes), public.changed_by(public.properties) to authenticated, service_role;
