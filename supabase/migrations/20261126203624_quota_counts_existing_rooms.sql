-- The room quota counts rooms that exist, not insert attempts (issue 25, item 3).
--
-- Until now the BEFORE INSERT trigger on qr_codes both checked users.qr_codes_created against qr_code_limit and
-- raised it by one. A row that the statement's conflict clause then skipped (`insert … on conflict do nothing`,
-- which PostgREST sends for `Prefer: resolution=ignore-duplicates`) still raised it: re-sending an existing room
-- three times moved the counter from 1 to 4 while the host owned one room, and the host hit the limit early.
--
-- Now:
--   * the BEFORE INSERT trigger still locks the owner's users row (concurrent inserts of one owner queue, so the
--     limit holds under any race) and compares the rooms the owner really has with the limit. It counts
--     qr_codes itself: a row-level BEFORE trigger sees the rows its statement inserted before this one, so a
--     multi-row insert over the limit is still refused as a whole. A row whose id already exists is a conflict,
--     not a new room, and is not checked (re-sending a room at a full plan is answered as the conflict clause says);
--   * an AFTER INSERT trigger raises the counter, and fires only for rows that were really inserted; deletes lower
--     it as before;
--   * every counter is set to the rooms its owner has, so counters that drifted are right again.

create or replace function public.enforce_qr_code_quota()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  owner_row public.users%rowtype;
  rooms_owned bigint;
begin
  if tg_op = 'INSERT' then
    select * into owner_row from public.users where id = new.user_id for update;
    if not found then
      raise exception 'No user profile exists for this QR code''s owner.' using errcode = 'foreign_key_violation';
    end if;
    if exists (select 1 from public.qr_codes where id = new.id) then
      return new;
    end if;
    select count(*) into rooms_owned from public.qr_codes where user_id = new.user_id;
    if rooms_owned >= owner_row.qr_code_limit then
      raise exception 'You have reached your QR code limit.'
        using errcode = 'QUOTA',
              detail = format('%s of %s QR codes used.', rooms_owned, owner_row.qr_code_limit),
              hint = 'Subscribe for more rooms, or delete a QR code to free a slot.';
    end if;
    return new;
  elsif tg_op = 'UPDATE' then
    if new.user_id is distinct from old.user_id then
      raise exception 'A QR code cannot move to another owner.' using errcode = 'check_violation', detail = 'user_id';
    end if;
    return new;
  else
    -- A deleted code frees its slot (a subscription is per room). When the owner is being deleted, the
    -- users row is already gone and this updates nothing.
    update public.users set qr_codes_created = greatest(qr_codes_created - 1, 0) where id = old.user_id;
    return old;
  end if;
end;
$$;

comment on function public.enforce_qr_code_quota() is
  'Trigger: refuses a new room past the owner''s limit (SQLSTATE QUOTA), counting the rooms that exist; frees a slot on delete.';

create function public.count_inserted_qr_code()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.users set qr_codes_created = qr_codes_created + 1 where id = new.user_id;
  return null;
end;
$$;

comment on function public.count_inserted_qr_code() is
  'Trigger: counts a room that was really inserted (a row skipped by on conflict do nothing never reaches it).';

revoke execute on function public.count_inserted_qr_code() from public, anon, authenticated;

create trigger count_inserted_qr_code
  after insert on public.qr_codes
  for each row execute function public.count_inserted_qr_code();

update public.users u
   set qr_codes_created = (select count(*) from public.qr_codes q where q.user_id = u.id)
 where qr_codes_created is distinct from (select count(*) from public.qr_codes q where q.user_id = u.id);

notify pgrst, 'reload schema';
