-- Roles, schemas and grants a Supabase project has before any migration runs
-- (supabase/postgres init scripts: 00000000000000-initial-schema.sql and
-- 20230529180330_alter_api_roles_for_inherit.sql). Runs on every start, so every statement is idempotent.

-- The API roles. PostgREST logs in as `authenticator` and switches to the JWT's role per request.
do $$
begin
  if not exists (select 1 from pg_roles where rolname = 'anon') then
    create role anon nologin noinherit;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'authenticated') then
    create role authenticated nologin noinherit;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'service_role') then
    create role service_role nologin noinherit bypassrls;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'authenticator') then
    create role authenticator login noinherit;
  end if;
  -- The Auth and Storage services connect as these in Supabase; the local stand-ins may do the same.
  if not exists (select 1 from pg_roles where rolname = 'supabase_auth_admin') then
    create role supabase_auth_admin noinherit createrole login;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'supabase_storage_admin') then
    create role supabase_storage_admin noinherit createrole login;
  end if;
end
$$;

-- Supabase later made the API roles INHERIT (20230529180330).
alter role anon inherit;
alter role authenticated inherit;
alter role service_role inherit bypassrls;
alter role authenticator with login noinherit password 'postgres';
alter role supabase_auth_admin with login password 'postgres';
alter role supabase_storage_admin with login password 'postgres';

grant anon, authenticated, service_role to authenticator;
grant anon, authenticated, service_role to postgres;

-- Extensions live in their own schema, as in Supabase, so `extensions.crypt()` etc. resolve the same way.
create schema if not exists extensions;
create extension if not exists "uuid-ossp" with schema extensions;
create extension if not exists pgcrypto with schema extensions;

grant usage on schema public to postgres, anon, authenticated, service_role;
grant usage on schema extensions to postgres, anon, authenticated, service_role;
grant all on all functions in schema extensions to postgres, anon, authenticated, service_role;

-- New Supabase projects no longer auto-expose tables created in `public` to the API roles
-- (`[api] auto_expose_new_tables = false`, the default since 2026-05-30): migrations must grant explicitly.
-- Functions still get the old default (EXECUTE to PUBLIC), which is why migrations revoke it per function.
alter default privileges for role postgres in schema public revoke all on tables from anon, authenticated, service_role;
alter default privileges for role postgres in schema public revoke all on sequences from anon, authenticated, service_role;

-- Request time limits Supabase sets on the API roles (PostgREST applies per-role settings per request).
alter role anon set statement_timeout = '3s';
alter role authenticated set statement_timeout = '8s';

-- The superuser's search path, as in Supabase, so SQL run by tools finds extension functions.
alter role postgres set search_path = "$user", public, extensions;

-- Realtime's publication exists (empty) in every Supabase project; migrations may add tables to it.
do $$
begin
  if not exists (select 1 from pg_publication where pubname = 'supabase_realtime') then
    create publication supabase_realtime;
  end if;
end
$$;

-- Where the Supabase CLI records applied migrations (`supabase migration list` reads it).
create schema if not exists supabase_migrations;
create table if not exists supabase_migrations.schema_migrations (
  version text not null primary key,
  statements text[],
  name text
);
