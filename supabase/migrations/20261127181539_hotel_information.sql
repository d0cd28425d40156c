-- Hotel information: check-in and check-out times, breakfast and restaurant hours, house rules, a photo of the
-- property, and help in an emergency (the emergency number, the nearest pharmacy and hospital). They are guide
-- fields like the rest, in the `hotel` column: set once on the property, overridable per room, translated (all but
-- the photo and the number), shown by get_guide and saved with the guide for offline use.
--
-- The database's side of the guide's field list now has one definition, private.guide_fields(): each field's path,
-- kind, bounds, whether guests read it as text the host translates, and whether a property shares it with its rooms.
-- Validation, the translatable texts, the guide's merge and its translations, and the bulk editor's overridable
-- paths read it, so the next field is one row here and one entry in the app's list (src/lib/guide-fields.ts);
-- tests/db/guide-fields.test.ts fails when the two differ.
--
-- Existing rows: nothing is stored differently. The new keys are absent from every row, which reads as "no value",
-- so every guide gains them empty (null) and shows exactly what it showed before; the keys a row may hold are only
-- more, never fewer.

create function private.guide_fields()
returns table (path text, kind text, max_length integer, item_kind text, item_max_length integer, guest_text boolean, inheritable boolean)
language sql
immutable
parallel safe
as $$
  values
    ('name', 'text', 120, null, null, true, false),
    ('room_number', 'text', 20, null, null, false, false),
    ('content.wifi.network', 'ssid', 32, null, null, false, true),
    ('content.wifi.password', 'text', 63, null, null, false, true),
    ('images', 'list', 10, 'url', 2048, false, false),
    ('style.roomPhotoUrl', 'url', 2048, null, null, false, false),
    ('template', 'choice', null, null, null, false, true),
    ('style.primaryColor', 'colour', 7, null, null, false, true),
    ('style.backgroundColor', 'colour', 7, null, null, false, true),
    ('style.logoUrl', 'url', 2048, null, null, false, true),
    ('hotel.name', 'text', 120, null, null, true, true),
    ('hotel.photoUrl', 'url', 2048, null, null, false, true),
    ('hotel.phone', 'text', 40, null, null, false, true),
    ('hotel.website', 'url', 2048, null, null, false, true),
    ('hotel.description', 'text', 2000, null, null, true, true),
    ('hotel.checkIn', 'text', 60, null, null, true, true),
    ('hotel.checkOut', 'text', 60, null, null, true, true),
    ('hotel.breakfast', 'text', 300, null, null, true, true),
    ('hotel.restaurant', 'text', 300, null, null, true, true),
    ('hotel.houseRules', 'text', 2000, null, null, true, true),
    ('hotel.emergencyPhone', 'text', 40, null, null, false, true),
    ('hotel.pharmacy', 'text', 300, null, null, true, true),
    ('hotel.hospital', 'text', 300, null, null, true, true),
    ('area.location', 'text', 300, null, null, true, true),
    ('area.activities', 'list', 30, 'text', 200, true, true),
    ('area.businessLink', 'url', 2048, null, null, false, true)
$$;

comment on function private.guide_fields() is 'The guide''s fields as the database knows them (the app''s list is src/lib/guide-fields.ts): path (column, or JSON column and keys), kind (text, url, colour, ssid, list, choice), maximum length (characters; bytes for an ssid; items for a list), a list item''s kind and length, guest_text (a text the host translates), inheritable (set on the property, overridable per room).';

-- The fields inside one of the JSON columns (hotel, area, style, content), with the key inside it.
create function private.guide_json_fields(json_column text)
returns table (path text, key text, kind text, max_length integer, item_kind text, item_max_length integer, guest_text boolean)
language sql
immutable
parallel safe
as $$
  select f.path, substr(f.path, char_length(json_column) + 2), f.kind, f.max_length, f.item_kind, f.item_max_length, f.guest_text
  from private.guide_fields() as f
  where f.path like json_column || '.%'
$$;

comment on function private.guide_json_fields(text) is 'The guide fields inside one JSON column (hotel, area, style, content) with their key in it (content: wifi.network).';

-- ---------------------------------------------------------------------------------------------------------
-- Validation: the same rules and messages as before, read from the list.

create or replace function private.guide_input_problem(
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
  columns constant jsonb := jsonb_build_object('hotel', hotel, 'area', area, 'style', style, 'content', content);
  rule record;
  wifi jsonb;
  list jsonb;
  text_value text;
  unknown_key text;
  item jsonb;
begin
  -- Objects with known keys only, so a guide never carries data nobody validated.
  for rule in
    select * from (values
      ('hotel', hotel, array(select f.key from private.guide_json_fields('hotel') as f)),
      ('area', area, array(select f.key from private.guide_json_fields('area') as f)),
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
    select k into unknown_key from jsonb_object_keys(wifi) as k
    where 'wifi.' || k <> all (array(select f.key from private.guide_json_fields('content') as f))
    limit 1;
    if unknown_key is not null then
      message := format('content.wifi has an unknown field "%s".', unknown_key);
      path := 'content.wifi.' || unknown_key;
      return;
    end if;
  end if;

  -- Texts, links, colours and network names, in the list's order.
  for rule in
    select f.path as field_path, columns #> string_to_array(f.path, '.') as value, f.kind, f.max_length
    from private.guide_fields() as f
    where f.kind in ('text', 'url', 'colour', 'ssid') and split_part(f.path, '.', 1) in ('hotel', 'area', 'style', 'content')
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
      if octet_length(text_value) > rule.max_length then
        message := format('%s can be at most %s bytes.', rule.field_path, rule.max_length);
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

  -- Lists of texts (area.activities); a room's photos are a column of their own, checked with the room.
  for rule in
    select f.path as field_path, columns #> string_to_array(f.path, '.') as value, f.max_length, f.item_max_length
    from private.guide_fields() as f
    where f.kind = 'list' and f.item_kind = 'text' and split_part(f.path, '.', 1) in ('hotel', 'area')
  loop
    list := rule.value;
    continue when list is null or list = 'null'::jsonb;
    path := rule.field_path;
    if jsonb_typeof(list) <> 'array' then
      message := format('%s must be a list.', rule.field_path);
      return;
    end if;
    if jsonb_array_length(list) > rule.max_length then
      message := format('%s can have at most %s items.', rule.field_path, rule.max_length);
      return;
    end if;
    for item in select value from jsonb_array_elements(list) loop
      if jsonb_typeof(item) <> 'string' then
        message := format('%s must contain text only.', rule.field_path);
        return;
      end if;
      if char_length(item #>> '{}') > rule.item_max_length then
        message := format('%s items can be at most %s characters.', rule.field_path, rule.item_max_length);
        return;
      end if;
    end loop;
    path := null;
  end loop;
end;
$$;

comment on function private.guide_input_problem(jsonb, jsonb, jsonb, jsonb, text[]) is
  'The first problem of a guide''s hotel/area/style/content (known keys, http(s) URLs, #rrggbb colours, lengths, as private.guide_fields() gives them) as (message, path), or nulls. Shared by rooms and properties.';

-- ---------------------------------------------------------------------------------------------------------
-- Translations: the texts a host translates are the list's guest texts.

create or replace function private.property_text_originals(hotel jsonb, area jsonb)
returns jsonb
language sql
immutable
parallel safe
as $$
  select coalesce(jsonb_object_agg(f.path, f.value), '{}'::jsonb)
  from (
    select g.path, jsonb_build_object('hotel', hotel, 'area', area) #> string_to_array(g.path, '.') as value
    from private.guide_fields() as g
    where g.guest_text and split_part(g.path, '.', 1) in ('hotel', 'area')
  ) as f
  where f.value is not null
$$;

comment on function private.property_text_originals(jsonb, jsonb) is 'A property''s translatable texts by field path (the hotel and area fields private.guide_fields() marks guest_text).';

comment on function private.room_text_originals(text, jsonb, jsonb) is 'A room''s translatable texts by field path: its name and its own (override) values of the property''s texts.';

-- The paths a row's translations may name: a property's shared texts, and a room's name too.
create function private.translatable_paths(of_room boolean)
returns text[]
language sql
immutable
parallel safe
as $$
  select array(select f.path from private.guide_fields() as f where f.guest_text and (of_room or f.inheritable))
$$;

comment on function private.translatable_paths(boolean) is 'The field paths a property''s (of_room false) or a room''s translations may hold.';

create or replace function private.check_property_translations()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.original_language is null or new.original_language <> all (private.guide_languages()) then
    raise exception 'Original language must be one of %.', array_to_string(private.guide_languages(), ', ')
      using errcode = 'check_violation', detail = 'original_language';
  end if;
  new.translations := private.checked_translations(
    case when tg_op = 'UPDATE' then old.translations else '{}'::jsonb end,
    coalesce(new.translations, '{}'::jsonb),
    private.property_text_originals(
      case when tg_op = 'UPDATE' then old.hotel else new.hotel end,
      case when tg_op = 'UPDATE' then old.area else new.area end
    ),
    private.property_text_originals(new.hotel, new.area),
    private.translatable_paths(false),
    tg_op = 'UPDATE' and new.original_language <> old.original_language
  );
  return new;
end;
$$;

create or replace function private.check_qr_code_translations()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.translations := private.checked_translations(
    case when tg_op = 'UPDATE' then old.translations else '{}'::jsonb end,
    coalesce(new.translations, '{}'::jsonb),
    case when tg_op = 'UPDATE' then private.room_text_originals(old.name, old.hotel, old.area)
         else private.room_text_originals(new.name, new.hotel, new.area) end,
    private.room_text_originals(new.name, new.hotel, new.area),
    private.translatable_paths(true),
    false
  );
  return new;
end;
$$;

-- A translation obeys its original's rules: the texts of one language are checked as a guide's would be.
create or replace function private.translations_problem(translations jsonb, originals jsonb, out message text, out path text)
language plpgsql
immutable
set search_path = ''
as $$
declare
  language_code text;
  per_language jsonb;
  field text;
  item text;
  activity_texts jsonb;
  hotel_texts jsonb;
  area_texts jsonb;
  problem record;
begin
  for language_code, per_language in select key, value from jsonb_each(translations) loop
    for field in select jsonb_object_keys(per_language) loop
      if field = 'area.activities' then
        select a.key into item from jsonb_each(per_language -> field) as a
        where not coalesce(jsonb_typeof(originals -> field) = 'array' and originals -> field ? a.key, false)
        limit 1;
        if item is not null then
          message := format('area.activities has no activity "%s" to translate.', item);
          path := 'area.activities.' || language_code;
          return;
        end if;
      elsif jsonb_typeof(originals -> field) is distinct from 'string' or btrim(originals ->> field) = '' then
        message := format('%s has no text to translate.', field);
        path := field || '.' || language_code;
        return;
      end if;
    end loop;

    -- The room name's rules (required, at most 120 characters) come with the room's own check.
    if per_language ? 'name' then
      select p.message, p.path into problem
      from private.qr_code_input_problem(private.normalized_qr_code(
        jsonb_populate_record(null::public.qr_codes, jsonb_build_object('name', per_language -> 'name' -> 'text', 'room_number', '-'))
      )) as p;
      if problem.message is not null then
        message := problem.message;
        path := problem.path || '.' || language_code;
        return;
      end if;
    end if;

    select coalesce(jsonb_agg(value -> 'text'), '[]'::jsonb) into activity_texts
    from jsonb_each(coalesce(per_language -> 'area.activities', '{}'::jsonb));
    select coalesce(jsonb_object_agg(f.key, per_language -> f.path -> 'text'), '{}'::jsonb) into hotel_texts
    from private.guide_json_fields('hotel') as f
    where f.guest_text and f.kind = 'text' and per_language -> f.path -> 'text' is not null;
    select coalesce(jsonb_object_agg(f.key, per_language -> f.path -> 'text'), '{}'::jsonb) into area_texts
    from private.guide_json_fields('area') as f
    where f.guest_text and f.kind = 'text' and per_language -> f.path -> 'text' is not null;
    select p.message, p.path into problem
    from private.guide_input_problem(
      hotel_texts,
      area_texts || jsonb_build_object('activities', activity_texts),
      '{}'::jsonb,
      '{}'::jsonb,
      '{}'::text[]
    ) as p;
    if problem.message is not null then
      message := problem.message;
      path := problem.path || '.' || language_code;
      return;
    end if;
  end loop;
end;
$$;

-- ---------------------------------------------------------------------------------------------------------
-- The guide: every field of the hotel and area columns, merged and translated from the list.

create or replace function private.guide_translations(room public.qr_codes, property public.properties)
returns jsonb
language plpgsql
stable
parallel safe
set search_path = ''
as $$
declare
  result jsonb := '{}';
  lang text;
  room_texts jsonb;
  property_texts jsonb;
  hotel_texts jsonb;
  area_texts jsonb;
  texts jsonb;
  activities_source jsonb;
  activity_texts jsonb;
begin
  if room.translations = '{}'::jsonb and property.translations = '{}'::jsonb then
    return result;
  end if;
  foreach lang in array private.guide_languages() loop
    continue when lang = property.original_language;
    room_texts := room.translations -> lang;
    property_texts := property.translations -> lang;
    continue when room_texts is null and property_texts is null;
    select coalesce(jsonb_object_agg(f.key, t.text), '{}'::jsonb) into hotel_texts
    from private.guide_json_fields('hotel') as f
    cross join lateral (select private.translated_text(room.hotel -> f.key, room_texts, property_texts, f.path) as text) as t
    where f.guest_text and f.kind = 'text' and t.text is not null and t.text <> 'null'::jsonb;
    select coalesce(jsonb_object_agg(f.key, t.text), '{}'::jsonb) into area_texts
    from private.guide_json_fields('area') as f
    cross join lateral (select private.translated_text(room.area -> f.key, room_texts, property_texts, f.path) as text) as t
    where f.guest_text and f.kind = 'text' and t.text is not null and t.text <> 'null'::jsonb;
    -- Activities: parallel to the list the guest sees, null where an activity has no translation.
    if private.room_overrides(room.area -> 'activities') then
      activities_source := room.area -> 'activities';
      activity_texts := room_texts -> 'area.activities';
    else
      activities_source := property.area -> 'activities';
      activity_texts := property_texts -> 'area.activities';
    end if;
    if activity_texts is not null and jsonb_typeof(activities_source) = 'array' then
      select case when bool_or(activity_texts -> a.item is not null) then jsonb_agg(activity_texts -> a.item -> 'text' order by a.position) end
      into activity_texts
      from jsonb_array_elements_text(activities_source) with ordinality as a (item, position);
      if activity_texts is not null then
        area_texts := area_texts || jsonb_build_object('activities', activity_texts);
      end if;
    end if;
    texts := jsonb_strip_nulls(jsonb_build_object('name', room_texts -> 'name' -> 'text'));
    if hotel_texts <> '{}'::jsonb then
      texts := texts || jsonb_build_object('hotel', hotel_texts);
    end if;
    if area_texts <> '{}'::jsonb then
      texts := texts || jsonb_build_object('area', area_texts);
    end if;
    if texts <> '{}'::jsonb then
      result := result || jsonb_build_object(lang, texts);
    end if;
  end loop;
  return result;
end;
$$;

comment on function private.guide_translations(public.qr_codes, public.properties) is 'The translations a room''s guest can use: {lang: {name, hotel: {…texts}, area: {location, activities}}}, only what exists, never the original language.';

-- One JSON column of the guide: each of its fields, the room's value over the property's (a list never null).
create function private.merged_guide_column(json_column text, room_value jsonb, property_value jsonb)
returns jsonb
language sql
immutable
parallel safe
as $$
  select coalesce(jsonb_object_agg(
    f.key,
    case when f.kind = 'list' then coalesce(private.guide_value(room_value -> f.key, property_value -> f.key), '[]'::jsonb)
         else private.guide_value(room_value -> f.key, property_value -> f.key) end
  ), '{}'::jsonb)
  from private.guide_json_fields(json_column) as f
$$;

comment on function private.merged_guide_column(text, jsonb, jsonb) is 'A guide''s hotel or area object: every field of private.guide_fields() in that column, the room''s value over the property''s (private.guide_value), a list [] when empty.';

create or replace function private.room_guide(room public.qr_codes, property public.properties)
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
    'hotel', private.merged_guide_column('hotel', room.hotel, property.hotel),
    'area', private.merged_guide_column('area', room.area, property.area),
    'images', to_jsonb(room.images),
    'language', property.original_language,
    'translations', private.guide_translations(room, property)
  )
$$;

-- ---------------------------------------------------------------------------------------------------------
-- Rooms in bulk: every field a room may override.

create or replace function public.update_rooms(room_ids uuid[], set_fields jsonb default '{}', clear_fields text[] default '{}')
returns setof public.qr_codes
language plpgsql
volatile
set search_path = ''
as $$
declare
  -- content.wifi as a whole too: a room without WiFi.
  override_fields constant text[] := array(select f.path from private.guide_fields() as f where f.inheritable) || array['content.wifi'];
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

comment on column public.properties.translations is 'Translations of the property''s texts (private.translatable_paths(false)): {lang: {path: {text, source: host|machine, outdated?}}}, activities keyed by the original activity.';
comment on column public.qr_codes.translations is 'Translations of the room''s name and of its own overrides of the property''s texts (private.translatable_paths(true)): {lang: {path: {text, source: host|machine, outdated?}}}.';

revoke execute on function private.guide_fields(), private.guide_json_fields(text), private.translatable_paths(boolean),
  private.merged_guide_column(text, jsonb, jsonb) from public;
grant execute on function private.guide_fields(), private.guide_json_fields(text), private.translatable_paths(boolean),
  private.merged_guide_column(text, jsonb, jsonb) to authenticated, service_role;
