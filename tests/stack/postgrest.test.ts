/**
 * PostgREST 12.0.2 through the gateway, as supabase-js sees it (docs/supabase-http-api.md §B.2): status codes for RLS
 * denials, `.single()` without a row, inserts and minimal updates.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { anonClient, createUser, sql, type TestUser } from './support.ts';

describe('PostgREST through the gateway', () => {
  let owner: TestUser;
  let other: TestUser;
  let ownersPropertyId: string;

  beforeAll(async () => {
    owner = await createUser('owner');
    other = await createUser('other');
    const { data, error } = await owner.client.from('properties').insert({ name: 'Hotel Owner' }).select('id').single();
    expect(error).toBeNull();
    ownersPropertyId = (data as { id: string }).id;
  });

  it('answers 401 with 42501 when anon hits a table it may not write', async () => {
    const { error, status } = await anonClient().from('properties').insert({ name: 'Anon Hotel' });
    expect(status).toBe(401);
    expect(error?.code).toBe('42501');
  });

  it('answers 403 with 42501 when a signed-in user violates a row-level security policy', async () => {
    // The other user has room in their quota, so only RLS (code on someone else's property) refuses.
    await sql('update public.users set qr_code_limit = 5 where id = $1', [other.id]);
    const { error, status } = await other.client.from('qr_codes').insert({ property_id: ownersPropertyId, name: 'Sneaky', room_number: '101' });
    expect(status).toBe(403);
    expect(error?.code).toBe('42501');
    expect(error?.message).toContain('row-level security');
  });

  it('answers 406 PGRST116 to .single() when no row matches', async () => {
    const { data, error, status } = await owner.client.from('properties').select('*').eq('id', randomUUID()).single();
    expect(status).toBe(406);
    expect(data).toBeNull();
    expect(error?.code).toBe('PGRST116');
    expect(error?.details).toBe('The result contains 0 rows');
  });

  it('hides other owners’ rows instead of failing', async () => {
    const { data, error, status } = await other.client.from('properties').select('*').eq('id', ownersPropertyId);
    expect(status).toBe(200);
    expect(error).toBeNull();
    expect(data).toEqual([]);
  });

  it('answers 201 to an insert and 204 to a minimal update, and the update is stored', async () => {
    const id = randomUUID();
    const insert = await owner.client.from('properties').insert({ id, name: 'Seaside Inn' });
    expect(insert.status).toBe(201);
    expect(insert.error).toBeNull();

    const update = await owner.client.from('properties').update({ name: 'Seaside Inn & Spa' }).eq('id', id);
    expect(update.status).toBe(204);
    expect(update.error).toBeNull();

    const rows = await sql<{ name: string; user_id: string }>('select name, user_id from public.properties where id = $1', [id]);
    expect(rows).toEqual([{ name: 'Seaside Inn & Spa', user_id: owner.id }]);
  });

  it('returns the inserted row with Prefer return=representation (chained .select())', async () => {
    const { data, status } = await owner.client.from('properties').insert({ name: 'Cabin', type: 'other' }).select('name, type, user_id');
    expect(status).toBe(201);
    expect(data).toEqual([{ name: 'Cabin', type: 'other', user_id: owner.id }]);
  });
});
