-- Live screens through Supabase Realtime: the tables whose changes hosts watch join the `supabase_realtime`
-- publication (which every hosted project has, and the local stack's bootstrap creates), so Realtime's
-- postgres_changes deliver them to each subscriber whose row-level security lets them read the row.
--   qr_codes, properties: a room or the shared guide changed in another tab or by a team member;
--   scan_day_parts: scan counts moving on analytics, the room list and a room's page;
--   subscriptions, users: the plan and room quota arriving after Checkout.
-- REPLICA IDENTITY FULL puts the whole old row into the write-ahead log, so an UPDATE's `old` record is complete and
-- a DELETE can be checked against the select policies (docs/realtime.md). Rows are untouched.

do $$
declare
  watched text;
begin
  foreach watched in array array['qr_codes', 'properties', 'scan_day_parts', 'subscriptions', 'users'] loop
    if not exists (
      select 1 from pg_publication_tables
      where pubname = 'supabase_realtime' and schemaname = 'public' and tablename = watched
    ) then
      execute format('alter publication supabase_realtime add table public.%I', watched);
    end if;
  end loop;
end
$$;

alter table public.qr_codes replica identity full;
alter table public.properties replica identity full;
alter table public.scan_day_parts replica identity full;
alter table public.subscriptions replica identity full;
alter table public.users replica identity full;
