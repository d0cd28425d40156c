-- Counting a scan without a shared row and without a commit-time trigger (issue 10: record_scan's cost).
--
-- Until now record_scan() noted each scan in private.scans_to_count and a deferred trigger added it to the room's
-- one scan_days row at commit, and the rate limit kept both of its counters in one table, upserted by one CTE
-- statement. Per scan: a note, a trigger firing and the day row's upsert, all concurrent scans of a popular room
-- queueing on that one row at commit. Now:
--
--   public.scan_day_parts (qr_code_id, day, part, user_id, scans, last_scanned_at)
--       the old scan_days table, renamed, with `part` added to its key: a room's scans of a UTC day are spread
--       over up to 16 rows, the part being the database session's process id modulo 16. Each PostgREST pool
--       connection is one session, so concurrent scans of one room land on different rows and do not wait for each
--       other; record_scan() upserts its part directly (no note, no trigger). Existing rows became part 0 as they
--       were (same table, nothing copied). Hosts read their own rooms' parts (RLS on user_id, as before).
--   public.scan_days (qr_code_id, day, user_id, scans, last_scanned_at)
--       a view that sums the parts per room and day: the columns every reader had, one row per room per UTC day.
--       security_invoker, so the caller's privileges and the parts' RLS apply: a host sees their own rooms only,
--       anon nothing. Writing through it is refused like writing the old table (42501, permission denied).
--   private.scan_devices, private.scan_addresses
--       the rate limit's counters (private.scan_counters before), one table per kind with typed keys, each taken by
--       one short upsert; the limits and their contract are unchanged (see 20261122235230_scan_rate_limit.sql).
--
-- `npm run bench:rpc` measures the difference (README, "Performance").

-- Order. Scans keep coming while this runs (one transaction: the local runner and `supabase db push` apply a file
-- as one). An old scan locks private.scan_counters, then private.scans_to_count, and at commit public.scan_days, so
-- this migration takes those tables in the same order: the first statement on each waits for the scans holding it
-- and none can wait for this migration in turn (no deadlock). Scans that start meanwhile wait, and fail once it
-- commits (the tables they were planned with are gone): an error answer, nothing counted, and the guide page sends
-- the scan again on its next open. No scan is counted without its request succeeding, nor lost after succeeding.

-- ---------------------------------------------------------------------------------------------------------
-- the rate limit's counters, one table per kind

-- A device token's last counted window per guide: the token counts again once a later window starts. Mostly
-- inserted once (a guest's first scan of a guide), so its pages are filled.
create unlogged table private.scan_devices (
  qr_code_id uuid not null,
  device_token uuid not null,
  window_start timestamptz not null,
  primary key (qr_code_id, device_token)
);

comment on table private.scan_devices is 'Scan rate limit state per guide and device token: the window (of scan_limits.device_window) in which the token last counted.';

-- An address's scans per guide in its current window. Each counted scan updates its address's row in place: pages
-- kept mostly empty hold many versions of few rows, so they are pruned (HOT) less often and more cheaply.
create unlogged table private.scan_addresses (
  qr_code_id uuid not null,
  address text not null,
  window_start timestamptz not null,
  scans integer not null,
  primary key (qr_code_id, address)
)
with (fillfactor = 10);

comment on table private.scan_addresses is 'Scan rate limit state per guide and client address: scans counted in the window (of scan_limits.address_window) that started at window_start.';

-- Counters still within their window move over, so the limit holds across the migration. Renaming the old table
-- first takes its lock, so every scan that wrote a counter has committed (or failed) before the copy reads it.
alter table private.scan_counters rename to scan_counters_moved;

insert into private.scan_devices (qr_code_id, device_token, window_start)
  select c.qr_code_id, substr(c.client, 8)::uuid, c.window_start
  from private.scan_counters_moved c
  where c.client like 'device %'
on conflict do nothing;

insert into private.scan_addresses (qr_code_id, address, window_start, scans)
  select c.qr_code_id, substr(c.client, 9), c.window_start, c.scans
  from private.scan_counters_moved c
  where c.client like 'address %'
on conflict do nothing;

drop table private.scan_counters_moved;

-- ---------------------------------------------------------------------------------------------------------
-- what counting at commit used

-- Every scan that noted one wrote a counter first, so all of them are done by now: nothing is left to count.
drop trigger count_scan_at_commit on private.scans_to_count;
drop function private.count_scan_at_commit();
drop table private.scans_to_count;

-- ---------------------------------------------------------------------------------------------------------
-- scan_days → scan_day_parts

-- The table stays where it is: its rows, grants, RLS policy and foreign key carry over.
alter table public.scan_days rename to scan_day_parts;
alter table public.scan_day_parts rename constraint scan_days_qr_code_id_fkey to scan_day_parts_qr_code_id_fkey;
alter policy "scan_days: authenticated can select own rooms' scans" on public.scan_day_parts
  rename to "scan_day_parts: authenticated can select own rooms' scans";

-- Every existing row is part 0 of its room's day; a constant default adds the column without rewriting the table.
alter table public.scan_day_parts add column part smallint not null default 0;
alter table public.scan_day_parts alter column part drop default;
alter table public.scan_day_parts drop constraint scan_days_pkey;
alter table public.scan_day_parts add constraint scan_day_parts_pkey primary key (qr_code_id, day, part);
-- No check constraints: record_scan() is the only writer and only ever adds 1 to a part in 0..15, while a CHECK is
-- parsed and compiled again on every insert statement (about an eighth of what counting a scan cost the database,
-- measured in instructions).
alter table public.scan_day_parts drop constraint scan_days_scans_check;

comment on table public.scan_day_parts is 'Guide opens per room per UTC day, in up to 16 parts (one per database session modulo 16, so concurrent scans do not share a row); public.scan_days sums them. Written only by record_scan(); hosts read their own rooms'' rows; nobody writes through the API.';
comment on column public.scan_day_parts.part is 'Which of the day''s rows: the counting session''s process id modulo 16 (0 for days counted before the parts).';
comment on column public.scan_day_parts.scans is 'Scans of this room on this day counted in this part.';
comment on column public.scan_day_parts.last_scanned_at is 'Time of the latest scan counted in this part; null for days migrated from scan_history without a time.';

-- ---------------------------------------------------------------------------------------------------------
-- scan_days, the view every reader reads

create view public.scan_days
with (security_invoker = true)
as
  select p.qr_code_id, p.day, p.user_id, sum(p.scans)::integer as scans, max(p.last_scanned_at) as last_scanned_at
  from public.scan_day_parts p
  group by p.qr_code_id, p.day, p.user_id;

comment on view public.scan_days is 'Guide opens per room per UTC day (the sum of the day''s scan_day_parts). Hosts read their own rooms'' rows (RLS of scan_day_parts); nobody writes through the API.';
comment on column public.scan_days.day is 'The UTC calendar day of the scans.';
comment on column public.scan_days.user_id is 'The room''s owner (copied from qr_codes for RLS).';
comment on column public.scan_days.scans is 'Scans of this room on this day.';
comment on column public.scan_days.last_scanned_at is 'Time of the day''s latest scan; null for days migrated from scan_history without a time.';

revoke all on public.scan_days from public, anon, authenticated, service_role;
grant select on public.scan_days to authenticated, service_role;

-- A view with GROUP BY is not updatable, and PostgreSQL says so (55000, HTTP 500 through PostgREST) before it
-- checks privileges. With INSTEAD OF triggers the privilege check comes first, so an API role writing the view
-- gets 42501 (permission denied, HTTP 401/403) as it did on the table. Only the database owner ever reaches the
-- trigger, which refuses as well.
create function private.scan_days_read_only()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  raise exception 'scan_days is read-only: record_scan() counts scans into scan_day_parts'
    using errcode = '42501';
end;
$$;

comment on function private.scan_days_read_only() is 'INSTEAD OF trigger of the scan_days view: refuses every write.';

revoke execute on function private.scan_days_read_only() from public;

create trigger scan_days_read_only
  instead of insert or update or delete on public.scan_days
  for each row execute function private.scan_days_read_only();

-- ---------------------------------------------------------------------------------------------------------
-- record_scan: the same contract, counted in place

-- Deletes up to 10000 counters of each kind whose window has passed (they limit nothing any more), with a minute's
-- grace for scans whose transaction started before `at` and still runs. Rows another housekeeping run holds are
-- skipped, so no scan waits for it.
create or replace function private.tidy_scans(at timestamptz)
returns void
language sql
volatile
set search_path = ''
as $$
  delete from private.scan_devices
  where ctid = any (array(
    select d.ctid
    from private.scan_devices d, private.scan_limits l
    where d.window_start <= at - l.device_window - interval '1 minute'
    limit 10000
    for update of d skip locked
  ));
  delete from private.scan_addresses
  where ctid = any (array(
    select a.ctid
    from private.scan_addresses a, private.scan_limits l
    where a.window_start <= at - l.address_window - interval '1 minute'
    limit 10000
    for update of a skip locked
  ));
$$;

comment on function private.tidy_scans(timestamptz) is 'Housekeeping record_scan() runs now and then: deletes up to 10000 rate limit counters of each kind whose window has passed.';

create or replace function private.record_scan_at(qr_id uuid, device_token uuid, client_address text, scanned_at timestamptz)
returns void
language plpgsql
volatile
set search_path = ''
as $$
declare
  owner_id uuid;
  device_window_start timestamptz;
  address_window_start timestamptz;
  address_scans integer;
begin
  -- A plain read: the guide row is neither written nor locked.
  select q.user_id,
         date_bin(l.device_window, record_scan_at.scanned_at, timestamptz '2000-01-01 00:00:00+00'),
         date_bin(l.address_window, record_scan_at.scanned_at, timestamptz '2000-01-01 00:00:00+00'),
         l.address_scans
  into owner_id, device_window_start, address_window_start, address_scans
  from public.qr_codes q cross join private.scan_limits l
  where q.id = record_scan_at.qr_id;
  if not found then
    raise exception 'QR code not found' using errcode = 'PT404';
  end if;

  -- The rate limit, device first (a refused device takes nothing from its address). Each upsert takes a scan from
  -- its counter: a counter in an earlier window starts again; one that is full in the current window is left
  -- alone (a late scan from an earlier window counts in the current one), and then nothing was written: FOUND is
  -- false and the raise rolls back whatever this scan wrote before, so a refused scan leaves nothing behind.
  if record_scan_at.device_token is not null then
    insert into private.scan_devices as d (qr_code_id, device_token, window_start)
    values (record_scan_at.qr_id, record_scan_at.device_token, device_window_start)
    on conflict on constraint scan_devices_pkey do update
      set window_start = excluded.window_start
      where d.window_start < excluded.window_start;
    if not found then
      raise exception 'Too many scans'
        using errcode = 'PT429', detail = 'device',
              hint = (select format('A device counts once per guide per %s-minute window.', extract(epoch from l.device_window)::integer / 60)
                      from private.scan_limits l);
    end if;
  end if;

  insert into private.scan_addresses as a (qr_code_id, address, window_start, scans)
  values (record_scan_at.qr_id, coalesce(record_scan_at.client_address, 'unknown'), address_window_start, 1)
  on conflict on constraint scan_addresses_pkey do update
    set window_start = greatest(a.window_start, excluded.window_start),
        scans = case when a.window_start < excluded.window_start then 1 else a.scans + 1 end
    where a.window_start < excluded.window_start or a.scans < address_scans;
  if not found then
    raise exception 'Too many scans'
      using errcode = 'PT429', detail = 'address',
            hint = (select format('An address counts at most %s scans per guide per %s-minute window.', l.address_scans, extract(epoch from l.address_window)::integer / 60)
                    from private.scan_limits l);
  end if;

  -- Now and then, housekeeping.
  if random() < 0.001 then
    perform private.tidy_scans(record_scan_at.scanned_at);
  end if;

  -- The count, last: this session's part of the room's UTC day (the day follows from scanned_at alone, never from
  -- the session's time zone). Another session counting the same room writes another part, so scans of a popular
  -- room do not queue on one row; the row stays locked only until this transaction ends.
  insert into public.scan_day_parts as p (qr_code_id, day, part, user_id, scans, last_scanned_at)
  values (record_scan_at.qr_id, (record_scan_at.scanned_at at time zone 'utc')::date, pg_backend_pid() % 16, owner_id, 1, record_scan_at.scanned_at)
  on conflict on constraint scan_day_parts_pkey do update
    set scans = p.scans + 1,
        last_scanned_at = greatest(p.last_scanned_at, excluded.last_scanned_at);
end;
$$;

comment on function private.record_scan_at(uuid, uuid, text, timestamptz) is 'record_scan() with the time and client address given: counts one scan of qr_id at scanned_at (its UTC day) in this session''s scan_day_parts row when the rate limit allows it. PT404 for an unknown id, PT429 (detail device or address) when refused.';

comment on function public.record_scan(uuid, uuid) is 'Counts one guide open: the room''s scans of today (UTC) + 1 in scan_days (in the calling session''s scan_day_parts row); the guide row is not written. device_token: an anonymous id the guide page keeps per guide (optional). Raises ''QR code not found'' (PT404) for an unknown id, ''Too many scans'' (PT429) when the device (once per guide per 10 minutes) or the address (10 per guide per hour) has had its count.';
