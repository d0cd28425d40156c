/**
 * The two GoTrue tables the database bootstrap (local-stack/db/bootstrap/20-auth.sql) leaves out because
 * only Auth reads them: `auth.mfa_amr_claims` (how each session signed in, for the `amr` claim) and
 * `auth.flow_state` (PKCE). GoTrue creates its own tables when it starts; the stand-in does the same, with
 * GoTrue's column names, idempotently.
 */
export const authSchemaSql = `
do $$
begin
  if not exists (select 1 from pg_type where typname = 'code_challenge_method' and typnamespace = 'auth'::regnamespace) then
    create type auth.code_challenge_method as enum ('s256', 'plain');
  end if;
end
$$;

create table if not exists auth.mfa_amr_claims (
  session_id uuid not null references auth.sessions (id) on delete cascade,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  authentication_method text not null,
  id uuid not null primary key,
  constraint mfa_amr_claims_session_id_authentication_method_pkey unique (session_id, authentication_method)
);

create table if not exists auth.flow_state (
  id uuid not null primary key,
  user_id uuid,
  auth_code text,
  code_challenge_method auth.code_challenge_method,
  code_challenge text,
  provider_type text not null,
  provider_access_token text,
  provider_refresh_token text,
  created_at timestamptz,
  updated_at timestamptz,
  authentication_method text not null,
  auth_code_issued_at timestamptz
);
create index if not exists idx_auth_code on auth.flow_state (auth_code);
create index if not exists idx_user_id_auth_method on auth.flow_state (user_id, authentication_method);

do $$
begin
  if exists (select 1 from pg_roles where rolname = 'supabase_auth_admin') then
    grant all on auth.mfa_amr_claims, auth.flow_state to supabase_auth_admin;
  end if;
end
$$;
`;
