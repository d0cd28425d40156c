-- The database side of Supabase Realtime that the local Realtime service (local-stack/realtime) relies on.
-- A hosted project has the `supabase_realtime` publication from the start; migrations add tables to it. The
-- `realtime` functions below are the local service's own: they let PostgreSQL decide, with each subscriber's role
-- and JWT claims set, which changed rows that subscriber may read (what Supabase's WALRUS `apply_rls` does).
-- Runs on every start: every statement is idempotent.

do $$
begin
  if not exists (select 1 from pg_publication where pubname = 'supabase_realtime') then
    create publication supabase_realtime;
  end if;
end
$$;

create schema if not exists realtime;
revoke all on schema realtime from public;

-- The roles a token may act as: the ones PostgREST's authenticator may switch to. Anything else sees nothing.
create or replace function realtime.local_may_act_as(role_name text) returns boolean
language sql stable
as $$
  select exists (
    select 1 from pg_roles r
    where r.rolname = role_name and not r.rolsuper and pg_has_role('authenticator', r.oid, 'member')
  )
$$;
comment on function realtime.local_may_act_as(text) is 'Local Realtime: whether a JWT role claim names a role the API may act as.';

-- Whether a subscriber acting as this role may select from the table at all (before any row-level security).
create or replace function realtime.local_may_select(role_name text, entity regclass) returns boolean
language sql stable
as $$
  select role_name is not null and realtime.local_may_act_as(role_name) and has_table_privilege(role_name, entity, 'select')
$$;
comment on function realtime.local_may_select(text, regclass) is 'Local Realtime: whether a JWT role claim names an API role that may select from the table.';

-- Which of `keys` (a JSON array of primary-key objects) each of `claims` may select now, by the table's row-level
-- security evaluated with that role and `request.jwt.claims` set (for INSERT and UPDATE, as WALRUS does: the live row).
-- One prepared statement per call, as WALRUS prepares `walrus_rls_stmt`: its plan is reused while the role stays the
-- same, which made 200 sets of claims a third cheaper than planning the query for each.
create or replace function realtime.local_visible_rows(entity regclass, keys jsonb, claims jsonb[])
returns table (claims_index int, key_index int)
language plpgsql
as $$
declare
  key_match text;
  statement_name text := 'realtime_local_visible_' || pg_backend_pid();
  acting_role text;
begin
  select string_agg(format('t.%I = (k.value ->> %L)::%s', a.attname, a.attname, format_type(a.atttypid, a.atttypmod)), ' and ')
    into key_match
    from pg_index i
    join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any (i.indkey)
   where i.indrelid = entity and i.indisprimary;
  if key_match is null then
    return;
  end if;
  -- Left by a call that failed half-way in this session.
  if exists (select 1 from pg_prepared_statements where name = statement_name) then
    execute format('deallocate %I', statement_name);
  end if;
  execute format(
    'prepare %I(jsonb) as select (k.ordinality - 1)::int from jsonb_array_elements($1) with ordinality as k(value, ordinality) where exists (select 1 from %s t where %s)',
    statement_name, entity, key_match);
  for i in 1 .. coalesce(array_length(claims, 1), 0) loop
    acting_role := claims[i] ->> 'role';
    continue when not realtime.local_may_select(acting_role, entity);
    perform set_config('role', acting_role, true);
    perform set_config('request.jwt.claims', claims[i]::text, true);
    for key_index in execute format('execute %I(%L)', statement_name, keys) loop
      claims_index := i - 1;
      return next;
    end loop;
    perform set_config('role', 'none', true);
  end loop;
  perform set_config('request.jwt.claims', '', true);
  execute format('deallocate %I', statement_name);
end
$$;
comment on function realtime.local_visible_rows(regclass, jsonb, jsonb[]) is 'Local Realtime: the keys each subscriber''s claims may select, by row-level security on the live rows.';

-- Which of `records` (deleted rows, whole: the table has REPLICA IDENTITY FULL) each of `claims` could select: the
-- table's select policies for that role evaluated on the old row with the claims set. Hosted Supabase skips RLS for
-- deletes and sends every subscriber the primary key; the local service is stricter (docs/realtime.md).
create or replace function realtime.local_visible_old_rows(entity regclass, records jsonb, claims jsonb[])
returns table (claims_index int, record_index int)
language plpgsql
as $$
declare
  relation_name name;
  rls_on boolean;
  acting_role text;
  permissive text;
  restrictive text;
begin
  select c.relname, c.relrowsecurity into relation_name, rls_on from pg_class c where c.oid = entity;
  for i in 1 .. coalesce(array_length(claims, 1), 0) loop
    acting_role := claims[i] ->> 'role';
    continue when not realtime.local_may_select(acting_role, entity);
    if not rls_on or (select r.rolbypassrls from pg_roles r where r.rolname = acting_role) then
      return query select i - 1, (r.ordinality - 1)::int from jsonb_array_elements(records) with ordinality as r(value, ordinality);
      continue;
    end if;
    select string_agg('(' || pg_get_expr(p.polqual, p.polrelid) || ')', ' or ') filter (where p.polpermissive),
           string_agg('(' || pg_get_expr(p.polqual, p.polrelid) || ')', ' and ') filter (where not p.polpermissive)
      into permissive, restrictive
      from pg_policy p
     where p.polrelid = entity
       and p.polcmd in ('r', '*')
       and p.polqual is not null
       and (0 = any (p.polroles) or exists (select 1 from unnest(p.polroles) as member(oid) where pg_has_role(acting_role, member.oid, 'member')));
    continue when permissive is null;
    perform set_config('role', acting_role, true);
    perform set_config('request.jwt.claims', claims[i]::text, true);
    return query execute format(
      'select %s, (%I.ordinality - 1)::int from jsonb_populate_recordset(null::%s, $1) with ordinality as %I where (%s) and (%s)',
      i - 1, relation_name, entity, relation_name, permissive, coalesce(restrictive, 'true')) using records;
    perform set_config('role', 'none', true);
  end loop;
  perform set_config('request.jwt.claims', '', true);
end
$$;
comment on function realtime.local_visible_old_rows(regclass, jsonb, jsonb[]) is 'Local Realtime: the deleted rows each subscriber''s claims could select, by the table''s select policies on the old row.';

-- Which of `records` each filter (a JSON array of conditions [column, operator, value, negated]) lets through, the
-- values cast to the column's type by PostgreSQL as Supabase's `realtime.check_equality_op` does. A null column
-- value passes a condition, as on the hosted server.
create or replace function realtime.local_filter_rows(entity regclass, records jsonb, filters jsonb)
returns table (filter_index int, record_index int)
language plpgsql
as $$
declare
  relation_name name;
  condition jsonb;
  conditions text[];
  column_type text;
  comparison text;
begin
  select c.relname into relation_name from pg_class c where c.oid = entity;
  for f in 0 .. jsonb_array_length(filters) - 1 loop
    conditions := array[]::text[];
    for condition in select value from jsonb_array_elements(filters -> f) loop
      select format_type(a.atttypid, a.atttypmod) into column_type
        from pg_attribute a
       where a.attrelid = entity and a.attname = condition ->> 0 and a.attnum > 0 and not a.attisdropped;
      if column_type is null then
        raise exception 'column % does not exist', condition ->> 0 using errcode = '42703';
      end if;
      comparison := case condition ->> 1
        when 'eq' then format('%I.%I = %L::%s', relation_name, condition ->> 0, condition ->> 2, column_type)
        when 'neq' then format('%I.%I <> %L::%s', relation_name, condition ->> 0, condition ->> 2, column_type)
        when 'lt' then format('%I.%I < %L::%s', relation_name, condition ->> 0, condition ->> 2, column_type)
        when 'lte' then format('%I.%I <= %L::%s', relation_name, condition ->> 0, condition ->> 2, column_type)
        when 'gt' then format('%I.%I > %L::%s', relation_name, condition ->> 0, condition ->> 2, column_type)
        when 'gte' then format('%I.%I >= %L::%s', relation_name, condition ->> 0, condition ->> 2, column_type)
        when 'in' then format('%I.%I = any (%L::%s[])', relation_name, condition ->> 0, condition ->> 2, column_type)
      end;
      if comparison is null then
        raise exception 'unknown operator %', condition ->> 1 using errcode = '22023';
      end if;
      if (condition ->> 3)::boolean then
        comparison := format('not (%s)', comparison);
      end if;
      conditions := conditions || format('(%I.%I is null or %s)', relation_name, condition ->> 0, comparison);
    end loop;
    return query execute format(
      'select %s, (%I.ordinality - 1)::int from jsonb_populate_recordset(null::%s, $1) with ordinality as %I where %s',
      f, relation_name, entity, relation_name, coalesce(nullif(array_to_string(conditions, ' and '), ''), 'true')) using records;
  end loop;
end
$$;
comment on function realtime.local_filter_rows(regclass, jsonb, jsonb) is 'Local Realtime: the records each postgres_changes filter lets through, compared in the column''s type.';
