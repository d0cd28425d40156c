-- Scans in their own narrow table: one row per room per UTC day, upserted by record_scan().
--
-- Until now a scan updated the room's qr_codes row (scan_count + 1, scan_history[today] + 1): every scan wrote
-- a new version of the whole row, guide JSON included, and waited on the same row lock as the host's edits. Now:
--
--   public.scan_days (qr_code_id, day, user_id, scans, last_scanned_at)
--       one row per room per UTC day; a scan inserts it or adds one to it (insert ... on conflict do update),
--       so a scan writes about 60 bytes and never touches the guide row. Hosts read their own rooms' rows
--       (RLS on the copied user_id); nobody writes the table through the API.
--   counted at commit
--       record_scan() notes the scan in private.scans_to_count (unlogged) and a deferred constraint trigger adds
--       it to scan_days while the transaction commits. The day's row of a popular room is then locked only for
--       the moment of the commit itself, not across the round trip from PostgREST back to the database, so
--       concurrent scans of one room do not queue behind each other's network latency. A scan is in scan_days
--       exactly when its transaction committed; committed notes are deleted now and then (private.tidy_scans).
--   scan_count(qr_codes), scan_history(qr_codes), last_scanned_at(qr_codes)
--       computed fields with the old columns' names and values: `select=...,scan_count,last_scanned_at` on
--       qr_codes keeps answering what it answered before, under the row's RLS. They are not part of `*`.
--   scan_stats(from_day, to_day, for_property, for_room)
--       the host's read API for the analytics screens and the CSV export (see its comment).
--
-- record_scan() keeps its contract: an unknown id raises 'QR code not found' (PT404, HTTP 404), and one call
-- adds exactly one scan. Its internals live in private.record_scan_at(), which takes the time and the client
-- address as arguments so tests can scan at any moment; guests cannot reach `private` and cannot pick the day.
-- The scan rate limit (a later migration) hooks into private.record_scan_at().
--
-- Existing data: every room's scan_history moves into scan_days day by day. A room whose scan_count is larger
-- than its history's sum (only the service role could make that) keeps its count: the difference is put on the
-- day of its last scan (or of its creation). last_scanned_at moves onto its day's row. The migration checks
-- that every room's total, days and last scan are what they were before it drops the old columns.

-- ---------------------------------------------------------------------------------------------------------
-- the table

create table public.scan_days (
  qr_code_id uuid not null references public.qr_codes (id) on delete cascade,
  day date not null,
  -- The room's owner, copied (a room never changes owner) so RLS compares one column and a scan reads no
  -- other row. No foreign key: that would lock the owner's users row, which the quota trigger locks too.
  user_id uuid not null,
  scans integer not null check (scans >= 0),
  last_scanned_at timestamptz,
  primary key (qr_code_id, day)
)
-- A day's row is updated in place many times; room on its page keeps those updates HOT (no index writes).
with (fillfactor = 70);

comment on table public.scan_days is 'Guide opens per room per UTC day, written only by record_scan(). Hosts read their own rooms'' rows; nobody writes through the API.';
comment on column public.scan_days.day is 'The UTC calendar day of the scans.';
comment on column public.scan_days.user_id is 'The room''s owner (copied from qr_codes for RLS).';
comment on column public.scan_days.scans is 'Scans of this room on this day.';
comment on column public.scan_days.last_scanned_at is 'Time of the day''s latest scan; null for days migrated from scan_history without a time.';

alter table public.scan_days enable row level security;

create policy "scan_days: authenticated can select own rooms' scans"
  on public.scan_days for select to authenticated
  using ((select auth.uid()) = user_id);

-- Read-only for hosts and the service role; record_scan() (security definer) is the only writer.
grant select on public.scan_days to authenticated, service_role;

-- ---------------------------------------------------------------------------------------------------------
-- existing scan_history → scan_days

-- The old writer goes first, so no scan lands in the old columns after they are read. (`supabase db push` runs a
-- migration statement by statement, without one enclosing transaction: a guest scan in the moment before the new
-- record_scan exists fails, and the guide page sends it again on the next open.)
drop function public.record_scan(uuid);

-- A key of scan_history as a date, or null when it is not a real YYYY-MM-DD date.
create function pg_temp.history_day(key text)
returns date
language plpgsql
immutable
as $$
begin
  if key !~ '^\d{4}-\d{2}-\d{2}$' then
    return null;
  end if;
  return key::date;
exception when others then
  return null;
end;
$$;

create temporary table old_scans as
  select id, user_id, scan_count, scan_history, last_scanned_at, created_at from public.qr_codes;

-- The entries that are a real day with a positive whole count; anything else is left to the remainder below.
create temporary table old_scan_days as
  select e.qr_code_id, e.day, sum(e.scans)::integer as scans
  from (
    select o.id as qr_code_id,
           pg_temp.history_day(h.key) as day,
           case when jsonb_typeof(h.value) = 'number' and (h.value #>> '{}') ~ '^\d{1,9}$' then (h.value #>> '{}')::integer end as scans
    from old_scans o
    cross join lateral jsonb_each(o.scan_history) as h (key, value)
  ) e
  where e.day is not null and e.scans > 0
  group by 1, 2;

insert into public.scan_days (qr_code_id, day, user_id, scans)
  select d.qr_code_id, d.day, o.user_id, d.scans
  from old_scan_days d join old_scans o on o.id = d.qr_code_id;

-- Counts the history does not account for go to the day of the last scan (or of the room's creation).
insert into public.scan_days as s (qr_code_id, day, user_id, scans)
  select o.id, (coalesce(o.last_scanned_at, o.created_at) at time zone 'utc')::date, o.user_id,
         o.scan_count - coalesce((select sum(d.scans) from old_scan_days d where d.qr_code_id = o.id), 0)
  from old_scans o
  where o.scan_count > coalesce((select sum(d.scans) from old_scan_days d where d.qr_code_id = o.id), 0)
  on conflict (qr_code_id, day) do update set scans = s.scans + excluded.scans;

-- The last scan time goes onto its day's row, or onto the latest day when the history lacks that day.
update public.scan_days s
set last_scanned_at = o.last_scanned_at
from old_scans o
where o.last_scanned_at is not null
  and s.qr_code_id = o.id
  and s.day = coalesce(
    (select d.day from public.scan_days d where d.qr_code_id = o.id and d.day = (o.last_scanned_at at time zone 'utc')::date),
    (select max(d.day) from public.scan_days d where d.qr_code_id = o.id)
  );

-- Every room keeps its total, days and last scan time, checked before the old columns go.
do $$
declare
  changed record;
begin
  select o.id, o.scan_count as total_before, coalesce(n.total, 0) as total_after into changed
  from old_scans o
  left join lateral (
    select sum(s.scans) as total, max(s.last_scanned_at) as last from public.scan_days s where s.qr_code_id = o.id
  ) n on true
  where coalesce(n.total, 0) <> greatest(o.scan_count, coalesce((select sum(d.scans) from old_scan_days d where d.qr_code_id = o.id), 0))
     or n.last is distinct from (case when coalesce(n.total, 0) > 0 then o.last_scanned_at end)
     or exists (
       select 1 from old_scan_days d
       where d.qr_code_id = o.id
         and d.scans > (select s.scans from public.scan_days s where s.qr_code_id = d.qr_code_id and s.day = d.day)
     )
  limit 1;
  if found then
    raise exception 'scan_days migration would change room %: % scans before, % after', changed.id, changed.total_before, changed.total_after;
  end if;
end;
$$;

-- ---------------------------------------------------------------------------------------------------------
-- record_scan: same contract, new storage

alter table public.qr_codes
  drop column scan_count,
  drop column scan_history,
  drop column last_scanned_at;

-- Scans noted by record_scan(), counted into scan_days by the trigger below as their transaction commits. A
-- note another transaction can see was committed, so it has been counted: private.tidy_scans() deletes those now
-- and then (deleting each note at commit would cost every scan a second write). Unlogged: nothing in it has to
-- survive a crash.
create unlogged table private.scans_to_count (
  qr_code_id uuid not null,
  owner_id uuid not null,
  scanned_at timestamptz not null
);

comment on table private.scans_to_count is 'Scans noted by record_scan(), added to scan_days when their transaction commits; committed (counted) notes are deleted by tidy_scans().';

-- Adds a noted scan to the room's row of its UTC day (created with 1 if it is the day's first scan). The day
-- follows from scanned_at alone, never from the session's time zone. security definer: at commit the trigger
-- runs as the API caller, who may not write scan_days.
create function private.count_scan_at_commit()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.scan_days as d (qr_code_id, day, user_id, scans, last_scanned_at)
  values (new.qr_code_id, (new.scanned_at at time zone 'utc')::date, new.owner_id, 1, new.scanned_at)
  on conflict (qr_code_id, day) do update
    set scans = d.scans + 1,
        last_scanned_at = greatest(d.last_scanned_at, excluded.last_scanned_at);
  return null;
end;
$$;

comment on function private.count_scan_at_commit() is 'Deferred trigger: adds a scan noted in scans_to_count to scan_days as its transaction commits.';

create constraint trigger count_scan_at_commit
  after insert on private.scans_to_count
  deferrable initially deferred
  for each row execute function private.count_scan_at_commit();

-- Deletes the notes of committed scans (the only ones a transaction that has noted none can see; they are counted
-- already). Notes another housekeeping run holds are skipped, so no scan waits for it.
create function private.tidy_scans(at timestamptz)
returns void
language sql
volatile
set search_path = ''
as $$
  delete from private.scans_to_count
  where ctid = any (array(select n.ctid from private.scans_to_count n for update skip locked))
$$;

comment on function private.tidy_scans(timestamptz) is 'Housekeeping record_scan() runs now and then: deletes the notes of scans already counted.';

-- record_scan() at a given time from a given client: what record_scan() does, with `now()` and the request's
-- address as arguments. Only the database owner runs it directly (tests scan across midnight with it). PL/pgSQL
-- keeps the plans of its statements for the session, so a scan is planned once per PostgREST connection.
create function private.record_scan_at(qr_id uuid, device_token uuid, client_address text, scanned_at timestamptz)
returns void
language plpgsql
volatile
set search_path = ''
as $$
declare
  owner_id uuid;
begin
  -- A plain read: the guide row is neither written nor locked.
  select q.user_id into owner_id from public.qr_codes q where q.id = record_scan_at.qr_id;
  if not found then
    raise exception 'QR code not found' using errcode = 'PT404';
  end if;
  -- Now and then, housekeeping; before this scan's note, which must stay until its commit counts it.
  if random() < 0.001 then
    perform private.tidy_scans(record_scan_at.scanned_at);
  end if;
  insert into private.scans_to_count (qr_code_id, owner_id, scanned_at) values (record_scan_at.qr_id, owner_id, record_scan_at.scanned_at);
end;
$$;

comment on function private.record_scan_at(uuid, uuid, text, timestamptz) is 'record_scan() with the time and client address given: counts one scan of qr_id at scanned_at (its UTC day) when the transaction commits. PT404 for an unknown id.';

-- The request's client address: the first X-Forwarded-For value, which the API gateway sets from the connection
-- (as Supabase documents for reading the caller's IP in SQL). IPv6 addresses are grouped by their /64, the
-- block one subscriber holds; IPv4-mapped IPv6 addresses are read as IPv4. 'unknown' without a usable header.
create function private.client_address()
returns text
language plpgsql
stable
set search_path = ''
as $$
declare
  forwarded text;
  address inet;
begin
  forwarded := btrim(split_part(nullif(current_setting('request.headers', true), '')::json ->> 'x-forwarded-for', ',', 1));
  address := forwarded::inet;
  if address is null then
    return 'unknown';
  elsif family(address) = 4 then
    return host(address);
  elsif address << '::ffff:0.0.0.0/96'::inet then
    return substr(host(address), 8);
  end if;
  return network(set_masklen(address, 64))::text;
exception when others then
  return 'unknown';
end;
$$;

comment on function private.client_address() is 'The caller''s address from the first X-Forwarded-For value (IPv6 as its /64), or ''unknown''.';

create function public.record_scan(qr_id uuid, device_token uuid default null)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  perform private.record_scan_at(record_scan.qr_id, record_scan.device_token, private.client_address(), now());
end;
$$;

comment on function public.record_scan(uuid, uuid) is 'Counts one guide open: the room''s scans of today (UTC) + 1 in scan_days; the guide row is not written. device_token: an anonymous id the guide page keeps per device (optional). Raises ''QR code not found'' (PT404) for an unknown id.';

revoke execute on function private.count_scan_at_commit() from public;
revoke execute on function private.tidy_scans(timestamptz) from public;
revoke execute on function private.record_scan_at(uuid, uuid, text, timestamptz) from public;
revoke execute on function private.client_address() from public;
revoke execute on function public.record_scan(uuid, uuid) from public;
grant execute on function public.record_scan(uuid, uuid) to anon, authenticated, service_role;

-- ---------------------------------------------------------------------------------------------------------
-- the old columns, as computed fields (PostgREST: `select=id,scan_count,last_scanned_at` on qr_codes)

create function public.scan_count(room public.qr_codes)
returns integer
language sql
stable
set search_path = ''
as $$
  select coalesce(sum(d.scans), 0)::integer from public.scan_days d where d.qr_code_id = room.id
$$;

comment on function public.scan_count(public.qr_codes) is 'Computed field of qr_codes: all scans of the room (the sum of its scan_days).';

create function public.scan_history(room public.qr_codes)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select coalesce(jsonb_object_agg(to_char(d.day, 'YYYY-MM-DD'), d.scans), '{}'::jsonb)
  from public.scan_days d
  where d.qr_code_id = room.id and d.scans > 0
$$;

comment on function public.scan_history(public.qr_codes) is 'Computed field of qr_codes: scans per UTC day, {"YYYY-MM-DD": count}, as the old column held them.';

create function public.last_scanned_at(room public.qr_codes)
returns timestamptz
language sql
stable
set search_path = ''
as $$
  select max(d.last_scanned_at) from public.scan_days d where d.qr_code_id = room.id
$$;

comment on function public.last_scanned_at(public.qr_codes) is 'Computed field of qr_codes: the time of the room''s latest scan, or null.';

revoke execute on function public.scan_count(public.qr_codes) from public, anon;
revoke execute on function public.scan_history(public.qr_codes) from public, anon;
revoke execute on function public.last_scanned_at(public.qr_codes) from public, anon;
grant execute on function public.scan_count(public.qr_codes) to authenticated, service_role;
grant execute on function public.scan_history(public.qr_codes) to authenticated, service_role;
grant execute on function public.last_scanned_at(public.qr_codes) to authenticated, service_role;

-- ---------------------------------------------------------------------------------------------------------
-- The host's read API: scan_stats()

-- One row per room the caller owns (of one property, or one room, or all of them), with its scans per UTC day
-- from from_day to to_day (both included) zero-filled, so element i of daily_scans is the day from_day + i and
-- a chart or a CSV needs no gap filling; the range's sum; the all-time total (0 = never scanned) and the last
-- scan time. security invoker: RLS on qr_codes and scan_days limits it to the caller's own rooms, and anon may
-- not call it. A range is 1 to 731 days; bad arguments raise 22023 (HTTP 400) naming the argument in `detail`.
create function public.scan_stats(from_day date, to_day date, for_property uuid default null, for_room uuid default null)
returns table (
  qr_code_id uuid,
  property_id uuid,
  name text,
  room_number text,
  daily_scans integer[],
  range_scans integer,
  total_scans integer,
  last_scanned_at timestamptz
)
language plpgsql
stable
set search_path = ''
as $$
#variable_conflict use_column
begin
  if scan_stats.from_day is null or scan_stats.to_day is null then
    raise exception 'from_day and to_day are required.' using errcode = '22023', detail = case when scan_stats.from_day is null then 'from_day' else 'to_day' end;
  end if;
  if scan_stats.from_day > scan_stats.to_day then
    raise exception 'from_day must not be after to_day.' using errcode = '22023', detail = 'from_day';
  end if;
  if scan_stats.to_day - scan_stats.from_day >= 731 then
    raise exception 'The date range can be at most 731 days.' using errcode = '22023', detail = 'to_day';
  end if;

  return query
  with rooms as (
    select q.id, q.property_id, q.name, q.room_number
    from public.qr_codes q
    where (scan_stats.for_property is null or q.property_id = scan_stats.for_property)
      and (scan_stats.for_room is null or q.id = scan_stats.for_room)
  ), in_range as (
    select s.qr_code_id, s.day, s.scans
    from public.scan_days s
    where s.qr_code_id in (select r.id from rooms r) and s.day between scan_stats.from_day and scan_stats.to_day
  ), all_time as (
    select s.qr_code_id, sum(s.scans)::integer as total, max(s.last_scanned_at) as last
    from public.scan_days s
    where s.qr_code_id in (select r.id from rooms r)
    group by s.qr_code_id
  ), daily as (
    select r.id, array_agg(coalesce(x.scans, 0) order by g.day) as scans, coalesce(sum(x.scans), 0)::integer as in_range_total
    from rooms r
    cross join generate_series(scan_stats.from_day, scan_stats.to_day, interval '1 day') as g (day)
    left join in_range x on x.qr_code_id = r.id and x.day = g.day::date
    group by r.id
  )
  select r.id, r.property_id, r.name, r.room_number, d.scans, d.in_range_total, coalesce(t.total, 0), t.last
  from rooms r
  join daily d on d.id = r.id
  left join all_time t on t.qr_code_id = r.id
  order by r.property_id, r.room_number, r.id;
end;
$$;

comment on function public.scan_stats(date, date, uuid, uuid) is 'Scan statistics of the caller''s rooms (for_property / for_room narrow it): per room daily_scans[i] = scans on from_day + i (UTC days, zero-filled), range_scans, total_scans (all time, 0 = never scanned), last_scanned_at. Range 1..731 days; 22023 for bad arguments.';

revoke execute on function public.scan_stats(date, date, uuid, uuid) from public, anon;
grant execute on function public.scan_stats(date, date, uuid, uuid) to authenticated, service_role;

drop table old_scan_days;
drop table old_scans;
drop function pg_temp.history_day(text);
