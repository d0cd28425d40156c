-- Scan rate limit: calling record_scan() in a loop no longer inflates a room's scans.
--
-- record_scan() counts a scan only when both limits below allow it. Otherwise it raises 'Too many scans'
-- (SQLSTATE PT429: PostgREST answers HTTP 429) and writes nothing, so every 2xx answer is exactly one counted
-- scan and every refused call says so.
--
--   per device   a device_token (the anonymous id the guide page keeps per guide) counts once per guide per
--                10-minute window. The guide page sends at most one scan per guide per 30 minutes anyway, so a
--                real guest never meets this limit; a client looping with one token counts once.
--   per address  one client address (an IPv6 address as its /64) counts at most 10 scans per guide per hour
--                window, whatever device tokens it sends or omits. The guests of one room behind a hotel's
--                shared public address are far fewer; a script rotating device tokens stops at 10 per guide
--                per hour from each address it has.
--
-- Windows are fixed (aligned to the clock: whole hours, whole 10 minutes), so two windows meeting can let up
-- to twice the count through in a short span; that bounds inflation just as well and lets both checks be one
-- short statement, which matters because a scan is a guest's request and must stay cheap. The address is the first X-Forwarded-For value (private.client_address()), which the API
-- gateway sets from the connection. The numbers are one row of private.scan_limits: only the database owner can
-- change them (over a direct database connection), never a request through the API. `npm run bench` raises the
-- address allowance there for its run, because its clients send thousands of scans from each address.

create table private.scan_limits (
  singleton boolean primary key default true check (singleton),
  device_window interval not null check (device_window > interval '0'),
  address_scans integer not null check (address_scans >= 1),
  address_window interval not null check (address_window > interval '0')
);

comment on table private.scan_limits is 'The scan rate limit (one row): a device token counts once per guide per device_window; an address counts at most address_scans per guide per address_window.';

insert into private.scan_limits (device_window, address_scans, address_window)
values (interval '10 minutes', 10, interval '1 hour');

-- Per guide and client ('device <token>' or 'address <address>'): the current window, the scans counted in it
-- and how many it allows (1 for a device). A row whose window has passed limits nothing; private.tidy_scans()
-- drops those. No foreign key to qr_codes (writing a counter must not lock the guide row); counters of deleted
-- rooms expire the same way. Unlogged: after a crash the limits simply start afresh.
create unlogged table private.scan_counters (
  qr_code_id uuid not null,
  client text not null,
  window_start timestamptz not null,
  scans integer not null,
  max_scans integer not null,
  primary key (qr_code_id, client)
)
with (fillfactor = 70);

comment on table private.scan_counters is 'Scan rate limit state: scans counted per guide and client (device token or address) in the window that started at window_start, at most max_scans.';

create or replace function private.tidy_scans(at timestamptz)
returns void
language sql
volatile
set search_path = ''
as $$
  delete from private.scans_to_count
  where ctid = any (array(select n.ctid from private.scans_to_count n for update skip locked));
  delete from private.scan_counters
  where ctid = any (array(
    select c.ctid
    from private.scan_counters c, private.scan_limits l
    where c.window_start < at - greatest(l.device_window, l.address_window)
    limit 10000
    for update of c skip locked
  ));
$$;

comment on function private.tidy_scans(timestamptz) is 'Housekeeping record_scan() runs now and then: deletes the notes of scans already counted and up to 10000 rate limit counters whose window has passed.';

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
  taken_by text[];
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

  -- One statement takes a scan from the address's counter and, with a token, from the device's: a counter in an
  -- earlier window starts again at 1; one that is full in the current window is left alone (a late scan from an
  -- earlier window counts in the current one). A counter left alone refuses the scan, and the raise rolls back
  -- the other one, so a refused scan leaves nothing behind.
  with taken as (
    insert into private.scan_counters as c (qr_code_id, client, window_start, scans, max_scans)
    select record_scan_at.qr_id, w.client, w.window_start, 1, w.max_scans
    from (values ('address ' || coalesce(record_scan_at.client_address, 'unknown'), address_window_start, address_scans),
                 ('device ' || record_scan_at.device_token, device_window_start, 1)) as w (client, window_start, max_scans)
    where w.client is not null
    on conflict (qr_code_id, client) do update
      set window_start = greatest(c.window_start, excluded.window_start),
          scans = case when c.window_start < excluded.window_start then 1 else c.scans + 1 end,
          max_scans = excluded.max_scans
      where c.window_start < excluded.window_start or c.scans < excluded.max_scans
    returning c.client
  )
  select array_agg(t.client) into taken_by from taken t;

  if record_scan_at.device_token is not null and not ('device ' || record_scan_at.device_token = any (coalesce(taken_by, '{}'))) then
    raise exception 'Too many scans'
      using errcode = 'PT429', detail = 'device',
            hint = (select format('A device counts once per guide per %s-minute window.', extract(epoch from l.device_window)::integer / 60)
                    from private.scan_limits l);
  end if;
  if not ('address ' || coalesce(record_scan_at.client_address, 'unknown') = any (coalesce(taken_by, '{}'))) then
    raise exception 'Too many scans'
      using errcode = 'PT429', detail = 'address',
            hint = (select format('An address counts at most %s scans per guide per %s-minute window.', l.address_scans, extract(epoch from l.address_window)::integer / 60)
                    from private.scan_limits l);
  end if;

  -- Now and then, housekeeping; before this scan's note, which must stay until its commit counts it.
  if random() < 0.001 then
    perform private.tidy_scans(record_scan_at.scanned_at);
  end if;
  insert into private.scans_to_count (qr_code_id, owner_id, scanned_at) values (record_scan_at.qr_id, owner_id, record_scan_at.scanned_at);
end;
$$;

comment on function private.record_scan_at(uuid, uuid, text, timestamptz) is 'record_scan() with the time and client address given: counts one scan of qr_id at scanned_at (its UTC day) when the rate limit allows it. PT404 for an unknown id, PT429 (detail device or address) when refused.';

comment on function public.record_scan(uuid, uuid) is 'Counts one guide open: the room''s scans of today (UTC) + 1 in scan_days; the guide row is not written. device_token: an anonymous id the guide page keeps per guide (optional). Raises ''QR code not found'' (PT404) for an unknown id, ''Too many scans'' (PT429) when the device (once per guide per 10 minutes) or the address (10 per guide per hour) has had its count.';
