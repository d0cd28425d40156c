-- Guests ask, staff answer: requests from the room guide, the staff's queue, and notices to guests.
--
-- Requests
--   * A property turns requests on (`requests_enabled`, off by default so existing guides do not change), picks
--     the request types its guests may choose (`request_types`, from a fixed list whose labels the app translates
--     into the seven guide languages) and the addresses that get an email for each new request
--     (`request_emails`).
--   * Guests have no login: they create a request only through submit_guest_request() for the room of the code
--     they scanned, and read back only the requests of that room made with their own device token
--     (guest_requests_of()). The request's id is made on the device, so a request kept offline and sent twice
--     is one request.
--   * Limits a real guest never meets (private.guest_request_limits): 5 open requests per room and device,
--     20 requests a day per client address. Refusals are PT429 (HTTP 429) with detail 'device' or 'address'.
--   * Team members of the property (every role: front desk and up) read its requests and may change the
--     status, the assignee, the internal note and the reply to the guest; nothing else, and no one deletes
--     through the API. Who sent a request (device token, address) stays in the private schema.
--
-- Notices
--   * A short text per property, for all its rooms or some, translated by the host per language, shown to
--     guests from starts_at until ends_at. get_guide() carries the notices that have not ended yet (at most 14
--     days ahead), so a guide saved on the device shows each one inside its window offline too.
--
-- Existing rows: every property gets requests off, every default type and no email address; no request or notice
-- exists before this migration.

-- ---------------------------------------------------------------------------------------------------------
-- settings per property

create function private.guest_request_types()
returns text[]
language sql
immutable
parallel safe
set search_path = ''
as $$
  select array['towels', 'housekeeping', 'maintenance', 'late_checkout', 'other']
$$;

comment on function private.guest_request_types() is 'The request types a property may offer its guests, in the order the guide shows them; ''other'' asks for a note.';

create function private.valid_request_emails(addresses text[])
returns boolean
language sql
immutable
parallel safe
set search_path = ''
as $$
  select cardinality(addresses) <= 10
     and coalesce(bool_and(a ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$' and length(a) <= 254), true)
  from unnest(addresses) as a
$$;

comment on function private.valid_request_emails(text[]) is 'At most 10 addresses, each one plausible (local@domain.tld, at most 254 characters).';

alter table public.properties
  add column requests_enabled boolean not null default false,
  add column request_types text[] not null default private.guest_request_types(),
  add column request_emails text[] not null default '{}';

alter table public.properties
  add constraint properties_request_types_check
    check (cardinality(request_types) between 1 and 5 and request_types <@ private.guest_request_types()),
  add constraint properties_request_emails_check
    check (private.valid_request_emails(request_emails));

comment on column public.properties.requests_enabled is 'Whether guests may send requests from this property''s guides.';
comment on column public.properties.request_types is 'The request types guests may choose (private.guest_request_types()).';
comment on column public.properties.request_emails is 'The addresses emailed for each new guest request (at most 10).';

grant insert (requests_enabled, request_types, request_emails) on public.properties to authenticated;
grant update (requests_enabled, request_types, request_emails) on public.properties to authenticated;

-- ---------------------------------------------------------------------------------------------------------
-- requests

create type public.guest_request_status as enum ('received', 'in_progress', 'done');
comment on type public.guest_request_status is 'Where a guest request stands: received (new), in_progress, done.';

create table public.guest_requests (
  id uuid primary key,
  property_id uuid not null references public.properties (id) on delete cascade,
  qr_code_id uuid references public.qr_codes (id) on delete set null,
  type text not null check (type = any (private.guest_request_types())),
  note text check (char_length(note) between 1 and 500),
  preferred_time time,
  language text not null default 'en',
  status public.guest_request_status not null default 'received',
  assignee_id uuid references auth.users (id) on delete set null,
  internal_note text check (char_length(internal_note) <= 2000),
  reply text check (char_length(reply) <= 1000),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  started_at timestamptz,
  done_at timestamptz,
  replied_at timestamptz,
  notified_at timestamptz,
  constraint guest_requests_other_has_note check (type <> 'other' or note is not null)
);

comment on table public.guest_requests is 'What guests asked for from a room''s guide. Created by submit_guest_request() only; the property''s team members read them and change status, assignee, internal note and reply.';
comment on column public.guest_requests.qr_code_id is 'The room asked from; null once the room has been deleted (the request stays in the property''s history).';
comment on column public.guest_requests.language is 'The guide language the guest used, so the staff can answer in it.';
comment on column public.guest_requests.notified_at is 'When the property''s addresses were emailed about it (notify-guest-request), null before.';

create index guest_requests_property_created_idx on public.guest_requests (property_id, created_at desc);
create index guest_requests_room_idx on public.guest_requests (qr_code_id, created_at desc);
create index guest_requests_open_idx on public.guest_requests (property_id) where status <> 'done';

alter table public.guest_requests enable row level security;
alter table public.guest_requests replica identity full;

-- Who asked: kept out of the API.
create table private.guest_request_sources (
  request_id uuid primary key references public.guest_requests (id) on delete cascade,
  qr_code_id uuid not null,
  device_token uuid not null,
  client_address text not null,
  created_at timestamptz not null default now()
);

comment on table private.guest_request_sources is 'The device token and client address of each guest request: for the guest''s own status view and the limits, never readable through the API.';

create index guest_request_sources_device_idx on private.guest_request_sources (qr_code_id, device_token);
create index guest_request_sources_address_idx on private.guest_request_sources (client_address, created_at);

create table private.guest_request_limits (
  singleton boolean primary key default true check (singleton),
  open_per_device integer not null check (open_per_device >= 1),
  per_address_per_day integer not null check (per_address_per_day >= 1)
);

comment on table private.guest_request_limits is 'Guest request limits (one row): open requests per room and device; requests per client address in 24 hours.';

insert into private.guest_request_limits (open_per_device, per_address_per_day) values (5, 20);

-- What a guest sees of their request: never the internal note or the assignee.
create function private.guest_view(request public.guest_requests)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select jsonb_build_object(
    'id', request.id, 'type', request.type, 'note', request.note,
    'preferred_time', to_char(request.preferred_time, 'HH24:MI'), 'status', request.status,
    'reply', request.reply, 'created_at', request.created_at, 'updated_at', request.updated_at)
$$;

comment on function private.guest_view(public.guest_requests) is 'A request as its guest sees it: {id, type, note, preferred_time, status, reply, created_at, updated_at}.';

create function public.submit_guest_request(
  request_id uuid,
  qr_id uuid,
  device_token uuid,
  type text,
  note text default null,
  preferred_time text default null,
  language text default null
)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  room public.qr_codes;
  property public.properties;
  existing public.guest_requests;
  source private.guest_request_sources;
  limits private.guest_request_limits;
  address text := private.client_address();
  clean_note text := nullif(btrim(note), '');
  wanted_time time;
  created public.guest_requests;
begin
  -- The same request sent again (an offline retry whose first answer was lost): the request as it is.
  select r.* into existing from public.guest_requests r where r.id = submit_guest_request.request_id;
  if found then
    select s.* into source from private.guest_request_sources s where s.request_id = existing.id;
    if source.device_token is distinct from submit_guest_request.device_token or source.qr_code_id is distinct from submit_guest_request.qr_id then
      raise exception 'Request not found.' using errcode = 'PT404', detail = 'request_id';
    end if;
    return private.guest_view(existing);
  end if;

  select q.* into room from public.qr_codes q where q.id = submit_guest_request.qr_id;
  if not found then
    raise exception 'QR code not found' using errcode = 'PT404', detail = 'qr_id';
  end if;
  select p.* into property from public.properties p where p.id = room.property_id;
  if not property.requests_enabled then
    raise exception 'Requests are off for this room.' using errcode = 'PT403', detail = 'requests_enabled';
  end if;
  if submit_guest_request.type is null or not (submit_guest_request.type = any (property.request_types)) then
    raise exception 'This request type is not offered here.' using errcode = '22023', detail = 'type';
  end if;
  if submit_guest_request.type = 'other' and clean_note is null then
    raise exception 'Say what you need in the note.' using errcode = '22023', detail = 'note';
  end if;
  if char_length(clean_note) > 500 then
    raise exception 'The note is longer than 500 characters.' using errcode = '22023', detail = 'note';
  end if;
  if nullif(btrim(preferred_time), '') is not null then
    if preferred_time !~ '^\s*([01]?[0-9]|2[0-3]):[0-5][0-9]\s*$' then
      raise exception 'The preferred time is not a time of day (HH:MM).' using errcode = '22023', detail = 'preferred_time';
    end if;
    wanted_time := btrim(preferred_time)::time;
  end if;

  select l.* into limits from private.guest_request_limits l;
  -- One room and device at a time, so two sends at once cannot both pass the count.
  perform pg_advisory_xact_lock(hashtextextended('guest request ' || submit_guest_request.qr_id || ' ' || submit_guest_request.device_token, 0));
  if (select count(*) from private.guest_request_sources s join public.guest_requests r on r.id = s.request_id
      where s.qr_code_id = submit_guest_request.qr_id and s.device_token = submit_guest_request.device_token and r.status <> 'done')
     >= limits.open_per_device then
    raise exception 'Too many open requests'
      using errcode = 'PT429', detail = 'device',
            hint = format('At most %s open requests per room and device.', limits.open_per_device);
  end if;
  perform pg_advisory_xact_lock(hashtextextended('guest request address ' || address, 0));
  if (select count(*) from private.guest_request_sources s
      where s.client_address = address and s.created_at > now() - interval '1 day')
     >= limits.per_address_per_day then
    raise exception 'Too many requests'
      using errcode = 'PT429', detail = 'address',
            hint = format('At most %s requests a day per address.', limits.per_address_per_day);
  end if;

  insert into public.guest_requests (id, property_id, qr_code_id, type, note, preferred_time, language)
  values (submit_guest_request.request_id, room.property_id, room.id, submit_guest_request.type, clean_note, wanted_time,
          case when submit_guest_request.language = any (private.guide_languages()) then submit_guest_request.language else property.original_language end)
  returning * into created;
  insert into private.guest_request_sources (request_id, qr_code_id, device_token, client_address)
  values (created.id, room.id, submit_guest_request.device_token, address);
  return private.guest_view(created);
end;
$$;

comment on function public.submit_guest_request(uuid, uuid, uuid, text, text, text, text) is 'A guest''s request from the guide of qr_id (no login): request_id made on the device (sending it again returns the same request), device_token the guide''s anonymous id on this device, type one of the property''s request_types, note up to 500 characters (required for ''other''), preferred_time HH:MM. Returns the request as its guest sees it. PT404 unknown room, PT403 requests off, 22023 bad input (detail: the field), PT429 limits (detail device or address).';

create function public.guest_requests_of(qr_id uuid, device_token uuid)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(jsonb_agg(private.guest_view(r) order by r.created_at desc), '[]'::jsonb)
  from (
    select r.*
    from private.guest_request_sources s
    join public.guest_requests r on r.id = s.request_id
    where s.qr_code_id = guest_requests_of.qr_id and s.device_token = guest_requests_of.device_token
      and (r.status <> 'done' or r.updated_at > now() - interval '7 days')
    order by r.created_at desc
    limit 20
  ) r
$$;

comment on function public.guest_requests_of(uuid, uuid) is 'The requests made from the guide of qr_id with device_token: open ones and those done in the last 7 days, newest first, at most 20, as their guest sees them.';

-- Staff changes: the times follow the status and the reply; an assignee must reach the property.
create function private.guest_request_before_update()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := now();
  if new.status is distinct from old.status then
    new.started_at := case when new.status = 'received' then null else coalesce(old.started_at, now()) end;
    new.done_at := case when new.status = 'done' then now() else null end;
  end if;
  if new.reply is distinct from old.reply then
    new.reply := nullif(btrim(new.reply), '');
    new.replied_at := case when new.reply is null then null else now() end;
  end if;
  new.internal_note := nullif(btrim(new.internal_note), '');
  if new.assignee_id is not null and new.assignee_id is distinct from old.assignee_id
     and not (new.property_id = any (private.property_ids_for(new.assignee_id, array['owner', 'admin', 'editor', 'front_desk']::public.team_role[]))) then
    raise exception 'The assignee is not a team member of this property.' using errcode = '23514', detail = 'assignee_id';
  end if;
  return new;
end;
$$;

comment on function private.guest_request_before_update() is 'Trigger: updated_at, started_at, done_at and replied_at from the change; refuses an assignee outside the property''s team.';

create trigger guest_requests_before_update
  before update on public.guest_requests
  for each row execute function private.guest_request_before_update();

create policy "guest_requests: authenticated can select requests of their properties" on public.guest_requests
  for select to authenticated
  using (property_id = any ((select private.readable_property_ids())::uuid[]));
create policy "guest_requests: authenticated can update requests of their properties" on public.guest_requests
  for update to authenticated
  using (property_id = any ((select private.readable_property_ids())::uuid[]))
  with check (property_id = any ((select private.readable_property_ids())::uuid[]));

grant select on public.guest_requests to authenticated;
grant update (status, assignee_id, internal_note, reply) on public.guest_requests to authenticated;
grant select, insert, update, delete on public.guest_requests to service_role;

-- Per UTC day and type, and per type over the whole range (day null): how many were asked, how many are done, and
-- the median time from asking to done, over the properties the caller reads (one team's, or one property).
create function public.guest_request_days(from_day date, to_day date, for_team uuid default null, for_property uuid default null)
returns table (day date, type text, requests integer, done integer, median_seconds_to_done integer)
language sql
stable
set search_path = ''
as $$
  select (r.created_at at time zone 'utc')::date, r.type, count(*)::integer, count(r.done_at)::integer,
         (percentile_cont(0.5) within group (order by extract(epoch from r.done_at - r.created_at)))::integer
  from public.guest_requests r
  join public.properties p on p.id = r.property_id
  where r.created_at >= from_day::timestamp at time zone 'utc'
    and r.created_at < (to_day + 1)::timestamp at time zone 'utc'
    and (for_team is null or p.team_id = for_team)
    and (for_property is null or r.property_id = for_property)
  group by grouping sets (((r.created_at at time zone 'utc')::date, r.type), (r.type))
  order by 1 nulls first, 2
$$;

comment on function public.guest_request_days(date, date, uuid, uuid) is 'Guest requests between from_day and to_day (UTC days) of the properties the caller reads, optionally of one team or property: per day and type, and per type for the whole range (day null): requests, done, and the median seconds from request to done (null when none is done).';

-- ---------------------------------------------------------------------------------------------------------
-- notices

create function private.valid_notice_translations(translations jsonb)
returns boolean
language sql
immutable
parallel safe
set search_path = ''
as $$
  select jsonb_typeof(translations) = 'object'
     and coalesce(bool_and(t.key = any (private.guide_languages()) and jsonb_typeof(t.value) = 'string'
                           and char_length(t.value #>> '{}') between 1 and 280), true)
  from jsonb_each(translations) as t
$$;

comment on function private.valid_notice_translations(jsonb) is 'A notice''s translations: {language: text} with guide languages only, each text 1–280 characters.';

create table public.guest_notices (
  id uuid primary key default gen_random_uuid(),
  property_id uuid not null references public.properties (id) on delete cascade,
  room_ids uuid[] check (room_ids is null or cardinality(room_ids) between 1 and 1000),
  text text not null check (char_length(btrim(text)) between 1 and 280),
  translations jsonb not null default '{}' check (private.valid_notice_translations(translations)),
  starts_at timestamptz not null,
  ends_at timestamptz not null,
  created_by uuid default auth.uid() references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  constraint guest_notices_window_check check (ends_at > starts_at)
);

comment on table public.guest_notices is 'Short texts shown at the top of a property''s guides (all rooms, or room_ids) from starts_at until ends_at, in the guest''s language where the host translated them. Team members of the property write them.';
comment on column public.guest_notices.translations is '{language: text}: the host''s translations; the original text shows where one is missing.';

create index guest_notices_property_idx on public.guest_notices (property_id, ends_at);

alter table public.guest_notices enable row level security;
alter table public.guest_notices replica identity full;

create function private.guest_notice_rooms_check()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.room_ids is not null and exists (
    select 1 from unnest(new.room_ids) as r (id)
    where not exists (select 1 from public.qr_codes q where q.id = r.id and q.property_id = new.property_id)
  ) then
    raise exception 'A notice can only name rooms of its property.' using errcode = '23514', detail = 'room_ids';
  end if;
  return new;
end;
$$;

comment on function private.guest_notice_rooms_check() is 'Trigger: a notice''s rooms belong to its property.';

create trigger guest_notices_rooms_check
  before insert or update on public.guest_notices
  for each row execute function private.guest_notice_rooms_check();

create policy "guest_notices: authenticated can select notices of their properties" on public.guest_notices
  for select to authenticated
  using (property_id = any ((select private.readable_property_ids())::uuid[]));
create policy "guest_notices: authenticated can insert notices on their properties" on public.guest_notices
  for insert to authenticated
  with check (property_id = any ((select private.readable_property_ids())::uuid[]));
create policy "guest_notices: authenticated can update notices of their properties" on public.guest_notices
  for update to authenticated
  using (property_id = any ((select private.readable_property_ids())::uuid[]))
  with check (property_id = any ((select private.readable_property_ids())::uuid[]));
create policy "guest_notices: authenticated can delete notices of their properties" on public.guest_notices
  for delete to authenticated
  using (property_id = any ((select private.readable_property_ids())::uuid[]));

grant select, delete on public.guest_notices to authenticated;
grant insert (property_id, room_ids, text, translations, starts_at, ends_at) on public.guest_notices to authenticated;
grant update (room_ids, text, translations, starts_at, ends_at) on public.guest_notices to authenticated;
grant select, insert, update, delete on public.guest_notices to service_role;

-- ---------------------------------------------------------------------------------------------------------
-- the guide: requests and notices

-- {enabled, types} and the notices of the room that end after now, at most 14 days ahead and 10 of them.
create function private.guide_guest_extras(qr_id uuid)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select jsonb_build_object(
    'requests', jsonb_build_object('enabled', p.requests_enabled, 'types', to_jsonb(p.request_types)),
    'notices', coalesce((
      select jsonb_agg(jsonb_build_object('id', n.id, 'text', n.text, 'translations', n.translations,
                                          'starts_at', n.starts_at, 'ends_at', n.ends_at)
                       order by n.starts_at, n.id)
      from (
        select n.* from public.guest_notices n
        where n.property_id = p.id and n.ends_at > now() and n.starts_at < now() + interval '14 days'
          and (n.room_ids is null or q.id = any (n.room_ids))
        order by n.starts_at, n.id
        limit 10
      ) n
    ), '[]'::jsonb))
  from public.qr_codes q
  join public.properties p on p.id = q.property_id
  where q.id = guide_guest_extras.qr_id
$$;

comment on function private.guide_guest_extras(uuid) is 'The guide''s requests {enabled, types} and notices [{id, text, translations, starts_at, ends_at}] (not ended, starting within 14 days, at most 10).';

create or replace function public.get_guide(qr_id uuid, lang text default null)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  guide jsonb;
  extras jsonb;
begin
  guide := (
    select private.room_guide(q, p)
    from public.qr_codes q
    join public.properties p on p.id = q.property_id
    where q.id = get_guide.qr_id
  );
  if guide is null then
    return null;
  end if;
  extras := private.guide_guest_extras(get_guide.qr_id);
  if lang is null then
    return guide || extras;
  end if;
  return private.guide_in_language(guide, lang) || jsonb_build_object(
    'requests', extras -> 'requests',
    'notices', (
      select coalesce(jsonb_agg((n - 'translations') || jsonb_build_object('text', coalesce(n -> 'translations' ->> lang, n ->> 'text'))), '[]'::jsonb)
      from jsonb_array_elements(extras -> 'notices') as n
    ));
end;
$$;

comment on function public.get_guide(uuid, text) is 'Guest guide for one QR code, the room''s fields merged over its property''s: {id, name, room_number, template, property_name, style, content: {wifi}, hotel, area, images, language, translations, requests: {enabled, types}, notices}, or null for an unknown id. With lang: the texts in that language (per-field fallback to the original), no translations.';

revoke execute on function private.guest_request_types(), private.valid_request_emails(text[]), private.guest_view(public.guest_requests),
  private.guest_request_before_update(), private.valid_notice_translations(jsonb), private.guest_notice_rooms_check(),
  private.guide_guest_extras(uuid) from public;
grant execute on function private.guest_request_types(), private.valid_request_emails(text[]), private.valid_notice_translations(jsonb)
  to authenticated, service_role;
revoke execute on function public.submit_guest_request(uuid, uuid, uuid, text, text, text, text), public.guest_requests_of(uuid, uuid) from public;
grant execute on function public.submit_guest_request(uuid, uuid, uuid, text, text, text, text), public.guest_requests_of(uuid, uuid)
  to anon, authenticated, service_role;
revoke execute on function public.guest_request_days(date, date, uuid, uuid) from public, anon;
grant execute on function public.guest_request_days(date, date, uuid, uuid) to authenticated, service_role;

-- ---------------------------------------------------------------------------------------------------------
-- live: the staff queue and the notices list follow changes through Realtime

do $$
begin
  if not exists (select 1 from pg_publication where pubname = 'supabase_realtime') then
    create publication supabase_realtime;
  end if;
  if not exists (select 1 from pg_publication_tables where pubname = 'supabase_realtime' and schemaname = 'public' and tablename = 'guest_requests') then
    alter publication supabase_realtime add table public.guest_requests;
  end if;
  if not exists (select 1 from pg_publication_tables where pubname = 'supabase_realtime' and schemaname = 'public' and tablename = 'guest_notices') then
    alter publication supabase_realtime add table public.guest_notices;
  end if;
end;
$$;
