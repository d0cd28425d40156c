-- The guest side (DESIGN.md §3 "RPCs"): a guest page reads one guide and counts one scan. Guests (anon) have
-- no access to qr_codes at all, so nobody can list codes or read WiFi passwords in bulk; these two functions
-- are the only way in, which is why both are security definer.

-- Returns exactly what the guide page shows for one code, or null when the id is unknown. Stable, so the
-- app calls it with GET (`rpc('get_guide', { qr_id }, { get: true })`) and browsers and the service worker
-- can cache the response. Every nested object has a fixed key set (missing values are null).
create function public.get_guide(qr_id uuid)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select jsonb_build_object(
    'id', q.id,
    'name', q.name,
    'room_number', q.room_number,
    'template', q.template,
    'property_name', p.name,
    'style', jsonb_build_object(
      'primaryColor', q.style -> 'primaryColor',
      'backgroundColor', q.style -> 'backgroundColor',
      'logoUrl', q.style -> 'logoUrl',
      'roomPhotoUrl', q.style -> 'roomPhotoUrl'
    ),
    'content', jsonb_build_object(
      'wifi', case
        when jsonb_typeof(q.content -> 'wifi') = 'object' then jsonb_build_object(
          'network', q.content -> 'wifi' -> 'network',
          'password', q.content -> 'wifi' -> 'password'
        )
      end
    ),
    'hotel', jsonb_build_object(
      'name', q.hotel -> 'name',
      'phone', q.hotel -> 'phone',
      'website', q.hotel -> 'website',
      'description', q.hotel -> 'description'
    ),
    'area', jsonb_build_object(
      'location', q.area -> 'location',
      'activities', coalesce(q.area -> 'activities', '[]'::jsonb),
      'businessLink', q.area -> 'businessLink'
    ),
    'images', to_jsonb(q.images)
  )
  from public.qr_codes q
  join public.properties p on p.id = q.property_id
  where q.id = get_guide.qr_id
$$;

comment on function public.get_guide(uuid) is 'Guest guide for one QR code: {id, name, room_number, template, property_name, style, content: {wifi}, hotel, area, images}, or null for an unknown id.';

revoke execute on function public.get_guide(uuid) from public;
grant execute on function public.get_guide(uuid) to anon, authenticated, service_role;

-- Counts one guest scan: one UPDATE, so concurrent scans never lose a count (each waits for the row lock and
-- re-reads the row). The day key is the UTC date, YYYY-MM-DD. Raises 'QR code not found' (SQLSTATE PT404:
-- PostgREST answers HTTP 404) for an unknown id.
create function public.record_scan(qr_id uuid)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  today text := to_char(now() at time zone 'utc', 'YYYY-MM-DD');
begin
  update public.qr_codes
  set scan_count = scan_count + 1,
      scan_history = jsonb_set(
        scan_history,
        array[today],
        to_jsonb(coalesce((scan_history ->> today)::integer, 0) + 1)
      ),
      last_scanned_at = now()
  where id = record_scan.qr_id;
  if not found then
    raise exception 'QR code not found' using errcode = 'PT404';
  end if;
end;
$$;

comment on function public.record_scan(uuid) is 'Counts one guide open: scan_count + 1, scan_history[today UTC] + 1, last_scanned_at = now(). Raises ''QR code not found'' (PT404) for an unknown id.';

revoke execute on function public.record_scan(uuid) from public;
grant execute on function public.record_scan(uuid) to anon, authenticated, service_role;
