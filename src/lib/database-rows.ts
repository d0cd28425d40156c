/** Row types the shell relies on, from the generated `src/types/database.ts` (`npm run db:types`). */
import type { Database, Tables } from '@/types/database';

export type PlanType = Database['public']['Enums']['plan_type'];
export type UserRow = Tables<'users'>;
export type SubscriptionRow = Tables<'subscriptions'>;
