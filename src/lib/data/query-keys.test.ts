import { QueryObserver, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from './query-client';
import { queryKeys, type CachedTable } from './query-keys';

const alice = '00000000-0000-4000-8000-00000000000a';
const bob = '00000000-0000-4000-8000-00000000000b';

let client: QueryClient;

afterEach(() => client?.clear());

/** One cached read per key, as if each screen had loaded it. */
function cacheReads(keys: QueryKey[]): void {
  for (const key of keys) client.setQueryData(key, ['loaded']);
}

const invalidated = (key: QueryKey) => client.getQueryState(key)?.isInvalidated ?? false;

/** Runs a mutation through the client's mutation cache, as useMutation does. */
async function mutate(writes: readonly CachedTable[], mutationFn = () => Promise.resolve('done')): Promise<void> {
  await client.getMutationCache().build(client, { mutationFn, meta: { writes } }).execute(undefined);
}

describe('queryKeys', () => {
  it('start with the table, then the owner', () => {
    expect(queryKeys.profile(alice, alice)).toEqual(['users', alice, alice]);
    expect(queryKeys.subscription(alice, alice)).toEqual(['subscriptions', alice, alice]);
    expect(queryKeys.properties(alice)).toEqual(['properties', alice]);
    expect(queryKeys.rooms(alice)).toEqual(['qr_codes', alice, 'list']);
    expect(queryKeys.room(alice, 'r1')).toEqual(['qr_codes', alice, 'room', 'r1']);
    expect(queryKeys.plans()[0]).toBe('prices');
  });

  it('keep two owners apart', () => {
    expect(queryKeys.rooms(alice)).not.toEqual(queryKeys.rooms(bob));
  });
});

describe('invalidation after a mutation', () => {
  it('marks every cached read of the tables the mutation writes stale, and nothing else', async () => {
    client = createQueryClient();
    const scans = queryKeys.scanStats(alice, { fromDay: '2026-03-01', toDay: '2026-03-07', propertyId: 'p1' });
    cacheReads([
      scans,
      queryKeys.rooms(alice),
      queryKeys.room(alice, 'r1'),
      queryKeys.profile(alice, alice),
      queryKeys.properties(alice),
      queryKeys.subscription(alice, alice),
      queryKeys.plans(),
    ]);
    // Creating a room writes qr_codes and, through the quota trigger, the owner's users row.
    await mutate(['qr_codes', 'users']);
    await vi.waitFor(() => expect(invalidated(queryKeys.rooms(alice))).toBe(true));
    expect(invalidated(queryKeys.room(alice, 'r1'))).toBe(true);
    expect(invalidated(scans)).toBe(true);
    expect(invalidated(queryKeys.profile(alice, alice))).toBe(true);
    expect(invalidated(queryKeys.properties(alice))).toBe(false);
    expect(invalidated(queryKeys.subscription(alice, alice))).toBe(false);
    expect(invalidated(queryKeys.plans())).toBe(false);
  });

  it('invalidates nothing when the mutation fails', async () => {
    client = createQueryClient();
    cacheReads([queryKeys.properties(alice)]);
    await expect(mutate(['properties'], () => Promise.reject(new Error('refused')))).rejects.toThrow('refused');
    expect(invalidated(queryKeys.properties(alice))).toBe(false);
  });

  it('refetches a read that is on screen at once (the property list after a delete)', async () => {
    client = createQueryClient();
    let reads = 0;
    const observer = new QueryObserver(client, { queryKey: queryKeys.properties(alice), queryFn: async () => ++reads });
    const stop = observer.subscribe(() => undefined);
    await vi.waitFor(() => expect(reads).toBe(1));
    await mutate(['properties', 'qr_codes', 'users']);
    await vi.waitFor(() => expect(reads).toBe(2));
    stop();
  });
});
