/** The admin API used with the service-role key (supabase/auth `admin.go`): users by id, create, list, delete. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { defaultAudience, confirmUser, ensureEmailIdentity, insertUser, storeNewPassword } from './account.ts';
import type { AuthContext } from './context.ts';
import { AuthError, internal, notFound, unprocessable, validationFailed } from './errors.ts';
import { hashPassword, maxPasswordLength } from './passwords.ts';
import { JsonParams } from './request.ts';
import { withTransaction } from './sessions.ts';
import { findUserByEmail, findUserById, identitiesOf, loadUserJson, mergeMetadata, userJson, type UserRow } from './users.ts';
import { normalizeEmail } from './validation.ts';
import crypto from 'node:crypto';
import { sendJson } from '../http.ts';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function loadUser(ctx: AuthContext, id: string): Promise<UserRow> {
  if (!uuidPattern.test(id)) throw notFound('validation_failed', 'user_id must be an UUID');
  const user = await findUserById(ctx.pool, id);
  if (!user) throw notFound('user_not_found', 'User not found');
  return user;
}

function randomPassword(): string {
  return crypto.randomBytes(48).toString('base64url').slice(0, 64);
}

export async function createUser(ctx: AuthContext, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const params = await JsonParams.read(req, 'AdminUserParams');
  const rawEmail = params.string('email');
  const phone = params.string('phone');
  const id = params.string('id');
  const password = params.optionalString('password');
  const passwordHash = params.string('password_hash');
  const userMetadata = params.object('user_metadata') ?? {};
  const appMetadata = params.object('app_metadata');
  const emailConfirm = params.boolean('email_confirm');
  const role = params.string('role') || 'authenticated';
  const aud = params.string('aud') || defaultAudience;

  if (rawEmail === '' && phone === '') throw validationFailed('Cannot create a user without either an email or phone');
  if (rawEmail === '') throw validationFailed('The local Auth service creates users with an email address only (the phone provider is disabled)');
  const normalized = normalizeEmail(rawEmail);
  if ('error' in normalized) throw normalized.error;
  if (await findUserByEmail(ctx.pool, normalized.email, aud)) {
    throw unprocessable('email_exists', 'A user with this email address has already been registered');
  }
  if (password !== undefined && passwordHash !== '') throw validationFailed('Only a password or a password hash should be provided');
  if (id !== '' && !uuidPattern.test(id)) throw validationFailed('ID must conform to the uuid v4 format');
  if (id === '00000000-0000-0000-0000-000000000000') throw validationFailed('ID cannot be a nil uuid');
  const plain = password === undefined || password === '' ? randomPassword() : password;
  if (passwordHash === '' && Buffer.byteLength(plain) > maxPasswordLength) {
    throw validationFailed('bcrypt: password length exceeds 72 bytes');
  }
  if (passwordHash !== '' && !/^\$2[aby]\$\d\d\$/.test(passwordHash)) throw internal('Error creating user');
  const hash = passwordHash !== '' ? passwordHash : await hashPassword(plain);

  let userId: string;
  try {
    userId = await withTransaction(ctx.pool, async (tx) => {
      const created = await insertUser(tx, {
        id: id || undefined,
        email: normalized.email,
        passwordHash: hash,
        aud,
        role,
        appMetadata: mergeMetadata({ provider: 'email', providers: ['email'] }, appMetadata ?? {}),
        userMetadata,
      });
      await ensureEmailIdentity(tx, { id: created, email: normalized.email }, {});
      if (emailConfirm) await confirmUser(tx, created);
      return created;
    });
  } catch (error) {
    if (error instanceof AuthError) throw error;
    console.error('[auth] admin create user failed:', (error as Error).message);
    throw internal('Database error creating new user');
  }
  sendJson(res, 200, await loadUserJson(ctx.pool, userId));
}

export async function getUserById(ctx: AuthContext, res: ServerResponse, id: string): Promise<void> {
  const user = await loadUser(ctx, id);
  sendJson(res, 200, userJson(user, await identitiesOf(ctx.pool, user.id)));
}

export async function updateUserById(ctx: AuthContext, req: IncomingMessage, res: ServerResponse, id: string): Promise<void> {
  const user = await loadUser(ctx, id);
  const params = await JsonParams.read(req, 'AdminUserParams');
  const password = params.optionalString('password');
  const userMetadata = params.object('user_metadata');
  const appMetadata = params.object('app_metadata');
  const emailConfirm = params.boolean('email_confirm');
  const role = params.string('role');
  const rawEmail = params.string('email');
  if (rawEmail !== '' && rawEmail.toLowerCase() !== user.email) {
    throw validationFailed('Changing the email address is not supported by the local Auth service');
  }
  if (password !== undefined && Buffer.byteLength(password) > maxPasswordLength) {
    throw validationFailed(`Password cannot be longer than ${maxPasswordLength} characters`);
  }
  const hash = password !== undefined && password !== '' ? await hashPassword(password) : null;
  await withTransaction(ctx.pool, async (tx) => {
    if (role) await tx.query('update auth.users set role = $2, updated_at = now() where id = $1', [user.id, role]);
    if (hash) await storeNewPassword(tx, user, hash, null);
    if (userMetadata) {
      await tx.query('update auth.users set raw_user_meta_data = $2, updated_at = now() where id = $1', [
        user.id,
        JSON.stringify(mergeMetadata(user.raw_user_meta_data, userMetadata)),
      ]);
    }
    if (appMetadata) {
      await tx.query('update auth.users set raw_app_meta_data = $2, updated_at = now() where id = $1', [
        user.id,
        JSON.stringify(mergeMetadata(user.raw_app_meta_data, appMetadata)),
      ]);
    }
    if (emailConfirm && !user.email_confirmed_at) await confirmUser(tx, user.id);
  });
  sendJson(res, 200, await loadUserJson(ctx.pool, user.id));
}

export async function deleteUserById(ctx: AuthContext, req: IncomingMessage, res: ServerResponse, id: string): Promise<void> {
  const user = await loadUser(ctx, id);
  const params = await JsonParams.read(req, 'adminUserDeleteParams', { allowEmpty: true });
  if (params.boolean('should_soft_delete')) {
    throw validationFailed('Soft delete is not supported by the local Auth service; delete without should_soft_delete');
  }
  try {
    await ctx.pool.query('delete from auth.users where id = $1', [user.id]);
  } catch (error) {
    console.error('[auth] deleting a user failed:', (error as Error).message);
    throw internal('Database error deleting user');
  }
  sendJson(res, 200, {});
}

export async function listUsers(ctx: AuthContext, res: ServerResponse, query: URLSearchParams, baseUrl: string): Promise<void> {
  const page = Math.max(1, Number.parseInt(query.get('page') ?? '1', 10) || 1);
  const perPage = Math.min(1000, Math.max(1, Number.parseInt(query.get('per_page') ?? '50', 10) || 50));
  const total = Number((await ctx.pool.query<{ count: string }>('select count(*) from auth.users where aud = $1', [defaultAudience])).rows[0]!.count);
  const { rows } = await ctx.pool.query<UserRow>('select * from auth.users where aud = $1 order by created_at desc, id limit $2 offset $3', [
    defaultAudience,
    perPage,
    (page - 1) * perPage,
  ]);
  const users = await Promise.all(rows.map(async (user) => userJson(user, await identitiesOf(ctx.pool, user.id))));
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const links = [`<${baseUrl}/admin/users?page=${lastPage}&per_page=${perPage}>; rel="last"`];
  if (page < lastPage) links.unshift(`<${baseUrl}/admin/users?page=${page + 1}&per_page=${perPage}>; rel="next"`);
  sendJson(res, 200, { users, aud: defaultAudience }, { 'X-Total-Count': String(total), Link: links.join(', ') });
}
