import type { PlanType, SubscriptionRow } from '@/lib/database-rows';

const planLabelKeys: Record<PlanType, string> = {
  monthly: 'nav.plan.monthly',
  semiannual: 'nav.plan.semiannual',
  annual: 'nav.plan.annual',
};

/**
 * The navbar's plan button label (a `common` key): the plan's name while the subscription is in
 * force (active or trialing), otherwise Subscribe.
 */
export function planLabelKey(subscription: Pick<SubscriptionRow, 'plan_type' | 'status'> | null): string {
  if (!subscription || (subscription.status !== 'active' && subscription.status !== 'trialing')) return 'nav.plan.subscribe';
  return (subscription.plan_type && planLabelKeys[subscription.plan_type]) || 'nav.plan.subscribe';
}
