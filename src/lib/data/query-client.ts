/**
 * The app's one QueryClient (TanStack Query): server state lives here, cached per query key, refetched
 * when the tab becomes visible again and after every mutation that writes the tables it reads. Like the
 * Jotai store, it is a module singleton so code outside React (the auth listener) reaches the same cache.
 */
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError, notFoundCode, permissionDeniedCode } from './api-error';
import { invalidateTables, type CachedTable } from './query-keys';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: {
      /** Logged with the error when the query fails (e.g. the spec's 'Failed to load plans'). */
      errorLog?: string;
    };
    mutationMeta: {
      /** Tables the mutation writes, triggers included: their cached reads are invalidated on success. */
      writes?: readonly CachedTable[];
    };
  }
}

/** How long a read counts as fresh: screens opened in quick succession share one request. */
const staleTimeMs = 5_000;

export function createQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => console.error(query.meta?.errorLog ?? `Failed to load ${String(query.queryKey[0])}`, error),
    }),
    mutationCache: new MutationCache({
      onSuccess: (_data, _variables, _context, mutation) => {
        // Not awaited: the screen goes on (toast, navigation) while the lists refetch.
        if (mutation.meta?.writes) void invalidateTables(client, mutation.meta.writes);
      },
      // A refused write may mean the membership changed (removed from the team, another role): the teams are read
      // again, and src/lib/current-team.ts tells a removed member and moves them to a team they still belong to.
      onError: (error) => {
        if (isApiError(error, notFoundCode) || isApiError(error, permissionDeniedCode)) void invalidateTables(client, ['teams']);
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: staleTimeMs,
        refetchOnWindowFocus: true,
        // A database answer (permission, bad input) will not change on a retry; a dropped connection may.
        retry: (failureCount, error) => failureCount < 2 && isApiError(error, 'network'),
      },
      mutations: { retry: false },
    },
  });
  return client;
}

export const queryClient = createQueryClient();
