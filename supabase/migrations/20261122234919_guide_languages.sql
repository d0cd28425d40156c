-- The host's own words in the guest's language: every free-text guide field can carry the seven languages
-- (en es fr de it zh ja) next to the original.
--
-- Original language: `properties.original_language` (default 'en'; the app sends the host's UI language when it
-- creates a property; changeable). A property's rooms share it.
--
-- Translatable texts (not URLs, phone numbers, colours or WiFi network/password):
--   property: hotel.name, hotel.description, area.location, area.activities (each activity)
--   room:     name, and its overrides of hotel.name, hotel.description, area.location, area.activities
-- The property's own `name` is the host's label for the place (a proper name) and is not translated.
--
-- Storage: a `translations` column next to the originals, on properties and on rooms (so forms that write the
-- hotel/area objects never drop a translation):
--   {"ja": {"hotel.description": {"text": "…", "source": "machine"},
--           "name": {"text": "港の部屋", "source": "host", "outdated": true},
--           "area.activities": {"Harbour walk": {"text": "港の散歩", "source": "host"}}}}
-- One entry per language and field path; activities are keyed by the original activity's text, so reordering
-- the list keeps every translation right, a new activity is simply missing, and a removed one takes its
-- translations with it. A host may write an entry as a plain string ("…" = {"text": "…"}); stored entries are
-- always objects.
--
-- Machine-translation state, per entry: `source` "machine" (written by the translate-guide Edge Function and not
-- touched since) or "host" (written or edited by the host); `outdated: true` on a host entry whose original
-- changed after it was written. Rules the triggers enforce:
--   * a text a host (role authenticated) writes or changes is the host's: source "host", not outdated; a host may
--     accept a machine text as is (source "host") or clear `outdated` on review, but never label a text "machine";
--   * when an original changes, its untouched machine translations are removed (the function fills them again)
--     and its host translations are kept, marked outdated; an activity edited in place (same position, new text)
--     carries its host translations along, marked outdated;
--   * an original emptied or removed takes its translations with it; a translation of nothing is refused;
--   * a new original language removes every machine translation of the property and its rooms.
--
-- Rooms: the text a room's guest sees is the room's override if it has one, else the property's, and its
-- translations travel with it. A room that overrides the description shows its own description and only its own
-- translations of it (a missing language falls back to the room's original, never to the property's
-- translation of another text); a room that inherits shows the property's description and translations.
--
-- Validation: the same rules and messages as the originals (private.guide_input_problem and
-- private.qr_code_input_problem), SQLSTATE 23514, with the language appended to the field path in `detail`
-- (e.g. 'hotel.description.ja', 'area.activities.fr', 'name.zh').
--
-- get_guide(qr_id uuid, lang text default null):
--   without lang (what the guest guide, its boot paint and the service worker use): today's keys unchanged, the
--   texts in the original language, plus `language` (the original's code) and `translations`:
--   {"ja": {"name": "…", "hotel": {"name": "…", "description": "…"}, "area": {"location": "…", "activities":
--   ["…", null, …]}}, "fr": {…}}: only languages other than the original with at least one text, only fields
--   that have one, activities as a list parallel to area.activities with null where an item has none. The guest
--   shows translations[lang][field] ?? the original, per field and per activity. One cached answer serves every
--   language, also offline.
--   with lang: the same keys, each text already in `lang` with that per-field fallback, no `translations`.
--
-- Existing rows: original_language 'en', no translations; every guide keeps its keys and values.

-- ---------------------------------------------------------------------------------------------------------
-- Languages and texts

-- No `set search_path` on the small pure SQL helpers (they name only built-ins and each other), so the planner
-- can inline the ones get_guide uses.
create function private.guide_languages()
returns text[]
language sql
immutable
parallel safe
as $$
  select array['en', 'es', 'fr', 'de', 'it', 'zh', 'ja']
$$;

comment on function private.guide_languages() is 'The seven languages of guides and their texts.';

-- Whether a room's own value of a field is what its guest sees (same rule as private.guide_value: anything but
-- absent, "" or [], including JSON null, "show nothing").
create function private.room_overrides(room_value jsonb)
returns boolean
language sql
immutable
parallel safe
as $$
  select room_value is not null and room_value not in ('""'::jsonb, '[]'::jsonb)
$$;

comment on function private.room_overrides(jsonb) is 'True when a room''s own value of a guide field wins over the property''s.';

-- The originals a property's translations belong to, by field path. An absent field has no key (a JSON null
-- stays: in a room it means "show nothing").
create function private.property_text_originals(hotel jsonb, area jsonb)
returns jsonb
language sql
immutable
parallel safe
as $$
  select coalesce(jsonb_object_agg(f.path, f.value), '{}'::jsonb)
  from (values
    ('hotel.name', hotel -> 'name'),
    ('hotel.description', hotel -> 'description'),
    ('area.location', area -> 'location'),
    ('area.activities', area -> 'activities')
  ) as f (path, value)
  where f.value is not null
$$;

comment on function private.property_text_originals(jsonb, jsonb) is 'A property''s translatable texts by field path: hotel.name, hotel.description, area.location, area.activities.';

-- A room's: its name and its own (override) values of the property's fields.
create function private.room_text_originals(name text, hotel jsonb, area jsonb)
returns jsonb
language sql
immutable
parallel safe
as $$
  select private.property_text_originals(hotel, area) || jsonb_build_object('name', name)
$$;

comment on function private.room_text_originals(text, jsonb, jsonb) is 'A room''s translatable texts by field path: name and its overrides of hotel.name, hotel.description, area.location, area.activities.';

-- Each text of an originals map that can be translated: the non-empty scalar fields, and every non-empty
-- activity (item = its text). `entries` holds that text's translation entry per language (null without any).
create function private.own_texts(originals jsonb, translations jsonb)
returns table (path text, item text, original text, entries jsonb)
language sql
immutable
parallel safe
as $$
  select f.key, null::text, f.value #>> '{}',
         (select jsonb_object_agg(l.key, l.value -> f.key) from jsonb_each(translations) as l where l.value -> f.key is not null)
  from jsonb_each(originals) as f
  where jsonb_typeof(f.value) = 'string' and btrim(f.value #>> '{}') <> ''
  union all
  select 'area.activities', a.item, a.item,
         (select jsonb_object_agg(l.key, l.value -> 'area.activities' -> a.item) from jsonb_each(translations) as l
          where l.value -> 'area.activities' -> a.item is not null)
  from jsonb_array_elements_text(
    case when jsonb_typeof(originals -> 'area.activities') = 'array' then originals -> 'area.activities' else '[]'::jsonb end
  ) as a (item)
  where btrim(a.item) <> ''
$$;

comment on function private.own_texts(jsonb, jsonb) is 'The translatable texts of an originals map (scalar fields, each activity) with their translation entries per language.';

-- ---------------------------------------------------------------------------------------------------------
-- Validation

-- The shape of a translations object: languages, translatable field paths of this row (`paths`), entries
-- (a string, or {text, source: host|machine, outdated: boolean}). As (message, path), nulls when fine.
create function private.translations_shape_problem(translations jsonb, paths text[], out message text, out path text)
language plpgsql
immutable
set search_path = ''
as $$
declare
  language_code text;
  per_language jsonb;
  field text;
  value jsonb;
  item text;
  entry jsonb;
  entry_path text;
  unknown_key text;
begin
  if translations is null or jsonb_typeof(translations) <> 'object' then
    message := 'translations must be an object.';
    path := 'translations';
    return;
  end if;
  for language_code, per_language in select key, j.value from jsonb_each(translations) as j loop
    if language_code <> all (private.guide_languages()) then
      message := format('translations has an unknown language "%s"; use one of %s.', language_code, array_to_string(private.guide_languages(), ', '));
      path := 'translations.' || language_code;
      return;
    end if;
    if jsonb_typeof(per_language) <> 'object' then
      message := format('translations.%s must be an object.', language_code);
      path := 'translations.' || language_code;
      return;
    end if;
    for field, value in select key, j.value from jsonb_each(per_language) as j loop
      entry_path := field || '.' || language_code;
      if field <> all (paths) then
        message := format('%s cannot be translated.', field);
        path := entry_path;
        return;
      end if;
      if field = 'area.activities' and jsonb_typeof(value) <> 'object' then
        message := format('%s must be an object with one entry per activity.', entry_path);
        path := entry_path;
        return;
      end if;
      for item, entry in
        select null::text, value where field <> 'area.activities'
        union all
        select key, j.value from jsonb_each(case when field = 'area.activities' then value else '{}'::jsonb end) as j
      loop
        continue when jsonb_typeof(entry) = 'string';
        if jsonb_typeof(entry) <> 'object' or jsonb_typeof(entry -> 'text') is distinct from 'string' then
          message := format('%s must be text.', entry_path);
        else
          select k into unknown_key from jsonb_object_keys(entry) as k where k not in ('text', 'source', 'outdated') limit 1;
          if unknown_key is not null then
            message := format('%s has an unknown field "%s".', entry_path, unknown_key);
          elsif coalesce(entry ->> 'source', 'host') not in ('host', 'machine') then
            message := format('%s.source must be host or machine.', entry_path);
          elsif jsonb_typeof(coalesce(entry -> 'outdated', 'false'::jsonb)) <> 'boolean' then
            message := format('%s.outdated must be true or false.', entry_path);
          end if;
        end if;
        if message is not null then
          path := entry_path;
          return;
        end if;
      end loop;
    end loop;
  end loop;
end;
$$;

comment on function private.translations_shape_problem(jsonb, text[]) is 'The first problem of a translations object''s shape (languages, field paths, entries) as (message, path), or nulls.';

-- The texts of (reconciled) translations against their originals, with the originals' rules and messages: the
-- path gets the language appended ('hotel.description.ja'). A translation needs an original text.
create function private.translations_problem(translations jsonb, originals jsonb, out message text, out path text)
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
    select p.message, p.path into problem
    from private.guide_input_problem(
      jsonb_strip_nulls(jsonb_build_object(
        'name', per_language -> 'hotel.name' -> 'text',
        'description', per_language -> 'hotel.description' -> 'text'
      )),
      jsonb_strip_nulls(jsonb_build_object('location', per_language -> 'area.location' -> 'text', 'activities', activity_texts)),
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

comment on function private.translations_problem(jsonb, jsonb) is 'The first problem of translation texts (an original to translate, the originals'' length rules and messages) as (message, path with the language appended), or nulls.';

-- ---------------------------------------------------------------------------------------------------------
-- Reconciliation: what a write leaves in the column

-- One entry as stored: {text (trimmed), source, outdated?}, or null for an empty text.
create function private.stored_translation(entry jsonb)
returns jsonb
language sql
immutable
parallel safe
as $$
  select case
    when entry is null or btrim(coalesce(case when jsonb_typeof(entry) = 'string' then entry #>> '{}' else entry ->> 'text' end, '')) = '' then null
    when jsonb_typeof(entry) = 'string' then jsonb_build_object('text', btrim(entry #>> '{}'), 'source', 'host')
    else jsonb_build_object('text', btrim(entry ->> 'text'), 'source', coalesce(entry ->> 'source', 'host'))
         || case when (entry -> 'outdated') = 'true'::jsonb then '{"outdated": true}'::jsonb else '{}'::jsonb end
  end
$$;

comment on function private.stored_translation(jsonb) is 'A translation entry as stored ({text, source, outdated?}), or null when its text is empty.';

-- One entry after a write. `written`: the writer put a new text there in this statement. A host's texts are the
-- host's; an untouched entry whose original changed is removed when it is a machine text and kept, marked
-- outdated, when it is the host's; `drop_machine` removes untouched machine texts only.
create function private.kept_translation(
  entry jsonb,
  old_entry jsonb,
  by_host boolean,
  original_changed boolean,
  drop_machine boolean
)
returns jsonb
language plpgsql
immutable
set search_path = ''
as $$
declare
  kept jsonb := private.stored_translation(entry);
  before jsonb := private.stored_translation(old_entry);
  written boolean;
begin
  if kept is null then
    return null;
  end if;
  written := before is null or before ->> 'text' <> kept ->> 'text';
  if by_host then
    if written then
      return jsonb_build_object('text', kept ->> 'text', 'source', 'host');
    end if;
    -- The host may accept a machine text (source host) or clear `outdated`, never relabel their own text.
    if before ->> 'source' = 'host' then
      kept := jsonb_set(kept, '{source}', '"host"');
    end if;
  end if;
  if not written and (original_changed or drop_machine) and kept ->> 'source' = 'machine' then
    return null;
  end if;
  if not written and original_changed then
    kept := kept || '{"outdated": true}'::jsonb;
  end if;
  return kept;
end;
$$;

comment on function private.kept_translation(jsonb, jsonb, boolean, boolean, boolean) is 'One translation entry after a write: host texts are the host''s; untouched machine texts go when their original (or its language) changes; untouched host texts of a changed original are marked outdated.';

-- The translations a write leaves: entries normalized and reconciled with changed originals (see the header).
create function private.reconciled_translations(
  old_translations jsonb,
  new_translations jsonb,
  old_originals jsonb,
  new_originals jsonb,
  by_host boolean,
  drop_machine boolean
)
returns jsonb
language plpgsql
immutable
set search_path = ''
as $$
declare
  result jsonb := '{}';
  language_code text;
  per_language jsonb;
  kept_language jsonb;
  field text;
  value jsonb;
  kept jsonb;
  old_list jsonb := case when jsonb_typeof(old_originals -> 'area.activities') = 'array' then old_originals -> 'area.activities' else '[]'::jsonb end;
  new_list jsonb := case when jsonb_typeof(new_originals -> 'area.activities') = 'array' then new_originals -> 'area.activities' else '[]'::jsonb end;
  item text;
  entry jsonb;
  old_entry jsonb;
  items jsonb;
  orphans jsonb;
  item_position integer;
  edited_item text;
begin
  for language_code, per_language in select key, j.value from jsonb_each(new_translations) as j loop
    kept_language := '{}';
    for field, value in select key, j.value from jsonb_each(per_language) as j loop
      if field <> 'area.activities' then
        old_entry := old_translations -> language_code -> field;
        -- An original emptied or removed takes its (untouched) translations with it.
        if (jsonb_typeof(new_originals -> field) is distinct from 'string' or btrim(new_originals ->> field) = '')
           and (old_originals -> field) is distinct from (new_originals -> field)
           and (private.stored_translation(value) ->> 'text') is not distinct from (private.stored_translation(old_entry) ->> 'text') then
          continue;
        end if;
        kept := private.kept_translation(
          value, old_entry, by_host, (old_originals -> field) is distinct from (new_originals -> field), drop_machine
        );
        if kept is not null then
          kept_language := kept_language || jsonb_build_object(field, kept);
        end if;
        continue;
      end if;

      -- Activities, keyed by the original activity's text: an item still in the list has the same original.
      items := '{}';
      orphans := '{}';
      for item, entry in select key, j.value from jsonb_each(value) as j loop
        old_entry := old_translations -> language_code -> field -> item;
        if new_list ? item or (private.stored_translation(entry) ->> 'text') is distinct from (private.stored_translation(old_entry) ->> 'text') then
          -- (A text written for an activity that is not in the list stays, so validation names it.)
          kept := private.kept_translation(entry, old_entry, by_host, false, drop_machine);
          if kept is not null then
            items := items || jsonb_build_object(item, kept);
          end if;
        else
          orphans := orphans || jsonb_build_object(item, entry);
        end if;
      end loop;
      -- An activity edited in place (same position, a text that is new to the list) carries the host's
      -- translations of its old text, marked outdated; other orphans go.
      if jsonb_array_length(old_list) = jsonb_array_length(new_list) then
        for item, entry in select key, j.value from jsonb_each(orphans) as j loop
          select o.position into item_position from jsonb_array_elements_text(old_list) with ordinality as o (text, position)
          where o.text = item limit 1;
          continue when item_position is null;
          edited_item := new_list ->> (item_position - 1);
          continue when old_list ? edited_item or items ? edited_item;
          kept := private.kept_translation(entry, entry, by_host, true, drop_machine);
          if kept is not null then
            items := items || jsonb_build_object(edited_item, kept);
          end if;
        end loop;
      end if;
      if items <> '{}'::jsonb then
        kept_language := kept_language || jsonb_build_object(field, items);
      end if;
    end loop;
    if kept_language <> '{}'::jsonb then
      result := result || jsonb_build_object(language_code, kept_language);
    end if;
  end loop;
  return result;
end;
$$;

comment on function private.reconciled_translations(jsonb, jsonb, jsonb, jsonb, boolean, boolean) is 'The translations a write leaves: entries normalized, host texts the host''s, untouched machine texts of changed originals removed, untouched host texts marked outdated, orphans removed (an activity edited in place keeps its host translations, outdated).';

-- Raises the first problem of a row's translations, with the shared messages (23514, path in `detail`), and
-- returns what is stored: the row's reconciled translations.
create function private.checked_translations(
  old_translations jsonb,
  new_translations jsonb,
  old_originals jsonb,
  new_originals jsonb,
  paths text[],
  drop_machine boolean
)
returns jsonb
language plpgsql
stable
set search_path = ''
as $$
declare
  problem record;
  kept jsonb;
begin
  select * into problem from private.translations_shape_problem(new_translations, paths);
  if problem.message is not null then
    raise exception '%', problem.message using errcode = 'check_violation', detail = problem.path;
  end if;
  -- The API's signed-in role is the host; the Edge Function (service role) and maintenance may write machine texts.
  kept := private.reconciled_translations(
    coalesce(old_translations, '{}'::jsonb), new_translations, old_originals, new_originals,
    current_user = 'authenticated', drop_machine
  );
  select * into problem from private.translations_problem(kept, new_originals);
  if problem.message is not null then
    raise exception '%', problem.message using errcode = 'check_violation', detail = problem.path;
  end if;
  return kept;
end;
$$;

comment on function private.checked_translations(jsonb, jsonb, jsonb, jsonb, text[], boolean) is 'Validates a row''s translations (23514, path with language in detail) and returns them reconciled with the originals.';

-- ---------------------------------------------------------------------------------------------------------
-- Columns and triggers

alter table public.properties
  add column original_language text not null default 'en'
    constraint properties_original_language_check check (original_language in ('en', 'es', 'fr', 'de', 'it', 'zh', 'ja')),
  add column translations jsonb not null default '{}'::jsonb
    constraint properties_translations_check check (jsonb_typeof(translations) = 'object');

alter table public.qr_codes
  add column translations jsonb not null default '{}'::jsonb
    constraint qr_codes_translations_check check (jsonb_typeof(translations) = 'object');

comment on column public.properties.original_language is 'Language the host writes the guide texts in (en, es, fr, de, it, zh, ja): the property''s and its rooms'' originals. Default en; the app sends the host''s UI language on create.';
comment on column public.properties.translations is 'Translations of hotel.name, hotel.description, area.location and each activity: {lang: {path: {text, source: host|machine, outdated?}}}, activities keyed by the original activity.';
comment on column public.qr_codes.translations is 'Translations of the room''s name and of its own overrides of hotel.name, hotel.description, area.location, area.activities: {lang: {path: {text, source: host|machine, outdated?}}}.';

grant insert (original_language, translations) on public.properties to authenticated;
grant update (original_language, translations) on public.properties to authenticated;
grant insert (translations) on public.qr_codes to authenticated;
grant update (translations) on public.qr_codes to authenticated;

create function private.check_property_translations()
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
    array['hotel.name', 'hotel.description', 'area.location', 'area.activities'],
    tg_op = 'UPDATE' and new.original_language <> old.original_language
  );
  return new;
end;
$$;

comment on function private.check_property_translations() is 'Trigger: validates and reconciles a property''s original language and translations (see the guide_languages migration).';

-- Named to run after check_property_guide, which validates the originals.
create trigger check_property_translations
  before insert or update of hotel, area, original_language, translations on public.properties
  for each row execute function private.check_property_translations();

create function private.check_qr_code_translations()
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
    array['name', 'hotel.name', 'hotel.description', 'area.location', 'area.activities'],
    false
  );
  return new;
end;
$$;

comment on function private.check_qr_code_translations() is 'Trigger: validates and reconciles a room''s translations (see the guide_languages migration).';

-- Named to run after check_qr_code_input (which trims and validates the originals) and before the room-number
-- and quota triggers, so bad input is reported first.
create trigger check_qr_code_translations
  before insert or update of name, hotel, area, translations on public.qr_codes
  for each row execute function private.check_qr_code_translations();

-- A property's new original language: its rooms' machine translations were made from another language.
create function private.drop_rooms_machine_translations()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  update public.qr_codes q
  set translations = (
    select coalesce(jsonb_object_agg(l.key, l.texts), '{}'::jsonb)
    from (
      select j.key, (
        select coalesce(jsonb_object_agg(f.key, f.kept), '{}'::jsonb)
        from (
          select e.key, case
            when e.key = 'area.activities' then (
              select jsonb_object_agg(a.key, a.value) from jsonb_each(e.value) as a where a.value ->> 'source' <> 'machine'
            )
            when e.value ->> 'source' <> 'machine' then e.value
          end as kept
          from jsonb_each(j.value) as e
        ) f
        where f.kept is not null
      ) as texts
      from jsonb_each(q.translations) as j
    ) l
    where l.texts <> '{}'::jsonb
  )
  where q.property_id = new.id and q.translations <> '{}'::jsonb;
  return null;
end;
$$;

comment on function private.drop_rooms_machine_translations() is 'Trigger: removes the machine translations of a property''s rooms when its original language changes.';

create trigger drop_rooms_machine_translations
  after update of original_language on public.properties
  for each row when (old.original_language is distinct from new.original_language)
  execute function private.drop_rooms_machine_translations();

-- A room's translations are content: changing them stamps updated_at like its other guide fields.
drop trigger set_updated_at on public.qr_codes;
create trigger set_updated_at
  before update of property_id, name, room_number, hotel, area, style, content, images, template, translations on public.qr_codes
  for each row execute function public.set_updated_at();

-- ---------------------------------------------------------------------------------------------------------
-- The guide

-- The translation of one field that a room's guest sees, from one language's texts of the room and of the
-- property: from the same source (room override or property) as the original the guest sees, so translations
-- travel with their text.
create function private.translated_text(room_value jsonb, room_texts jsonb, property_texts jsonb, path text)
returns jsonb
language sql
immutable
parallel safe
as $$
  select (case when private.room_overrides(room_value) then room_texts else property_texts end) -> path -> 'text'
$$;

comment on function private.translated_text(jsonb, jsonb, jsonb, text) is 'The translation (from one language''s texts of the room and the property) of the text a room''s guest sees for a field, or null.';

-- Every language but the original with the texts it has, in the guide's shape (see the header). PL/pgSQL keeps
-- its queries' plans for the session (a SQL function this size is planned on every call); a guide without any
-- translation returns at once.
create function private.guide_translations(room public.qr_codes, property public.properties)
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
    hotel_texts := jsonb_strip_nulls(jsonb_build_object(
      'name', private.translated_text(room.hotel -> 'name', room_texts, property_texts, 'hotel.name'),
      'description', private.translated_text(room.hotel -> 'description', room_texts, property_texts, 'hotel.description')
    ));
    area_texts := jsonb_strip_nulls(jsonb_build_object(
      'location', private.translated_text(room.area -> 'location', room_texts, property_texts, 'area.location')
    ));
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

comment on function private.guide_translations(public.qr_codes, public.properties) is 'The translations a room''s guest can use: {lang: {name, hotel: {name, description}, area: {location, activities}}}, only what exists, never the original language.';

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
    'images', to_jsonb(room.images),
    'language', property.original_language,
    'translations', private.guide_translations(room, property)
  )
$$;

comment on function private.room_guide(public.qr_codes, public.properties) is 'The guest guide of a room: its own fields merged over its property''s, in get_guide()''s shape, with `language` (the original''s) and `translations` per language.';

-- A guide from room_guide with every text in `lang`, falling back to the original per field and per activity,
-- without `translations`. A language without texts (or the original's, or an unknown code) gives the originals.
create function private.guide_in_language(guide jsonb, lang text)
returns jsonb
language plpgsql
immutable
parallel safe
set search_path = ''
as $$
declare
  texts jsonb := guide -> 'translations' -> lang;
  activities jsonb;
begin
  guide := guide - 'translations';
  if texts is null then
    return guide;
  end if;
  if texts -> 'area' -> 'activities' is not null then
    select jsonb_agg(coalesce(nullif(texts -> 'area' -> 'activities' -> (a.position::integer - 1), 'null'::jsonb), a.original) order by a.position)
    into activities
    from jsonb_array_elements(guide -> 'area' -> 'activities') with ordinality as a (original, position);
  end if;
  return guide || jsonb_build_object(
    'name', coalesce(texts -> 'name', guide -> 'name'),
    'hotel', (guide -> 'hotel') || coalesce(texts -> 'hotel', '{}'::jsonb),
    'area', (guide -> 'area') || coalesce((texts -> 'area') - 'activities', '{}'::jsonb)
      || case when activities is not null then jsonb_build_object('activities', activities) else '{}'::jsonb end
  );
end;
$$;

comment on function private.guide_in_language(jsonb, text) is 'A guide with each text in one language, falling back to the original per field and per activity, without translations.';

revoke execute on all functions in schema private from public;
grant execute on function
  private.guide_languages(),
  private.room_overrides(jsonb),
  private.property_text_originals(jsonb, jsonb),
  private.room_text_originals(text, jsonb, jsonb),
  private.own_texts(jsonb, jsonb),
  private.translations_shape_problem(jsonb, text[]),
  private.translations_problem(jsonb, jsonb),
  private.stored_translation(jsonb),
  private.kept_translation(jsonb, jsonb, boolean, boolean, boolean),
  private.reconciled_translations(jsonb, jsonb, jsonb, jsonb, boolean, boolean),
  private.checked_translations(jsonb, jsonb, jsonb, jsonb, text[], boolean),
  private.translated_text(jsonb, jsonb, jsonb, text),
  private.guide_translations(public.qr_codes, public.properties),
  private.guide_in_language(jsonb, text)
to authenticated, service_role;

-- The guest read keeps its name and its GET call; `lang` is optional, so get_guide(qr_id) answers as before plus
-- `language` and `translations`. (PostgREST picks functions by argument names, so the one-argument version is
-- replaced rather than overloaded.)
drop function public.get_guide(uuid);

create function public.get_guide(qr_id uuid, lang text default null)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  guide jsonb;
begin
  guide := (
    select private.room_guide(q, p)
    from public.qr_codes q
    join public.properties p on p.id = q.property_id
    where q.id = get_guide.qr_id
  );
  if lang is null or guide is null then
    return guide;
  end if;
  return private.guide_in_language(guide, lang);
end;
$$;

comment on function public.get_guide(uuid, text) is 'Guest guide for one QR code, the room''s fields merged over its property''s: {id, name, room_number, template, property_name, style, content: {wifi}, hotel, area, images, language, translations}, or null for an unknown id. With lang: the texts in that language (per-field fallback to the original), no translations.';

revoke execute on function public.get_guide(uuid, text) from public;
grant execute on function public.get_guide(uuid, text) to anon, authenticated, service_role;

-- ---------------------------------------------------------------------------------------------------------
-- Completeness for hosts (computed fields: `select=id,translation_status`)

-- Per language other than the original: how many of `texts` (each a {lang: entry} object) have a translation,
-- how many of those are untouched machine texts and how many are outdated host texts, how many are missing.
create function private.translation_summary(original_language text, texts jsonb[])
returns jsonb
language sql
immutable
parallel safe
as $$
  select jsonb_build_object(
    'original', original_language,
    'texts', cardinality(texts),
    'languages', (
      select jsonb_object_agg(l.lang, jsonb_build_object(
        'translated', (select count(*) from unnest(texts) e where e -> l.lang is not null),
        'machine', (select count(*) from unnest(texts) e where e -> l.lang ->> 'source' = 'machine'),
        'outdated', (select count(*) from unnest(texts) e where (e -> l.lang -> 'outdated') = 'true'::jsonb),
        'missing', (select count(*) from unnest(texts) e where e -> l.lang is null)
      ))
      from unnest(private.guide_languages()) as l (lang)
      where l.lang <> original_language
    )
  )
$$;

comment on function private.translation_summary(text, jsonb[]) is 'Per language: translated, machine (untouched), outdated (host) and missing counts of a list of texts.';

create function public.translation_status(property public.properties)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select private.translation_summary(
    property.original_language,
    array(
      select coalesce(t.entries, '{}'::jsonb)
      from private.own_texts(private.property_text_originals(property.hotel, property.area), property.translations) t
    )
  )
$$;

comment on function public.translation_status(public.properties) is 'Computed field of properties: {original, texts, languages: {lang: {translated, machine, outdated, missing}}} over the property''s translatable texts.';

-- A room: every text its guest sees, each from where it comes (the room's override or the property).
create function public.translation_status(room public.qr_codes)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select private.translation_summary(
    p.original_language,
    array(
      select coalesce(t.entries, '{}'::jsonb)
      from private.own_texts(private.room_text_originals(room.name, room.hotel, room.area), room.translations) t
      union all
      select coalesce(t.entries, '{}'::jsonb)
      from private.own_texts(private.property_text_originals(p.hotel, p.area), p.translations) t
      where not private.room_overrides(private.room_text_originals(room.name, room.hotel, room.area) -> t.path)
    )
  )
  from public.properties p
  where p.id = room.property_id
$$;

comment on function public.translation_status(public.qr_codes) is 'Computed field of qr_codes: {original, texts, languages: {lang: {translated, machine, outdated, missing}}} over every text the room''s guest sees (its own and the inherited ones).';

revoke execute on function private.translation_summary(text, jsonb[]) from public;
grant execute on function private.translation_summary(text, jsonb[]) to authenticated, service_role;
revoke execute on function public.translation_status(public.properties) from public, anon;
revoke execute on function public.translation_status(public.qr_codes) from public, anon;
grant execute on function public.translation_status(public.properties) to authenticated, service_role;
grant execute on function public.translation_status(public.qr_codes) to authenticated, service_role;

-- ---------------------------------------------------------------------------------------------------------
-- Machine translation (called by the translate-guide Edge Function with the service role, for a signed-in owner)

-- What is missing: for the property (with its rooms) or the room, every own text that lacks a translation in one
-- of `languages` (default all but the original). {property_id, source_language, texts: [{room_id, path, item,
-- text, languages}]}. PT404 when the target is not the owner's.
create function public.machine_translation_work(owner_id uuid, property_id uuid, room_id uuid default null, languages text[] default null)
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
    where q.id = machine_translation_work.room_id and q.user_id = owner_id
      and (machine_translation_work.property_id is null or p.id = machine_translation_work.property_id);
    if not found then
      raise exception 'Room not found.' using errcode = 'PT404', detail = 'room_id';
    end if;
  else
    select p.* into property from public.properties p where p.id = machine_translation_work.property_id and p.user_id = owner_id;
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
          where q.property_id = property.id and q.user_id = owner_id
            and (machine_translation_work.room_id is null or q.id = machine_translation_work.room_id)
        ) s
      ) w
      where w.missing <> '[]'::jsonb
    ), '[]'::jsonb)
  );
end;
$$;

comment on function public.machine_translation_work(uuid, uuid, uuid, text[]) is 'Service role: the own texts of an owner''s property (and its rooms) or room that miss a translation in the wanted languages: {property_id, source_language, texts: [{room_id, path, item, text, languages}]}; PT404 when not the owner''s.';

-- One row's translations with machine texts added where still wanted: the original is still `text` (an activity
-- still in the list), the language is not the original, and there is no entry or only an untouched machine one.
-- A text that breaks the originals' rules (e.g. too long) is left out and reported.
create function private.with_machine_translations(
  translations jsonb,
  originals jsonb,
  original_language text,
  results jsonb,
  out kept jsonb,
  out applied integer,
  out refused jsonb
)
language plpgsql
stable
set search_path = ''
as $$
declare
  result jsonb;
  language_code text;
  field text;
  item text;
  entry_path text[];
  existing jsonb;
  candidate jsonb;
  problem record;
begin
  kept := translations;
  applied := 0;
  refused := '[]';
  for result in select value from jsonb_array_elements(results) loop
    language_code := result ->> 'language';
    field := result ->> 'path';
    item := result ->> 'item';
    continue when language_code is null or language_code = original_language or language_code <> all (private.guide_languages());
    continue when coalesce(result ->> 'translation', '') = '';
    if field = 'area.activities' then
      continue when item is null or item <> (result ->> 'text') or not coalesce(jsonb_typeof(originals -> field) = 'array' and originals -> field ? item, false);
      entry_path := array[language_code, field, item];
    else
      continue when item is not null or (originals ->> field) is distinct from (result ->> 'text');
      entry_path := array[language_code, field];
    end if;
    existing := kept #> entry_path;
    continue when existing is not null and existing ->> 'source' <> 'machine';

    candidate := jsonb_build_object(language_code, jsonb_build_object(field,
      case when item is null then jsonb_build_object('text', result ->> 'translation', 'source', 'machine')
           else jsonb_build_object(item, jsonb_build_object('text', result ->> 'translation', 'source', 'machine')) end));
    select * into problem from private.translations_problem(candidate, originals);
    if problem.message is not null then
      refused := refused || jsonb_build_object('path', field, 'item', item, 'language', language_code, 'message', problem.message, 'details', problem.path);
      continue;
    end if;
    if kept -> language_code is null then
      kept := kept || jsonb_build_object(language_code, '{}'::jsonb);
    end if;
    if item is not null and kept -> language_code -> field is null then
      kept := jsonb_set(kept, array[language_code, field], '{}'::jsonb);
    end if;
    kept := jsonb_set(kept, entry_path, jsonb_build_object('text', result ->> 'translation', 'source', 'machine'));
    applied := applied + 1;
  end loop;
end;
$$;

comment on function private.with_machine_translations(jsonb, jsonb, text, jsonb) is 'A row''s translations with machine texts added where their original is unchanged and no host text exists; counts and reports refused texts.';

-- Writes machine translations: results [{room_id, path, item, text (the original translated), language,
-- translation}] for the owner's property (room_id null) or its rooms, under the rows' locks, so a host edit or
-- an original changed meanwhile always wins. Returns {applied, skipped, refused: [{path, item, language, message,
-- details}]}.
create function public.apply_machine_translations(owner_id uuid, property_id uuid, results jsonb)
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
  where p.id = apply_machine_translations.property_id and p.user_id = owner_id
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
    where q.property_id = property.id and q.user_id = owner_id
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

comment on function public.apply_machine_translations(uuid, uuid, jsonb) is 'Service role: writes machine translations of an owner''s property and its rooms where the original is unchanged and no host text exists; {applied, skipped, refused}.';

revoke execute on function private.with_machine_translations(jsonb, jsonb, text, jsonb) from public;
grant execute on function private.with_machine_translations(jsonb, jsonb, text, jsonb) to service_role;
revoke execute on function public.machine_translation_work(uuid, uuid, uuid, text[]) from public, anon, authenticated;
revoke execute on function public.apply_machine_translations(uuid, uuid, jsonb) from public, anon, authenticated;
grant execute on function public.machine_translation_work(uuid, uuid, uuid, text[]) to service_role;
grant execute on function public.apply_machine_translations(uuid, uuid, jsonb) to service_role;
