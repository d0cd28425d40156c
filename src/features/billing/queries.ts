import { queryOptions } from '@tanstack/react-query';
import { queryKeys } from '@/lib/data/query-keys';
import { listPlans } from './api/list-plans';

/** The public plan catalogue; it changes rarely, so it stays fresh for a few minutes. */
export const plansQuery = queryOptions({
  queryKey: queryKeys.plans(),
  queryFn: listPlans,
  staleTime: 5 * 60_000,
  meta: { errorLog: 'Failed to load plans' }, // the spec: a plan load failure is only logged
});
