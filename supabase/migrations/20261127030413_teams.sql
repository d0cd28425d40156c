-- Teams own properties and rooms (issue 27, first part: the data model and row-level security by membership).
--
-- A team is a hotel's staff: members with a role, each optionally limited to some of the team's properties.
-- Properties belong to a team; a room, its scans and its translations belong to its property's team. Who may read
-- and change them is decided here, by membership and role, never by the client:
--   owner, admin  everything of every property of the team, including creating and deleting properties;
--   editor        the guide content, rooms and translations of its properties; no creating or deleting properties;
--   front_desk    reads its properties, their rooms and scans; changes nothing.
-- A membership limited to some properties (team_members.property_ids) sees nothing of the team's others.
--
-- Every existing user becomes the owner of a team of their own that holds all their properties, and every new user
-- gets one: the single-host journey is unchanged. The room quota and the subscription stay with the team's account
-- holder (teams.account_user_id, the user who founded it) for now: a property's or room's user_id is set to the
-- account holder whoever creates it, so the quota stays race-proof (one locked users row per team) and billing works
-- as before. Moving the quota and the Stripe customer onto the team itself is the next step of issue 27.

create type public.team_role as enum ('owner', 'admin', 'editor', 'front_desk');
comment on type public.team_role is 'A member''s role in a team: owner (everything, billing), admin (everything but billing and ownership), editor (guide content and rooms), front_desk (reads, prints, downloads).';

create table public.teams (
  id uuid primary key default gen_random_uuid(),
  name text check (char_length(name) between 1 and 120),
  account_user_id uuid not null references public.users (id) on delete cascade,
  created_at timestamptz not null default now()
);
comment on table public.teams is 'A hotel''s staff sharing properties and rooms. Members read their teams; owners and admins rename them.';
comment on column public.teams.name is 'The team''s name; null for a team made at sign-up, which the app names after its founder.';
comment on column public.teams.account_user_id is 'Whose room quota and subscription the team uses (its founder) until they move to the team itself.';
create index teams_account_user_id_idx on public.teams (account_user_id);

create table public.team_members (
  team_id uuid not null references public.teams (id) on delete cascade,
  user_id uuid not null references public.users (id) on delete cascade,
  role public.team_role not null,
  property_ids uuid[] check (property_ids is null or cardinality(property_ids) between 1 and 1000),
  created_at timestamptz not null default now(),
  primary key (team_id, user_id)
);
comment on table public.team_members is 'Who belongs to which team, with which role, for which properties. Members see their teammates; changes go through the team''s RPCs (service role here).';
comment on column public.team_members.property_ids is 'The properties this membership covers; null = all of the team''s properties.';
create index team_members_user_id_idx on public.team_members (user_id);

alter table public.properties add column team_id uuid references public.teams (id) on delete cascade;

alter table public.teams enable row level security;
alter table public.team_members enable row level security;

-- ------------------------------------------------------------------------------------------------------------------
-- who may do what: small helpers the policies evaluate once per statement

create function private.my_team_ids()
returns uuid[]
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(array_agg(m.team_id), '{}') from public.team_members m where m.user_id = (select auth.uid());
$$;
comment on function private.my_team_ids() is 'The teams the caller belongs to.';

create function private.property_ids_for(member uuid, roles public.team_role[])
returns uuid[]
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(array_agg(p.id), '{}')
  from public.team_members m
  join public.properties p on p.team_id = m.team_id
  where m.user_id = member and m.role = any (roles) and (m.property_ids is null or p.id = any (m.property_ids));
$$;
comment on function private.property_ids_for(uuid, public.team_role[]) is 'The properties `member` reaches with one of `roles` (their team''s, within their membership''s properties).';

create function private.whole_team_ids(roles public.team_role[])
returns uuid[]
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(array_agg(m.team_id), '{}') from public.team_members m
  where m.user_id = (select auth.uid()) and m.role = any (roles) and m.property_ids is null;
$$;
comment on function private.whole_team_ids(public.team_role[]) is 'The teams in which the caller has one of `roles` for every property. With listed_property_ids, for policies on a property row itself (a new row included, which an id list made before the statement cannot hold).';

create function private.listed_property_ids(roles public.team_role[])
returns uuid[]
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(array_agg(distinct listed), '{}') from public.team_members m cross join unnest(m.property_ids) listed
  where m.user_id = (select auth.uid()) and m.role = any (roles);
$$;
comment on function private.listed_property_ids(public.team_role[]) is 'The properties the caller''s limited memberships with one of `roles` list (each its own team''s: check_member_properties).';

create function private.managed_team_ids()
returns uuid[]
language sql
stable
security definer
set search_path = ''
as $$
  select private.whole_team_ids(array['owner', 'admin']::public.team_role[]);
$$;
comment on function private.managed_team_ids() is 'The teams in which the caller is an owner or admin of every property (may create and delete properties, rename the team).';

create function private.readable_property_ids()
returns uuid[]
language sql
stable
security definer
set search_path = ''
as $$
  select private.property_ids_for((select auth.uid()), array['owner', 'admin', 'editor', 'front_desk']::public.team_role[]);
$$;
comment on function private.readable_property_ids() is 'The properties the caller may read (every role).';

create function private.editable_property_ids()
returns uuid[]
language sql
stable
security definer
set search_path = ''
as $$
  select private.property_ids_for((select auth.uid()), array['owner', 'admin', 'editor']::public.team_role[]);
$$;
comment on function private.editable_property_ids() is 'The properties whose guide and rooms the caller may change (owner, admin, editor).';

create function private.may_edit_property(member uuid, property uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select property = any (private.property_ids_for(member, array['owner', 'admin', 'editor']::public.team_role[]));
$$;
comment on function private.may_edit_property(uuid, uuid) is 'Whether `member` may change the property''s guide and rooms (for RPCs that act for a user, such as machine translation).';

create function private.own_team_id()
returns uuid
language sql
stable
security definer
set search_path = ''
as $$
  select t.id from public.teams t where t.account_user_id = (select auth.uid()) order by t.created_at, t.id limit 1;
$$;
comment on function private.own_team_id() is 'The caller''s own team (made at sign-up): where a property goes when the client names no team.';

revoke all on function private.my_team_ids(), private.managed_team_ids(), private.whole_team_ids(public.team_role[]), private.listed_property_ids(public.team_role[]), private.property_ids_for(uuid, public.team_role[]),
  private.readable_property_ids(), private.editable_property_ids(), private.may_edit_property(uuid, uuid), private.own_team_id()
  from public;
grant execute on function private.my_team_ids(), private.managed_team_ids(), private.whole_team_ids(public.team_role[]), private.listed_property_ids(public.team_role[]), private.property_ids_for(uuid, public.team_role[]),
  private.readable_property_ids(), private.editable_property_ids(), private.may_edit_property(uuid, uuid), private.own_team_id()
  to authenticated, service_role;

create function private.check_member_properties()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.property_ids is not null and exists (
    select 1 from unnest(new.property_ids) listed
    where not exists (select 1 from public.properties p where p.id = listed and p.team_id = new.team_id)
  ) then
    raise exception 'A membership can only list its own team''s properties.' using errcode = 'check_violation', detail = 'property_ids';
  end if;
  return new;
end;
$$;
comment on function private.check_member_properties() is 'Trigger: a membership limited to some properties lists only its team''s.';
create trigger check_member_properties before insert or update of property_ids, team_id on public.team_members
  for each row execute function private.check_member_properties();

-- ------------------------------------------------------------------------------------------------------------------
-- every user has a team of their own

create function private.create_own_team()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  team uuid;
begin
  insert into public.teams (account_user_id) values (new.id) returning id into team;
  insert into public.team_members (team_id, user_id, role) values (team, new.id, 'owner');
  return new;
end;
$$;
comment on function private.create_own_team() is 'Trigger: a new user owns a team of their own.';
create trigger create_own_team after insert on public.users for each row execute function private.create_own_team();

with made as (
  insert into public.teams (account_user_id, created_at)
  select u.id, u.created_at from public.users u
  returning id, account_user_id
)
insert into public.team_members (team_id, user_id, role, created_at)
select made.id, made.account_user_id, 'owner', now() from made;

-- ------------------------------------------------------------------------------------------------------------------
-- properties belong to a team; their rows keep the account holder as user_id (quota, billing)

-- Not a change of the property's content: no trigger (updated_at, the guide's checks) runs for it.
alter table public.properties disable trigger user;
update public.properties p set team_id = t.id from public.teams t where t.account_user_id = p.user_id;
alter table public.properties enable trigger user;
alter table public.properties alter column team_id set not null;
alter table public.properties alter column team_id set default private.own_team_id();
create index properties_team_id_idx on public.properties (team_id);
comment on column public.properties.team_id is 'The team the property belongs to; defaults to the caller''s own team. Not changeable through the API.';
comment on column public.properties.user_id is 'The team''s account holder (whose quota and subscription its rooms use), set from team_id; not settable through the API.';
comment on column public.qr_codes.user_id is 'The property''s account holder (its room quota), set from the property; not settable through the API.';
grant insert (team_id) on public.properties to authenticated;

create function private.assign_property_account()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'UPDATE' and new.team_id is distinct from old.team_id then
    raise exception 'A property cannot move to another team.' using errcode = 'check_violation', detail = 'team_id';
  end if;
  -- Written without a caller (the service role, seeds): the own team of the user it names.
  if new.team_id is null then
    select t.id into new.team_id from public.teams t where t.account_user_id = new.user_id order by t.created_at, t.id limit 1;
  end if;
  select t.account_user_id into new.user_id from public.teams t where t.id = new.team_id;
  if new.user_id is null then
    raise exception 'Team not found.' using errcode = 'foreign_key_violation', detail = 'team_id';
  end if;
  return new;
end;
$$;
comment on function private.assign_property_account() is 'Trigger: a property''s user_id is its team''s account holder (a property written without a team goes to its user''s own team); its team never changes.';
create trigger assign_property_account before insert or update of team_id, user_id on public.properties
  for each row execute function private.assign_property_account();

create function private.assign_room_account()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  account uuid;
begin
  if tg_op = 'INSERT' then
    -- A property the caller may not change (or that does not exist) keeps the caller's id, so nothing about it (its
    -- account's quota) shows before row-level security refuses the room; the service role (no caller) writes any.
    select p.user_id into account from public.properties p where p.id = new.property_id;
    if found and ((select auth.uid()) is null or private.may_edit_property((select auth.uid()), new.property_id)) then
      new.user_id := account;
    end if;
  elsif new.user_id is distinct from old.user_id then
    raise exception 'A QR code cannot move to another owner.' using errcode = 'check_violation', detail = 'user_id';
  end if;
  -- A room moved to a property of another account keeps its user_id: row-level security or the composite foreign key refuses it.
  return new;
end;
$$;
comment on function private.assign_room_account() is 'Trigger: a new room''s user_id is its property''s account holder, whoever adds it (before the quota trigger); it never changes.';
create trigger assign_room_account before insert or update of user_id on public.qr_codes
  for each row execute function private.assign_room_account();

-- ------------------------------------------------------------------------------------------------------------------
-- the room quota of the property's account, locked for a batch of rooms

create function private.lock_room_quota(property uuid, requested integer)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  account public.users%rowtype;
  free integer;
begin
  select u.* into account from public.users u join public.properties p on p.user_id = u.id where p.id = property for update of u;
  if not found then
    raise exception 'Property not found.' using errcode = 'PT404', detail = 'property_id';
  end if;
  free := greatest(account.qr_code_limit - account.qr_codes_created, 0);
  if requested > free then
    raise exception '%',
      case when free = 0 then 'You have reached your QR code limit.'
           else format('%s rooms do not fit: only %s QR code slots are free.', requested, free) end
      using errcode = 'QUOTA',
            detail = format('%s of %s QR codes used.', account.qr_codes_created, account.qr_code_limit),
            hint = jsonb_build_object(
              'free', free, 'requested', requested, 'used', account.qr_codes_created, 'limit', account.qr_code_limit
            )::text;
  end if;
  return free;
end;
$$;
comment on function private.lock_room_quota(uuid, integer) is 'Locks the users row of the property''s account until the transaction ends; raises QUOTA (hint {free, requested, used, limit}) unless `requested` slots are free. Returns the free slots.';
revoke all on function private.lock_room_quota(uuid, integer) from public;
grant execute on function private.lock_room_quota(uuid, integer) to authenticated, service_role;
revoke all on function private.check_member_properties(), private.create_own_team(), private.assign_property_account(),
  private.assign_room_account() from public;

create or replace function public.create_rooms(property_id uuid, rooms jsonb)
returns setof public.qr_codes
language plpgsql
volatile
set search_path = ''
as $$
declare
  max_rooms constant integer := 500;
  room_fields constant text[] := array['id', 'name', 'room_number', 'hotel', 'area', 'style', 'content', 'images', 'template'];
  uuid_pattern constant text := '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';
  room_count integer;
  entry jsonb;
  room public.qr_codes;
  problem record;
  unknown_key text;
  numbers text[] := '{}';
  clash record;
begin
  if not exists (select 1 from public.properties p where p.id = create_rooms.property_id) then
    raise exception 'Property not found.' using errcode = 'PT404', detail = 'property_id';
  end if;
  if not private.may_edit_property((select auth.uid()), create_rooms.property_id) then
    raise exception 'Your role in this team may not add rooms.' using errcode = '42501', detail = 'property_id';
  end if;
  if rooms is null or jsonb_typeof(rooms) <> 'array' then
    raise exception 'rooms must be a list.' using errcode = 'check_violation', detail = 'rooms';
  end if;
  room_count := jsonb_array_length(rooms);
  if room_count = 0 then
    raise exception 'Add at least one room.' using errcode = 'check_violation', detail = 'rooms';
  end if;
  if room_count > max_rooms then
    raise exception 'At most % rooms can be created at once.', max_rooms
      using errcode = 'check_violation', detail = 'rooms', hint = jsonb_build_object('max', max_rooms, 'requested', room_count)::text;
  end if;

  -- Every entry is checked before anything is written, so an error names its row.
  for i in 0 .. room_count - 1 loop
    entry := rooms -> i;
    if jsonb_typeof(entry) <> 'object' then
      raise exception 'rooms[%] must be an object.', i using errcode = 'check_violation', detail = format('rooms[%s]', i);
    end if;
    select k into unknown_key from jsonb_object_keys(entry) as k where k <> all (room_fields) limit 1;
    if unknown_key is not null then
      raise exception 'rooms[%] has an unknown field "%".', i, unknown_key
        using errcode = 'check_violation', detail = format('rooms[%s].%s', i, unknown_key);
    end if;
    -- Values jsonb_populate_record could not convert get a readable message instead of a cast error.
    if entry ? 'id' and (jsonb_typeof(entry -> 'id') <> 'string' or (entry ->> 'id') !~* uuid_pattern) then
      raise exception 'id must be a UUID.' using errcode = 'check_violation', detail = format('rooms[%s].id', i);
    end if;
    if coalesce(entry -> 'template', 'null'::jsonb) <> 'null'::jsonb
       and (jsonb_typeof(entry -> 'template') <> 'string' or (entry ->> 'template') <> all (enum_range(null::public.qr_template)::text[])) then
      raise exception 'Template must be custom, luxury, beach or cabin.' using errcode = 'check_violation', detail = format('rooms[%s].template', i);
    end if;
    if jsonb_typeof(coalesce(entry -> 'images', '[]'::jsonb)) not in ('array', 'null') then
      raise exception 'images must be a list.' using errcode = 'check_violation', detail = format('rooms[%s].images', i);
    end if;
    if jsonb_typeof(coalesce(entry -> 'name', '""'::jsonb)) not in ('string', 'number', 'null')
       or jsonb_typeof(coalesce(entry -> 'room_number', '""'::jsonb)) not in ('string', 'number', 'null') then
      raise exception 'Name and room number must be text.' using errcode = 'check_violation',
        detail = format('rooms[%s].%s', i, case when jsonb_typeof(entry -> 'name') in ('object', 'array', 'boolean') then 'name' else 'room_number' end);
    end if;

    room := private.normalized_qr_code(jsonb_populate_record(null::public.qr_codes, entry));
    select * into problem from private.qr_code_input_problem(room);
    if problem.message is not null then
      raise exception '%', problem.message
        using errcode = 'check_violation', detail = format('rooms[%s].%s', i, problem.path), hint = jsonb_build_object('row', i)::text;
    end if;
    numbers := numbers || lower(room.room_number);
  end loop;

  -- The same number twice in the list.
  select array_agg(distinct btrim(rooms -> (n.pos - 1)::integer ->> 'room_number')) as room_numbers,
         array_agg(n.pos - 1 order by n.pos) as rows
  into clash
  from unnest(numbers) with ordinality as n (num, pos)
  where exists (select 1 from unnest(numbers) with ordinality as m (num, pos) where m.num = n.num and m.pos < n.pos);
  if clash.rows is not null then
    raise exception 'Room number % appears more than once in the list.', clash.room_numbers[1]
      using errcode = 'unique_violation',
            detail = format('rooms[%s].room_number', clash.rows[1]),
            hint = jsonb_build_object('room_numbers', to_jsonb(clash.room_numbers), 'rows', to_jsonb(clash.rows), 'in', 'list')::text;
  end if;

  -- A number the property already has. The lock is the one the room-number trigger takes, so nobody can take
  -- one of these numbers between this check and the insert.
  perform private.lock_room_numbers(create_rooms.property_id);
  select array_agg(distinct q.room_number) filter (where q.room_number is not null) as room_numbers,
         array_agg(n.pos - 1 order by n.pos) filter (where q.room_number is not null) as rows
  into clash
  from unnest(numbers) with ordinality as n (num, pos)
  left join lateral (
    select q.room_number from public.qr_codes q
    where q.property_id = create_rooms.property_id and lower(q.room_number) = n.num
    limit 1
  ) q on true;
  if clash.rows is not null then
    raise exception '%',
      case when cardinality(clash.room_numbers) = 1 then format('Room number %s is already used in this property.', clash.room_numbers[1])
           else format('Room numbers %s are already used in this property.', array_to_string(clash.room_numbers, ', ')) end
      using errcode = 'unique_violation',
            detail = format('rooms[%s].room_number', clash.rows[1]),
            hint = jsonb_build_object('room_numbers', to_jsonb(clash.room_numbers), 'rows', to_jsonb(clash.rows), 'in', 'property')::text;
  end if;

  perform private.lock_room_quota(create_rooms.property_id, room_count);

  return query
  insert into public.qr_codes (id, property_id, name, room_number, hotel, area, style, content, images, template)
  select coalesce(r.id, gen_random_uuid()), create_rooms.property_id, r.name, r.room_number,
         coalesce(r.hotel, '{}'::jsonb), coalesce(r.area, '{}'::jsonb), coalesce(r.style, '{}'::jsonb),
         coalesce(r.content, '{}'::jsonb), coalesce(r.images, '{}'), r.template
  from jsonb_populate_recordset(null::public.qr_codes, rooms) with ordinality as r
  order by r.ordinality
  returning *;
end;
$$;

create or replace function public.machine_translation_work(owner_id uuid, property_id uuid, room_id uuid default null, languages text[] default null)
returns jsonb
language plpgsql
stable
set search_path = ''
as $$
declare
  property public.properties;
  wanted text[];
begin
  if room_id is not null then
    select p.* into property from public.properties p join public.qr_codes q on q.property_id = p.id
    where q.id = machine_translation_work.room_id and private.may_edit_property(owner_id, p.id)
      and (machine_translation_work.property_id is null or p.id = machine_translation_work.property_id);
    if not found then
      raise exception 'Room not found.' using errcode = 'PT404', detail = 'room_id';
    end if;
  else
    select p.* into property from public.properties p where p.id = machine_translation_work.property_id and private.may_edit_property(owner_id, p.id);
    if not found then
      raise exception 'Property not found.' using errcode = 'PT404', detail = 'property_id';
    end if;
  end if;
  wanted := array(
    select l from unnest(private.guide_languages()) as l
    where l <> property.original_language and (languages is null or l = any (languages))
  );

  return jsonb_build_object(
    'property_id', property.id,
    'source_language', property.original_language,
    'texts', coalesce((
      select jsonb_agg(jsonb_build_object('room_id', w.room_id, 'path', w.path, 'item', w.item, 'text', w.original, 'languages', w.missing)
                       order by w.room_id nulls first, w.path, w.item)
      from (
        select s.room_id, s.path, s.item, s.original,
               to_jsonb(array(select l from unnest(wanted) as l where s.entries -> l is null)) as missing
        from (
          select null::uuid as room_id, t.*
          from private.own_texts(private.property_text_originals(property.hotel, property.area), property.translations) t
          where machine_translation_work.room_id is null
          union all
          select q.id, t.*
          from public.qr_codes q
          cross join lateral private.own_texts(private.room_text_originals(q.name, q.hotel, q.area), q.translations) t
          where q.property_id = property.id
            and (machine_translation_work.room_id is null or q.id = machine_translation_work.room_id)
        ) s
      ) w
      where w.missing <> '[]'::jsonb
    ), '[]'::jsonb)
  );
end;
$$;

create or replace function public.apply_machine_translations(owner_id uuid, property_id uuid, results jsonb)
returns jsonb
language plpgsql
volatile
set search_path = ''
as $$
declare
  property public.properties;
  room public.qr_codes;
  entry record;
  outcome record;
  applied integer := 0;
  refused jsonb := '[]';
  total integer;
begin
  if results is null or jsonb_typeof(results) <> 'array' then
    raise exception 'results must be a list.' using errcode = 'check_violation', detail = 'results';
  end if;
  total := jsonb_array_length(results);
  select * into property from public.properties p
  where p.id = apply_machine_translations.property_id and private.may_edit_property(owner_id, p.id)
  for update;
  if not found then
    raise exception 'Property not found.' using errcode = 'PT404', detail = 'property_id';
  end if;

  select * into outcome from private.with_machine_translations(
    property.translations, private.property_text_originals(property.hotel, property.area), property.original_language,
    coalesce((select jsonb_agg(r) from jsonb_array_elements(results) r where r ->> 'room_id' is null), '[]'::jsonb)
  );
  if outcome.applied > 0 then
    update public.properties p set translations = outcome.kept where p.id = property.id;
  end if;
  applied := applied + outcome.applied;
  refused := refused || outcome.refused;

  -- Each room with its own results, locked in id order.
  for entry in
    select q as room, g.results
    from (
      select (r ->> 'room_id')::uuid as room_id, jsonb_agg(r) as results
      from jsonb_array_elements(results) as r
      where r ->> 'room_id' is not null
      group by 1
    ) g
    join public.qr_codes q on q.id = g.room_id
    where q.property_id = property.id
    order by q.id
    for update of q
  loop
    room := entry.room;
    select * into outcome from private.with_machine_translations(
      room.translations, private.room_text_originals(room.name, room.hotel, room.area), property.original_language, entry.results
    );
    if outcome.applied > 0 then
      update public.qr_codes q set translations = outcome.kept where q.id = room.id;
    end if;
    applied := applied + outcome.applied;
    refused := refused || outcome.refused;
  end loop;

  return jsonb_build_object('applied', applied, 'skipped', total - applied - jsonb_array_length(refused), 'refused', refused);
end;
$$;

comment on function public.machine_translation_work(uuid,uuid,uuid,text[]) is 'Service role: the own texts of a property (and its rooms) or room that `owner_id` may edit, missing a translation in the wanted languages: {property_id, source_language, texts: [{room_id, path, item, text, languages}]}; PT404 when they may not.';
comment on function public.apply_machine_translations(uuid,uuid,jsonb) is 'Service role: writes machine translations of a property `owner_id` may edit and of its rooms where the original is unchanged and no host text exists; {applied, skipped, refused}.';

drop function private.lock_qr_code_quota(integer);

-- ------------------------------------------------------------------------------------------------------------------
-- row-level security by membership and role

drop policy "properties: authenticated can select own properties" on public.properties;
drop policy "properties: authenticated can insert own properties" on public.properties;
drop policy "properties: authenticated can update own properties" on public.properties;
drop policy "properties: authenticated can delete own properties" on public.properties;

create policy "properties: authenticated can select their teams' properties" on public.properties
  for select to authenticated
  using (
    team_id = any ((select private.whole_team_ids(array['owner', 'admin', 'editor', 'front_desk']::public.team_role[]))::uuid[])
    or id = any ((select private.listed_property_ids(array['owner', 'admin', 'editor', 'front_desk']::public.team_role[]))::uuid[])
  );
create policy "properties: authenticated can insert properties of teams they manage" on public.properties
  for insert to authenticated
  with check (team_id = any ((select private.managed_team_ids())::uuid[]));
create policy "properties: authenticated can update properties they edit" on public.properties
  for update to authenticated
  using (
    team_id = any ((select private.whole_team_ids(array['owner', 'admin', 'editor']::public.team_role[]))::uuid[])
    or id = any ((select private.listed_property_ids(array['owner', 'admin', 'editor']::public.team_role[]))::uuid[])
  )
  with check (
    team_id = any ((select private.whole_team_ids(array['owner', 'admin', 'editor']::public.team_role[]))::uuid[])
    or id = any ((select private.listed_property_ids(array['owner', 'admin', 'editor']::public.team_role[]))::uuid[])
  );
create policy "properties: authenticated can delete properties of teams they manage" on public.properties
  for delete to authenticated
  using (team_id = any ((select private.whole_team_ids(array['owner', 'admin']::public.team_role[]))::uuid[]));

drop policy "qr_codes: authenticated can select own codes" on public.qr_codes;
drop policy "qr_codes: authenticated can insert own codes on own properties" on public.qr_codes;
drop policy "qr_codes: authenticated can update own codes on own properties" on public.qr_codes;
drop policy "qr_codes: authenticated can delete own codes" on public.qr_codes;

create policy "qr_codes: authenticated can select rooms of their properties" on public.qr_codes
  for select to authenticated
  using (property_id = any ((select private.readable_property_ids())::uuid[]));
create policy "qr_codes: authenticated can insert rooms on properties they edit" on public.qr_codes
  for insert to authenticated
  with check (property_id = any ((select private.editable_property_ids())::uuid[]));
create policy "qr_codes: authenticated can update rooms of properties they edit" on public.qr_codes
  for update to authenticated
  using (property_id = any ((select private.editable_property_ids())::uuid[]))
  with check (property_id = any ((select private.editable_property_ids())::uuid[]));
create policy "qr_codes: authenticated can delete rooms of properties they edit" on public.qr_codes
  for delete to authenticated
  using (property_id = any ((select private.editable_property_ids())::uuid[]));

drop policy "scan_day_parts: authenticated can select own rooms' scans" on public.scan_day_parts;
create policy "scan_day_parts: authenticated can select scans of their properties' rooms" on public.scan_day_parts
  for select to authenticated
  using (exists (
    select 1 from public.qr_codes q
    where q.id = scan_day_parts.qr_code_id and q.property_id = any ((select private.readable_property_ids())::uuid[])
  ));

create policy "teams: authenticated can select their teams" on public.teams
  for select to authenticated
  using (id = any ((select private.my_team_ids())::uuid[]));
create policy "teams: authenticated can update teams they manage" on public.teams
  for update to authenticated
  using (id = any ((select private.managed_team_ids())::uuid[]))
  with check (id = any ((select private.managed_team_ids())::uuid[]));
create policy "team_members: authenticated can select their teammates" on public.team_members
  for select to authenticated
  using (team_id = any ((select private.my_team_ids())::uuid[]));

grant select on public.teams, public.team_members to authenticated;
grant update (name) on public.teams to authenticated;
grant select, insert, update, delete on public.teams, public.team_members to service_role;
