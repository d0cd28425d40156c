-- Scan rate limit: calling record_scan() in a loop no longer inflates a room's scans.
--
-- record_scan() counts a scan only when both limits below allow it. Otherwise it raises 'Too many scans'
-- (SQLSTATE PT429: PostgREST answers HTTP 429) and writes nothing, so every 2xx answer is exactly one counted
-- scan and every refused call says so.
--
--   per device   a device_token (the anonymous id the guide page keeps on the device) counts at most once per
--                guide per 10 minutes. The guide page sends at most one scan per guide per 30 minutes anyway,
--                so a real guest never meets this limit; a client looping with one token counts once.
--   per address  one client address (an IPv6 address as its /64) counts at most 10 scans per guide per hour,
--                whatever device tokens it sends or omits: a token bucket holding 10, refilled by one every 6
--                minutes. The guests of one room behind a hotel's shared public address are far fewer; a
--                script rotating device tokens stops at 10 per guide per hour from each address it has.
--
-- The address is the first X-Forwarded-For value (private.client_address()), which the API gateway sets from
-- the connection. The numbers are one row of private.scan_limits: only the database owner can change them
-- (over a direct database connection), never a request through the API. `npm run bench` raises the address
-- allowance there for its run, because its clients all come from 127.0.0.1.

create table private.scan_limits (
  singleton boolean primary key default true check (singleton),
  device_window interval not null check (device_window > interval '0'),
  address_scans integer not null check (address_scans >= 1),
  address_window interval not null check (address_window > interval '0')
);

comment on table private.scan_limits is 'The scan rate limit (one row): a device token counts once per guide per device_window; an address counts at most address_scans per guide per address_window.';

insert into private.scan_limits (device_window, address_scans, address_window)
values (interval '10 minutes', 10, interval '1 hour');

-- One token bucket per guide and client ('device <token>' or 'address <address>'). A bucket refills to full
-- within one window of its last use, after which it limits nothing and private.prune_scan_buckets() drops it.
-- No foreign key to qr_codes: inserting a bucket must not lock the guide row; buckets of deleted rooms expire.
create table private.scan_buckets (
  qr_code_id uuid not null,
  client text not null,
  tokens double precision not null,
  refilled_at timestamptz not null,
  -- Never updated (so bucket updates stay HOT); lets pruning visit the oldest buckets first.
  created_at timestamptz not null,
  primary key (qr_code_id, client)
)
with (fillfactor = 70);

create index scan_buckets_created_at_idx on private.scan_buckets (created_at);

comment on table private.scan_buckets is 'Scan rate limit state: tokens left per guide and client (device token or address) as of refilled_at.';

-- The tokens a bucket holds at `at`: what it held at refilled_at plus the refill since, at most `capacity`.
-- A plain SQL expression without a SET clause, so PostgreSQL inlines it into the statements that use it.
create function private.refilled_tokens(tokens double precision, refilled_at timestamptz, capacity integer, refill_window interval, at timestamptz)
returns double precision
language sql
immutable
as $$
  select least(
    capacity::double precision,
    tokens + greatest(extract(epoch from at - refilled_at), 0) * capacity / extract(epoch from refill_window)
  )
$$;

comment on function private.refilled_tokens(double precision, timestamptz, integer, interval, timestamptz) is 'Token bucket arithmetic: the tokens held at `at` (refilling capacity per refill_window, at most capacity).';

-- Drops buckets unused for longer than the longest window (they limit nothing), oldest first, at most 1000 per
-- call; rows another scan holds are skipped, so pruning never makes a guest wait.
create function private.prune_scan_buckets(at timestamptz)
returns integer
language plpgsql
volatile
set search_path = ''
as $$
declare
  cutoff timestamptz;
  pruned integer;
begin
  select prune_scan_buckets.at - greatest(l.device_window, l.address_window) into cutoff from private.scan_limits l;
  delete from private.scan_buckets
  where ctid = any (array(
    select b.ctid from private.scan_buckets b
    where b.created_at < cutoff and b.refilled_at < cutoff
    order by b.created_at
    limit 1000
    for update skip locked
  ));
  get diagnostics pruned = row_count;
  return pruned;
end;
$$;

comment on function private.prune_scan_buckets(timestamptz) is 'Deletes scan buckets unused for longer than the longest window (oldest first, up to 1000 per call); returns how many.';

create or replace function private.record_scan_at(qr_id uuid, device_token uuid, client_address text, scanned_at timestamptz)
returns void
language plpgsql
volatile
set search_path = ''
as $$
declare
  owner_id uuid;
  per_device_window interval;
  per_address_scans integer;
  per_address_window interval;
  device_allowed boolean;
  address_allowed boolean;
begin
  -- A plain read: the guide row is neither written nor locked.
  select q.user_id, l.device_window, l.address_scans, l.address_window
  into owner_id, per_device_window, per_address_scans, per_address_window
  from public.qr_codes q cross join private.scan_limits l
  where q.id = record_scan_at.qr_id;
  if not found then
    raise exception 'QR code not found' using errcode = 'PT404';
  end if;

  -- One statement takes a token from each limit's bucket (a new bucket starts full) and, when both gave one,
  -- notes the scan for counting at commit. A bucket without a whole token left is not updated and returns no
  -- row; the scan is then refused, and the raise rolls back the other bucket's token too.
  with wanted (client, capacity, refill_window) as (
    values ('device ' || record_scan_at.device_token::text, 1, per_device_window),
           ('address ' || coalesce(record_scan_at.client_address, 'unknown'), per_address_scans, per_address_window)
  ), taken as (
    insert into private.scan_buckets as b (qr_code_id, client, tokens, refilled_at, created_at)
    select record_scan_at.qr_id, w.client, w.capacity - 1, record_scan_at.scanned_at, record_scan_at.scanned_at
    from wanted w
    where w.client is not null
    on conflict (qr_code_id, client) do update
      set tokens = private.refilled_tokens(b.tokens, b.refilled_at, case when b.client like 'device %' then 1 else per_address_scans end,
                                           case when b.client like 'device %' then per_device_window else per_address_window end,
                                           record_scan_at.scanned_at) - 1,
          refilled_at = greatest(b.refilled_at, record_scan_at.scanned_at)
      where private.refilled_tokens(b.tokens, b.refilled_at, case when b.client like 'device %' then 1 else per_address_scans end,
                                    case when b.client like 'device %' then per_device_window else per_address_window end,
                                    record_scan_at.scanned_at) >= 1
    returning b.client
  ), noted as (
    insert into private.scans_to_count (qr_code_id, owner_id, scanned_at)
    select record_scan_at.qr_id, owner_id, record_scan_at.scanned_at
    where (select count(*) from taken) = (select count(*) from wanted w where w.client is not null)
  )
  select coalesce(bool_or(t.client like 'device %'), false), coalesce(bool_or(t.client like 'address %'), false)
  into device_allowed, address_allowed
  from taken t;

  if record_scan_at.device_token is not null and not device_allowed then
    raise exception 'Too many scans'
      using errcode = 'PT429', detail = 'device',
            hint = format('A device counts once per guide every %s minutes.', ceil(extract(epoch from per_device_window) / 60));
  end if;
  if not address_allowed then
    raise exception 'Too many scans'
      using errcode = 'PT429', detail = 'address',
            hint = format('An address counts at most %s scans per guide every %s minutes.', per_address_scans,
                          ceil(extract(epoch from per_address_window) / 60));
  end if;

  -- Now and then, clear out buckets that limit nothing any more.
  if random() < 0.001 then
    perform private.prune_scan_buckets(record_scan_at.scanned_at);
  end if;
end;
$$;

comment on function private.record_scan_at(uuid, uuid, text, timestamptz) is 'record_scan() with the time and client address given: counts one scan of qr_id at scanned_at (its UTC day) if the rate limit allows it. PT404 for an unknown id, PT429 (detail device or address) when refused.';

comment on function public.record_scan(uuid, uuid) is 'Counts one guide open: the room''s scans of today (UTC) + 1 in scan_days; the guide row is not written. device_token: an anonymous id the guide page keeps per device (optional). Raises ''QR code not found'' (PT404) for an unknown id, ''Too many scans'' (PT429) when the device (once per guide per 10 minutes) or the address (10 per guide per hour) has had its count.';

revoke execute on function private.refilled_tokens(double precision, timestamptz, integer, interval, timestamptz) from public;
revoke execute on function private.prune_scan_buckets(timestamptz) from public;
