-- Rooms in bulk, and one room per room number in a property.
--
-- Room numbers: unique per property, compared trimmed and case-insensitively ('12a' and ' 12A' are the
-- same room). Checked by a trigger on every insert and on every update that changes a room's number or
-- property, so rooms that already shared a number before this rule keep working (and can be edited) as long
-- as their number stays; giving a room a number another room has is refused. Refusal: SQLSTATE 23505
-- (PostgREST: HTTP 409), message 'Room number 101 is already used in this property.', detail 'room_number',
-- hint '{"room_numbers": ["101"], "in": "property"}'. Concurrent writers serialize on a transaction-level advisory lock per
-- property, so two transactions can never both take the same number.
--
-- RPCs (security invoker: RLS and column grants apply as for single rows; one statement each, so each call is
-- all or nothing). Errors: `message` in English, `details` the field path (rooms[i].field for a list entry,
-- i from 0), `hint` a JSON object with what a screen needs to word the message in the user's language.
--
--   create_rooms(property_id uuid, rooms jsonb) -> setof qr_codes
--     rooms: [{name, room_number, and optionally id, hotel, area, style, content, images, template}], at most
--     500, validated like single rooms (23514, details 'rooms[3].name'). Duplicate numbers inside the list or
--     with the property's rooms: 23505, hint {"room_numbers": [...], "rows": [...], "in": "list" | "property"}. Quota: checked once for
--     the whole list under the users-row lock the quota trigger takes; too few free slots: SQLSTATE QUOTA,
--     hint {"free", "requested", "used", "limit"}, nothing created. An unknown or foreign property: PT404.
--   update_rooms(room_ids uuid[], set_fields jsonb, clear_fields text[]) -> setof qr_codes
--     set_fields {"content.wifi.password": "x", "template": "beach", ...} sets overrides (null = show
--     nothing); clear_fields ["hotel.phone"] removes overrides (inherit again). A selected room that does not
--     exist (or is not the caller's): PT404, hint {"found", "requested"}, nothing changed.
--   delete_rooms(room_ids uuid[]) -> setof qr_codes
--     deletes the caller's rooms among room_ids (others are ignored) and returns them, so the app can remove
--     their uploaded photos; each deleted room frees its quota slot.

create index qr_codes_property_room_number_idx on public.qr_codes (property_id, lower(room_number));

-- ---------------------------------------------------------------------------------------------------------
-- Unique room numbers

create function private.lock_room_numbers(property_id uuid)
returns void
language sql
volatile
set search_path = ''
as $$
  select pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('roomguide.room_numbers:' || property_id::text, 0))
$$;

comment on function private.lock_room_numbers(uuid) is 'Serializes, until the transaction ends, every writer of room numbers of one property.';

create function private.check_room_number_unique()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  -- Rooms from before this rule may share a number: they keep working as long as their number stays.
  if tg_op = 'UPDATE' and new.property_id = old.property_id and lower(new.room_number) = lower(old.room_number) then
    return new;
  end if;
  perform private.lock_room_numbers(new.property_id);
  if exists (
    select 1 from public.qr_codes q
    where q.property_id = new.property_id and lower(q.room_number) = lower(new.room_number) and q.id <> new.id
  ) then
    raise exception 'Room number % is already used in this property.', new.room_number
      using errcode = 'unique_violation',
            detail = 'room_number',
            hint = jsonb_build_object('room_numbers', jsonb_build_array(new.room_number), 'in', 'property')::text;
  end if;
  return new;
end;
$$;

comment on function private.check_room_number_unique() is 'Trigger: refuses a room number another room of the property has (trimmed, case-insensitive; SQLSTATE 23505).';

-- Named to fire after check_qr_code_input (which trims the number) and before enforce_qr_code_quota, so a
-- duplicate is reported before the quota and the locks are always taken property first, then users row.
create trigger check_room_number_unique
  before insert or update of room_number, property_id on public.qr_codes
  for each row execute function private.check_room_number_unique();

-- ---------------------------------------------------------------------------------------------------------
-- The quota for a whole list: the same users-row lock as enforce_qr_code_quota, held until the transaction
-- ends, so concurrent single and bulk creations queue behind each other. The per-row trigger still counts
-- each inserted room (and cannot fail after this check, since the lock is held). security definer: callers
-- cannot lock users rows themselves.

create function private.lock_qr_code_quota(requested integer)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  owner_row public.users%rowtype;
  free integer;
begin
  select * into owner_row from public.users where id = (select auth.uid()) for update;
  if not found then
    raise exception 'No user profile exists for this user.' using errcode = 'foreign_key_violation';
  end if;
  free := greatest(owner_row.qr_code_limit - owner_row.qr_codes_created, 0);
  if requested > free then
    raise exception '%',
      case when free = 0 then 'You have reached your QR code limit.'
           else format('%s rooms do not fit: only %s QR code slots are free.', requested, free) end
      using errcode = 'QUOTA',
            detail = format('%s of %s QR codes used.', owner_row.qr_codes_created, owner_row.qr_code_limit),
            hint = jsonb_build_object(
              'free', free, 'requested', requested, 'used', owner_row.qr_codes_created, 'limit', owner_row.qr_code_limit
            )::text;
  end if;
  return free;
end;
$$;

comment on function private.lock_qr_code_quota(integer) is 'Locks the caller''s users row until the transaction ends; raises QUOTA (hint {free, requested, used, limit}) unless `requested` slots are free. Returns the free slots.';

-- ---------------------------------------------------------------------------------------------------------
-- create_rooms

create function public.create_rooms(property_id uuid, rooms jsonb)
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

  perform private.lock_qr_code_quota(room_count);

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

comment on function public.create_rooms(uuid, jsonb) is 'Creates many rooms of one property at once, all or nothing: validated per entry (details rooms[i].field), unique room numbers (23505), quota checked once for the list (QUOTA, hint {free, requested, used, limit}). Returns the created rows in list order.';

-- ---------------------------------------------------------------------------------------------------------
-- update_rooms

-- One JSON column of a room with the requested changes applied: paths like 'content.wifi.password' whose first
-- segment is `column_name`. Clearing removes the override; setting writes it (creating the room's own WiFi
-- object when a WiFi key is set on a room without one).
create function private.with_field_changes(object jsonb, column_name text, set_fields jsonb, clear_fields text[])
returns jsonb
language plpgsql
immutable
set search_path = ''
as $$
declare
  field text;
  key_path text[];
  result jsonb := object;
begin
  foreach field in array clear_fields loop
    continue when split_part(field, '.', 1) <> column_name;
    result := result #- (string_to_array(field, '.'))[2:];
    -- A WiFi left without keys of its own inherits the property's WiFi as a whole.
    if result -> 'wifi' = '{}'::jsonb then
      result := result - 'wifi';
    end if;
  end loop;
  for field in select jsonb_object_keys(set_fields) loop
    continue when split_part(field, '.', 1) <> column_name;
    key_path := (string_to_array(field, '.'))[2:];
    if cardinality(key_path) = 2 and jsonb_typeof(result -> key_path[1]) is distinct from 'object' then
      result := jsonb_set(result, key_path[1:1], '{}'::jsonb);
    end if;
    result := jsonb_set(result, key_path, set_fields -> field);
  end loop;
  return result;
end;
$$;

comment on function private.with_field_changes(jsonb, text, jsonb, text[]) is 'A room''s JSON column with set/cleared override paths (e.g. content.wifi.password) applied.';

create function public.update_rooms(room_ids uuid[], set_fields jsonb default '{}', clear_fields text[] default '{}')
returns setof public.qr_codes
language plpgsql
volatile
set search_path = ''
as $$
declare
  override_fields constant text[] := array[
    'hotel.name', 'hotel.phone', 'hotel.website', 'hotel.description',
    'area.location', 'area.activities', 'area.businessLink',
    'style.primaryColor', 'style.backgroundColor', 'style.logoUrl',
    'content.wifi', 'content.wifi.network', 'content.wifi.password',
    'template'
  ];
  changed text[];
  bad_field text;
  wanted integer;
  updated integer;
begin
  set_fields := coalesce(set_fields, '{}'::jsonb);
  clear_fields := coalesce(clear_fields, '{}');
  if jsonb_typeof(set_fields) <> 'object' then
    raise exception 'set_fields must be an object.' using errcode = 'check_violation', detail = 'set_fields';
  end if;
  changed := array(select jsonb_object_keys(set_fields)) || clear_fields;
  if cardinality(changed) = 0 then
    raise exception 'Choose at least one field to change.' using errcode = 'check_violation', detail = 'set_fields';
  end if;
  select f into bad_field from unnest(changed) as f where f is null or f <> all (override_fields) limit 1;
  if found then
    raise exception '"%" is not a guide field a room can override.', bad_field using errcode = 'check_violation', detail = bad_field;
  end if;
  -- One change per field, and never a field together with a part of it (content.wifi and content.wifi.password).
  select a.f into bad_field
  from unnest(changed) with ordinality as a (f, i), unnest(changed) with ordinality as b (f, i)
  where a.i <> b.i and (a.f = b.f or b.f like a.f || '.%')
  limit 1;
  if found then
    raise exception '% is changed more than once.', bad_field using errcode = 'check_violation', detail = bad_field;
  end if;
  if coalesce(set_fields -> 'template', 'null'::jsonb) <> 'null'::jsonb
     and (jsonb_typeof(set_fields -> 'template') <> 'string' or (set_fields ->> 'template') <> all (enum_range(null::public.qr_template)::text[])) then
    raise exception 'Template must be custom, luxury, beach or cabin.' using errcode = 'check_violation', detail = 'template';
  end if;
  wanted := (select count(distinct id) from unnest(room_ids) as id where id is not null);
  if wanted = 0 then
    raise exception 'Choose at least one room.' using errcode = 'check_violation', detail = 'room_ids';
  end if;

  return query
  update public.qr_codes q
  set hotel = private.with_field_changes(q.hotel, 'hotel', set_fields, clear_fields),
      area = private.with_field_changes(q.area, 'area', set_fields, clear_fields),
      style = private.with_field_changes(q.style, 'style', set_fields, clear_fields),
      content = private.with_field_changes(q.content, 'content', set_fields, clear_fields),
      template = case
        when 'template' = any (clear_fields) then null
        when set_fields ? 'template' then (set_fields ->> 'template')::public.qr_template
        else q.template
      end
  where q.id = any (room_ids)
  returning q.*;
  get diagnostics updated = row_count;
  if updated < wanted then
    raise exception 'Some of the selected rooms no longer exist.'
      using errcode = 'PT404', detail = 'room_ids', hint = jsonb_build_object('found', updated, 'requested', wanted)::text;
  end if;
end;
$$;

comment on function public.update_rooms(uuid[], jsonb, text[]) is 'Sets (set_fields {path: value}) and clears (clear_fields [path]) guide overrides of many rooms at once, all or nothing; PT404 when a selected room is missing.';

-- ---------------------------------------------------------------------------------------------------------
-- delete_rooms

create function public.delete_rooms(room_ids uuid[])
returns setof public.qr_codes
language sql
volatile
set search_path = ''
as $$
  delete from public.qr_codes where id = any (room_ids) returning *
$$;

comment on function public.delete_rooms(uuid[]) is 'Deletes the caller''s rooms among room_ids in one statement (others are ignored) and returns them, so their uploaded photos can be removed; each frees its quota slot.';

-- ---------------------------------------------------------------------------------------------------------
-- grants

revoke execute on function private.lock_room_numbers(uuid) from public;
revoke execute on function private.check_room_number_unique() from public;
revoke execute on function private.lock_qr_code_quota(integer) from public;
revoke execute on function private.with_field_changes(jsonb, text, jsonb, text[]) from public;
grant execute on function private.lock_room_numbers(uuid) to authenticated, service_role;
grant execute on function private.lock_qr_code_quota(integer) to authenticated;
grant execute on function private.with_field_changes(jsonb, text, jsonb, text[]) to authenticated, service_role;

revoke execute on function public.create_rooms(uuid, jsonb) from public, anon;
revoke execute on function public.update_rooms(uuid[], jsonb, text[]) from public, anon;
revoke execute on function public.delete_rooms(uuid[]) from public, anon;
-- create_rooms is the hosts' call (rooms belong to the caller); the service role inserts rows directly.
grant execute on function public.create_rooms(uuid, jsonb) to authenticated;
grant execute on function public.update_rooms(uuid[], jsonb, text[]) to authenticated, service_role;
grant execute on function public.delete_rooms(uuid[]) to authenticated, service_role;
