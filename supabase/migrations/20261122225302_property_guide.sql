-- Property guide: the guide content a property's rooms share is set once on the property and inherited.
--
-- A property holds hotel {name, phone, website, description}, area {location, activities, businessLink},
-- the look (template, style {primaryColor, backgroundColor, logoUrl}) and a default WiFi
-- (content {wifi {network, password}}): the same columns and JSON shapes a room has, validated by the same
-- function with the same messages. A room keeps its name, room number, photos (style.roomPhotoUrl, images)
-- and, in those same columns, only what differs. Per field, the room's value wins when it holds one:
--
--   room field absent, "" or [] (activities)   inherit: the guest sees the property's value
--   room field with a value                    override: the guest sees the room's value
--   room field JSON null                       override with nothing: the guest sees no value for this
--                                              field even though the property has one
--   room content.wifi null                     this room has no WiFi, whatever the property says
--   room template null                         inherit the property's template
--
-- So an empty form field means "use the property's", and "show nothing here" is a deliberate null. When
-- neither side holds a value, the guest sees the room's own empty value as before (e.g. "" stays "").
-- get_guide() keeps its JSON shape and key set; `guide` (a computed field of qr_codes, for hosts) returns
-- the same merged JSON so screens never merge by hand.
--
-- Existing data: per property and field, a value every room shows the same moves up to the property and
-- leaves the rooms (they inherit it); differing values stay on the rooms. The migration compares every
-- room's get_guide() before and after and fails if a single guide would change.

-- Every guide as guests see it now, compared with the merged guides at the end.
create temporary table guide_before as
  select id, public.get_guide(id) as guide from public.qr_codes;

-- ---------------------------------------------------------------------------------------------------------
-- Internal helpers live in `private`: PostgREST exposes only `public`, so none of these is an API endpoint.
-- The API roles may run them because triggers and invoker functions call them as the caller.

create schema if not exists private;
comment on schema private is 'Helpers of RoomGuide''s triggers and functions; not exposed through the API.';
revoke all on schema private from public;
grant usage on schema private to authenticated, service_role;

-- ---------------------------------------------------------------------------------------------------------
-- Validation shared by rooms and properties: the first problem of the guide content, as (message, path),
-- both null when there is none. Callers raise it (SQLSTATE 23514, the path in `detail`) or prefix the path.

create function private.guide_input_problem(
  hotel jsonb,
  area jsonb,
  style jsonb,
  content jsonb,
  style_fields text[],
  out message text,
  out path text
)
language plpgsql
immutable
set search_path = ''
as $$
declare
  url_pattern constant text := '^https?://[^\s/?#]+([/?#]\S*)?$';
  rule record;
  wifi jsonb;
  activities jsonb;
  text_value text;
  unknown_key text;
  item jsonb;
begin
  -- Objects with known keys only, so a guide never carries data nobody validated.
  for rule in
    select * from (values
      ('hotel', hotel, array['name', 'phone', 'website', 'description']),
      ('area', area, array['location', 'activities', 'businessLink']),
      ('style', style, style_fields),
      ('content', content, array['wifi'])
    ) as r (field_path, value, allowed)
  loop
    if rule.value is null or jsonb_typeof(rule.value) <> 'object' then
      message := format('%s must be an object.', rule.field_path);
      path := rule.field_path;
      return;
    end if;
    select k into unknown_key from jsonb_object_keys(rule.value) as k where k <> all (rule.allowed) limit 1;
    if unknown_key is not null then
      message := format('%s has an unknown field "%s".', rule.field_path, unknown_key);
      path := rule.field_path || '.' || unknown_key;
      return;
    end if;
  end loop;

  wifi := content -> 'wifi';
  if wifi is not null and wifi <> 'null'::jsonb then
    if jsonb_typeof(wifi) <> 'object' then
      message := 'content.wifi must be an object.';
      path := 'content.wifi';
      return;
    end if;
    select k into unknown_key from jsonb_object_keys(wifi) as k where k not in ('network', 'password') limit 1;
    if unknown_key is not null then
      message := format('content.wifi has an unknown field "%s".', unknown_key);
      path := 'content.wifi.' || unknown_key;
      return;
    end if;
  end if;

  -- Scalar text fields: (path, value, kind, maximum length).
  for rule in
    select * from (values
      ('hotel.name', hotel -> 'name', 'text', 120),
      ('hotel.phone', hotel -> 'phone', 'text', 40),
      ('hotel.website', hotel -> 'website', 'url', 2048),
      ('hotel.description', hotel -> 'description', 'text', 2000),
      ('area.location', area -> 'location', 'text', 300),
      ('area.businessLink', area -> 'businessLink', 'url', 2048),
      ('style.primaryColor', style -> 'primaryColor', 'colour', 7),
      ('style.backgroundColor', style -> 'backgroundColor', 'colour', 7),
      ('style.logoUrl', style -> 'logoUrl', 'url', 2048),
      ('style.roomPhotoUrl', style -> 'roomPhotoUrl', 'url', 2048),
      ('content.wifi.network', wifi -> 'network', 'ssid', 32),
      ('content.wifi.password', wifi -> 'password', 'text', 63)
    ) as r (field_path, value, kind, max_length)
  loop
    continue when rule.value is null or rule.value = 'null'::jsonb;
    if jsonb_typeof(rule.value) <> 'string' then
      message := format('%s must be text.', rule.field_path);
      path := rule.field_path;
      return;
    end if;
    text_value := rule.value #>> '{}';
    continue when text_value = '';
    if rule.kind = 'ssid' then
      -- A WiFi network name is at most 32 bytes (IEEE 802.11), so longer names can never match a network.
      if octet_length(text_value) > 32 then
        message := format('%s can be at most 32 bytes.', rule.field_path);
        path := rule.field_path;
        return;
      end if;
    elsif char_length(text_value) > rule.max_length then
      message := format('%s can be at most %s characters.', rule.field_path, rule.max_length);
      path := rule.field_path;
      return;
    end if;
    if rule.kind = 'url' and text_value !~* url_pattern then
      message := format('%s must be a web address starting with http:// or https://.', rule.field_path);
      path := rule.field_path;
      return;
    end if;
    if rule.kind = 'colour' and text_value !~ '^#[0-9a-fA-F]{6}$' then
      message := format('%s must be a colour written #rrggbb.', rule.field_path);
      path := rule.field_path;
      return;
    end if;
  end loop;

  activities := area -> 'activities';
  if activities is not null and activities <> 'null'::jsonb then
    path := 'area.activities';
    if jsonb_typeof(activities) <> 'array' then
      message := 'area.activities must be a list.';
      return;
    end if;
    if jsonb_array_length(activities) > 30 then
      message := 'area.activities can have at most 30 items.';
      return;
    end if;
    for item in select value from jsonb_array_elements(activities) loop
      if jsonb_typeof(item) <> 'string' then
        message := 'area.activities must contain text only.';
        return;
      end if;
      if char_length(item #>> '{}') > 200 then
        message := 'area.activities items can be at most 200 characters.';
        return;
      end if;
    end loop;
    path := null;
  end if;
end;
$$;

comment on function private.guide_input_problem(jsonb, jsonb, jsonb, jsonb, text[]) is
  'The first problem of a guide''s hotel/area/style/content (http(s) URLs, #rrggbb colours, lengths, known keys) as (message, path), or nulls. Shared by rooms and properties.';

-- A room as the validation trigger stores it: trimmed name and number, objects and lists never null.
create function private.normalized_qr_code(room public.qr_codes)
returns public.qr_codes
language plpgsql
immutable
set search_path = ''
as $$
begin
  room.name := btrim(coalesce(room.name, ''));
  room.room_number := btrim(coalesce(room.room_number, ''));
  room.hotel := coalesce(room.hotel, '{}'::jsonb);
  room.area := coalesce(room.area, '{}'::jsonb);
  room.style := coalesce(room.style, '{}'::jsonb);
  room.content := coalesce(room.content, '{}'::jsonb);
  room.images := coalesce(room.images, '{}');
  return room;
end;
$$;

comment on function private.normalized_qr_code(public.qr_codes) is 'A room row trimmed and with empty objects/lists instead of nulls, as the validation trigger stores it.';

-- The first problem of a (normalized) room, as (message, path), or nulls.
create function private.qr_code_input_problem(room public.qr_codes, out message text, out path text)
language plpgsql
immutable
set search_path = ''
as $$
declare
  url_pattern constant text := '^https?://[^\s/?#]+([/?#]\S*)?$';
  image text;
begin
  if room.name = '' then
    message := 'Name is required.';
    path := 'name';
  elsif char_length(room.name) > 120 then
    message := 'Name can be at most 120 characters.';
    path := 'name';
  elsif room.room_number = '' then
    message := 'Room number is required.';
    path := 'room_number';
  elsif char_length(room.room_number) > 20 then
    message := 'Room number can be at most 20 characters.';
    path := 'room_number';
  end if;
  if message is not null then
    return;
  end if;

  select p.message, p.path into message, path
  from private.guide_input_problem(
    room.hotel, room.area, room.style, room.content, array['primaryColor', 'backgroundColor', 'logoUrl', 'roomPhotoUrl']
  ) as p;
  if message is not null then
    return;
  end if;

  path := 'images';
  if cardinality(room.images) > 10 then
    message := 'images can have at most 10 items.';
    return;
  end if;
  foreach image in array room.images loop
    if image is null or char_length(image) > 2048 or image !~* url_pattern then
      message := 'images must be web addresses starting with http:// or https://.';
      return;
    end if;
  end loop;
  path := null;
end;
$$;

comment on function private.qr_code_input_problem(public.qr_codes) is 'The first problem of a normalized room row (name, room number, guide content, images) as (message, path), or nulls.';

revoke execute on all functions in schema private from public;
grant execute on function private.guide_input_problem(jsonb, jsonb, jsonb, jsonb, text[]) to authenticated, service_role;
grant execute on function private.normalized_qr_code(public.qr_codes) to authenticated, service_role;
grant execute on function private.qr_code_input_problem(public.qr_codes) to authenticated, service_role;

-- The room trigger now normalizes and validates through the shared functions. A room's template may be null
-- (inherit the property's), so it is no longer required here.
create or replace function public.validate_qr_code()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  problem record;
begin
  new := private.normalized_qr_code(new);
  select * into problem from private.qr_code_input_problem(new);
  if problem.message is not null then
    raise exception '%', problem.message using errcode = 'check_violation', detail = problem.path;
  end if;
  return new;
end;
$$;

comment on function public.validate_qr_code() is 'Trigger: trims and validates a QR code row (private.qr_code_input_problem: JSON shapes, http(s) URLs, #rrggbb colours, lengths) with readable messages.';

-- ---------------------------------------------------------------------------------------------------------
-- The property's guide

alter table public.properties
  add column hotel jsonb not null default '{}'::jsonb check (jsonb_typeof(hotel) = 'object'),
  add column area jsonb not null default '{}'::jsonb check (jsonb_typeof(area) = 'object'),
  add column style jsonb not null default '{}'::jsonb check (jsonb_typeof(style) = 'object'),
  add column content jsonb not null default '{}'::jsonb check (jsonb_typeof(content) = 'object'),
  add column template public.qr_template not null default 'custom';

comment on column public.properties.hotel is 'Guide default for every room: {name, phone, website, description}; website an http(s) URL.';
comment on column public.properties.area is 'Guide default for every room: {location, activities: string[], businessLink}.';
comment on column public.properties.style is 'Guide default look: {primaryColor, backgroundColor: #rrggbb, logoUrl: http(s) URL} (room photos stay on rooms).';
comment on column public.properties.content is 'Guide default WiFi: {wifi: {network, password}}.';
comment on column public.properties.template is 'Guide default template; a room with template null uses it.';

grant insert (hotel, area, style, content, template) on public.properties to authenticated;
grant update (hotel, area, style, content, template) on public.properties to authenticated;

create function private.check_property_guide()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  problem record;
begin
  new.hotel := coalesce(new.hotel, '{}'::jsonb);
  new.area := coalesce(new.area, '{}'::jsonb);
  new.style := coalesce(new.style, '{}'::jsonb);
  new.content := coalesce(new.content, '{}'::jsonb);
  if new.template is null then
    raise exception 'Template must be custom, luxury, beach or cabin.' using errcode = 'check_violation', detail = 'template';
  end if;
  select * into problem
  from private.guide_input_problem(new.hotel, new.area, new.style, new.content, array['primaryColor', 'backgroundColor', 'logoUrl']);
  if problem.message is not null then
    raise exception '%', problem.message using errcode = 'check_violation', detail = problem.path;
  end if;
  return new;
end;
$$;

comment on function private.check_property_guide() is 'Trigger: validates a property''s guide content with the rooms'' rules and messages (private.guide_input_problem).';

revoke execute on function private.check_property_guide() from public;

create trigger check_property_guide
  before insert or update of hotel, area, style, content, template on public.properties
  for each row execute function private.check_property_guide();

-- A room's template null means "the property's".
alter table public.qr_codes alter column template drop not null, alter column template drop default;
comment on column public.qr_codes.template is 'Template override; null = the property''s template.';
comment on column public.qr_codes.hotel is 'Overrides of the property''s {name, phone, website, description}: a field absent or "" inherits, a value overrides, null shows nothing.';
comment on column public.qr_codes.area is 'Overrides of the property''s {location, activities: string[], businessLink}: absent, "" or [] inherits, a value overrides, null shows nothing.';
comment on column public.qr_codes.style is 'The room''s photo (roomPhotoUrl) and overrides of the property''s {primaryColor, backgroundColor, logoUrl}: absent or "" inherits.';
comment on column public.qr_codes.content is 'Overrides of the property''s {wifi: {network, password}}: per key absent or "" inherits; wifi null = this room has no WiFi.';

-- ---------------------------------------------------------------------------------------------------------
-- The merged guide

-- One field: the room's value unless it is empty ("" or []), else the property's unless empty, else whatever
-- empty value there is (JSON null in the room is a value: "show nothing"). No `set search_path`, so the
-- planner can inline it (and room_guide) into get_guide; it names nothing but built-in operators.
create function private.guide_value(room_value jsonb, property_value jsonb)
returns jsonb
language sql
immutable
parallel safe
as $$
  select case
    when room_value is not null and room_value not in ('""'::jsonb, '[]'::jsonb) then room_value
    when property_value is not null and property_value not in ('""'::jsonb, '[]'::jsonb) then property_value
    else coalesce(room_value, property_value)
  end
$$;

comment on function private.guide_value(jsonb, jsonb) is 'Inheritance of one guide field: the room''s value unless absent/""/[], else the property''s.';

-- What a guest sees for one room of one property: {id, name, room_number, template, property_name, style,
-- content: {wifi}, hotel, area, images}, every nested object with a fixed key set (missing values null).
create function private.room_guide(room public.qr_codes, property public.properties)
returns jsonb
language sql
stable
parallel safe
as $$
  select jsonb_build_object(
    'id', room.id,
    'name', room.name,
    'room_number', room.room_number,
    'template', coalesce(room.template, property.template),
    'property_name', property.name,
    'style', jsonb_build_object(
      'primaryColor', private.guide_value(room.style -> 'primaryColor', property.style -> 'primaryColor'),
      'backgroundColor', private.guide_value(room.style -> 'backgroundColor', property.style -> 'backgroundColor'),
      'logoUrl', private.guide_value(room.style -> 'logoUrl', property.style -> 'logoUrl'),
      'roomPhotoUrl', room.style -> 'roomPhotoUrl'
    ),
    'content', jsonb_build_object(
      'wifi', case
        -- A room whose wifi is null (or anything but an object) has no WiFi.
        when room.content ? 'wifi' and jsonb_typeof(room.content -> 'wifi') <> 'object' then null
        when jsonb_typeof(room.content -> 'wifi') = 'object' or jsonb_typeof(property.content -> 'wifi') = 'object' then
          jsonb_build_object(
            'network', private.guide_value(room.content -> 'wifi' -> 'network', property.content -> 'wifi' -> 'network'),
            'password', private.guide_value(room.content -> 'wifi' -> 'password', property.content -> 'wifi' -> 'password')
          )
      end
    ),
    'hotel', jsonb_build_object(
      'name', private.guide_value(room.hotel -> 'name', property.hotel -> 'name'),
      'phone', private.guide_value(room.hotel -> 'phone', property.hotel -> 'phone'),
      'website', private.guide_value(room.hotel -> 'website', property.hotel -> 'website'),
      'description', private.guide_value(room.hotel -> 'description', property.hotel -> 'description')
    ),
    'area', jsonb_build_object(
      'location', private.guide_value(room.area -> 'location', property.area -> 'location'),
      'activities', coalesce(private.guide_value(room.area -> 'activities', property.area -> 'activities'), '[]'::jsonb),
      'businessLink', private.guide_value(room.area -> 'businessLink', property.area -> 'businessLink')
    ),
    'images', to_jsonb(room.images)
  )
$$;

comment on function private.room_guide(public.qr_codes, public.properties) is 'The guest guide of a room: its own fields merged over its property''s, in get_guide()''s shape.';

revoke execute on function private.guide_value(jsonb, jsonb) from public;
revoke execute on function private.room_guide(public.qr_codes, public.properties) from public;
grant execute on function private.guide_value(jsonb, jsonb) to authenticated, service_role;
grant execute on function private.room_guide(public.qr_codes, public.properties) to authenticated, service_role;

-- PL/pgSQL rather than SQL: the merged expression is large, and PL/pgSQL keeps its plan for the session (a SQL
-- function's body is planned on every call), so a guide read costs less than before the merge.
create or replace function public.get_guide(qr_id uuid)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return (
    select private.room_guide(q, p)
    from public.qr_codes q
    join public.properties p on p.id = q.property_id
    where q.id = get_guide.qr_id
  );
end;
$$;

comment on function public.get_guide(uuid) is 'Guest guide for one QR code, the room''s fields merged over its property''s: {id, name, room_number, template, property_name, style, content: {wifi}, hotel, area, images}, or null for an unknown id.';

-- PostgREST computed field: `select=id,name,guide` on qr_codes gives hosts each room's merged guide (what
-- its guests see) under the same RLS as the row, so host screens never merge by hand.
create function public.guide(room public.qr_codes)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select private.room_guide(room, p) from public.properties p where p.id = room.property_id
$$;

comment on function public.guide(public.qr_codes) is 'Computed field of qr_codes: the room''s guide as guests see it (its fields merged over its property''s), for the owner.';

revoke execute on function public.guide(public.qr_codes) from public, anon;
grant execute on function public.guide(public.qr_codes) to authenticated, service_role;

-- ---------------------------------------------------------------------------------------------------------
-- Existing data: shared values move up. updated_at is left as it was (nothing a host typed changed).

alter table public.qr_codes disable trigger set_updated_at;
alter table public.properties disable trigger set_updated_at;

do $$
declare
  field record;
  wifi_key text;
begin
  -- A field moves up when every room of the property shows the guest the same non-empty value (an absent
  -- field shows null, absent activities []), so each of those rooms holds exactly that value.
  for field in
    select * from (values
      ('hotel', 'name', 'null'), ('hotel', 'phone', 'null'), ('hotel', 'website', 'null'), ('hotel', 'description', 'null'),
      ('area', 'location', 'null'), ('area', 'activities', '[]'), ('area', 'businessLink', 'null'),
      ('style', 'primaryColor', 'null'), ('style', 'backgroundColor', 'null'), ('style', 'logoUrl', 'null')
    ) as f (column_name, key, shown_when_absent)
  loop
    execute format(
      $sql$
        with shown as (
          select property_id, coalesce(%1$I -> %2$L, %3$L::jsonb) as value from public.qr_codes
        ),
        shared as (
          select property_id, (array_agg(value))[1] as value
          from shown
          group by property_id
          having count(distinct value) = 1
        ),
        movable as (
          select * from shared where value not in ('null'::jsonb, '""'::jsonb, '[]'::jsonb)
        ),
        moved_up as (
          update public.properties p
          set %1$I = jsonb_set(p.%1$I, array[%2$L], m.value)
          from movable m
          where p.id = m.property_id
        )
        update public.qr_codes q
        set %1$I = q.%1$I - %2$L
        from movable m
        where q.property_id = m.property_id
      $sql$,
      field.column_name, field.key, field.shown_when_absent
    );
  end loop;

  -- The same for each WiFi key, when every room has WiFi (an object): a room without it keeps it that way.
  foreach wifi_key in array array['network', 'password'] loop
    execute format(
      $sql$
        with shown as (
          select property_id,
                 jsonb_typeof(content -> 'wifi') = 'object' as has_wifi,
                 coalesce(content -> 'wifi' -> %1$L, 'null'::jsonb) as value
          from public.qr_codes
        ),
        movable as (
          select property_id, (array_agg(value))[1] as value
          from shown
          group by property_id
          having bool_and(has_wifi) and count(distinct value) = 1
             and (array_agg(value))[1] not in ('null'::jsonb, '""'::jsonb)
        ),
        moved_up as (
          update public.properties p
          set content = jsonb_set(
            p.content, '{wifi}',
            coalesce(case when jsonb_typeof(p.content -> 'wifi') = 'object' then p.content -> 'wifi' end, '{}'::jsonb)
              || jsonb_build_object(%1$L, m.value)
          )
          from movable m
          where p.id = m.property_id
        )
        update public.qr_codes q
        set content = q.content #- array['wifi', %1$L]
        from movable m
        where q.property_id = m.property_id
      $sql$,
      wifi_key
    );
  end loop;

  -- A room WiFi emptied by the moves inherits the property's WiFi as a whole.
  update public.qr_codes q
  set content = q.content - 'wifi'
  from public.properties p
  where p.id = q.property_id and q.content -> 'wifi' = '{}'::jsonb and jsonb_typeof(p.content -> 'wifi') = 'object';

  -- The look: a template every room uses becomes the property's.
  with shared as (
    select property_id, (array_agg(template))[1] as template
    from public.qr_codes
    group by property_id
    having count(distinct template) = 1 and bool_and(template is not null)
  ),
  moved_up as (
    update public.properties p set template = s.template from shared s where p.id = s.property_id
  )
  update public.qr_codes q set template = null from shared s where q.property_id = s.property_id;
end;
$$;

alter table public.qr_codes enable trigger set_updated_at;
alter table public.properties enable trigger set_updated_at;

do $$
declare
  changed integer;
begin
  select count(*) into changed from pg_temp.guide_before b where public.get_guide(b.id) is distinct from b.guide;
  if changed > 0 then
    raise exception 'Moving shared guide content to the properties would change % guest guides; nothing was migrated.', changed;
  end if;
end;
$$;

drop table pg_temp.guide_before;
