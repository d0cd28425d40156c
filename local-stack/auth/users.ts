/**
 * auth.users and auth.identities rows, and their JSON form (`internal/models/user.go`, `identity.go`):
 * optional timestamps are left out when empty, `phone` is "" when unset, identities are always a list.
 */
import type { Pool, PoolClient } from 'pg';

export type Queryable = Pool | PoolClient;

export const nilInstanceId = '00000000-0000-0000-0000-000000000000';

export interface UserRow {
  id: string;
  aud: string | null;
  role: string | null;
  email: string | null;
  encrypted_password: string | null;
  email_confirmed_at: Date | null;
  invited_at: Date | null;
  confirmation_token: string | null;
  confirmation_sent_at: Date | null;
  recovery_token: string | null;
  recovery_sent_at: Date | null;
  email_change: string | null;
  email_change_sent_at: Date | null;
  last_sign_in_at: Date | null;
  raw_app_meta_data: Record<string, unknown> | null;
  raw_user_meta_data: Record<string, unknown> | null;
  created_at: Date | null;
  updated_at: Date | null;
  phone: string | null;
  phone_confirmed_at: Date | null;
  confirmed_at: Date | null;
  banned_until: Date | null;
  deleted_at: Date | null;
  is_anonymous: boolean;
}

export interface IdentityRow {
  id: string;
  provider_id: string;
  user_id: string;
  identity_data: Record<string, unknown>;
  provider: string;
  last_sign_in_at: Date | null;
  created_at: Date | null;
  updated_at: Date | null;
  email: string | null;
}

const iso = (value: Date | null | undefined): string | undefined => (value ? value.toISOString() : undefined);

export function identityJson(identity: IdentityRow): Record<string, unknown> {
  return omitUndefined({
    identity_id: identity.id,
    id: identity.provider_id,
    user_id: identity.user_id,
    identity_data: identity.identity_data,
    provider: identity.provider,
    last_sign_in_at: iso(identity.last_sign_in_at),
    created_at: iso(identity.created_at) ?? null,
    updated_at: iso(identity.updated_at) ?? null,
    email: identity.email ?? undefined,
  });
}

function omitUndefined(value: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined));
}

/** The user as GoTrue serialises it (field order as in models.User). */
export function userJson(user: UserRow, identities: IdentityRow[]): Record<string, unknown> {
  return omitUndefined({
    id: user.id,
    aud: user.aud ?? '',
    role: user.role ?? '',
    email: user.email ?? '',
    email_confirmed_at: iso(user.email_confirmed_at),
    invited_at: iso(user.invited_at),
    phone: user.phone ?? '',
    phone_confirmed_at: iso(user.phone_confirmed_at),
    confirmation_sent_at: iso(user.confirmation_sent_at),
    confirmed_at: iso(user.confirmed_at),
    recovery_sent_at: iso(user.recovery_sent_at),
    new_email: user.email_change ? user.email_change : undefined,
    email_change_sent_at: iso(user.email_change_sent_at),
    last_sign_in_at: iso(user.last_sign_in_at),
    app_metadata: user.raw_app_meta_data ?? {},
    user_metadata: user.raw_user_meta_data ?? {},
    identities: identities.map(identityJson),
    created_at: iso(user.created_at) ?? null,
    updated_at: iso(user.updated_at) ?? null,
    banned_until: iso(user.banned_until),
    deleted_at: iso(user.deleted_at),
    is_anonymous: user.is_anonymous,
  });
}

export async function findUserById(db: Queryable, id: string): Promise<UserRow | null> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) return null;
  const { rows } = await db.query<UserRow>('select * from auth.users where id = $1', [id]);
  return rows[0] ?? null;
}

/** FindUserByEmailAndAudience: non-SSO users only, case-insensitive. */
export async function findUserByEmail(db: Queryable, email: string, aud: string): Promise<UserRow | null> {
  const { rows } = await db.query<UserRow>(
    'select * from auth.users where instance_id = $1 and lower(email) = lower($2) and aud = $3 and is_sso_user = false limit 1',
    [nilInstanceId, email, aud],
  );
  return rows[0] ?? null;
}

export async function identitiesOf(db: Queryable, userId: string): Promise<IdentityRow[]> {
  const { rows } = await db.query<IdentityRow>('select * from auth.identities where user_id = $1 order by created_at, id', [userId]);
  return rows;
}

export async function loadUserJson(db: Queryable, userId: string): Promise<Record<string, unknown>> {
  const user = await findUserById(db, userId);
  if (!user) throw new Error(`user ${userId} vanished`);
  return userJson(user, await identitiesOf(db, userId));
}

export function isBanned(user: UserRow): boolean {
  return user.banned_until !== null && user.banned_until.getTime() > Date.now();
}

/** Merges metadata like GoTrue's UpdateUserMetaData: null values delete keys. */
export function mergeMetadata(current: Record<string, unknown> | null, updates: Record<string, unknown>): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...(current ?? {}) };
  for (const [key, value] of Object.entries(updates)) {
    if (value === null) delete merged[key];
    else merged[key] = value;
  }
  return merged;
}
