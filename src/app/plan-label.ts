import type { PlanType } from '@/lib/data/rows';

const planLabelKeys: Record<PlanType, string> = {
  monthly: 'nav.plan.monthly',
  semiannual: 'nav.plan.semiannual',
  annual: 'nav.plan.annual',
};

/**
 * The navbar's plan button label (a `common` key): the name of the plan in force, otherwise Subscribe.
 * Which plan is in force is the database's answer (`users.plan`, computed from the entitled subscription).
 */
export function planLabelKey(plan: PlanType | null): string {
  return plan ? planLabelKeys[plan] : 'nav.plan.subscribe';
}
