import { supabase } from '@/lib/supabase';
import { throwIfError } from '@/lib/data/api-error';
import type { Plan } from '../types';

function months(plan: Plan): number {
  const perUnit = { day: 1 / 30, week: 7 / 30, month: 1, year: 12 }[plan.interval];
  return perUnit * plan.intervalCount;
}

/**
 * Active products with their active recurring prices, one plan per price, shortest billing period first.
 * The plan type is the database's (`prices.plan_type`, derived from the billing period).
 */
export async function listPlans(): Promise<Plan[]> {
  const { data, error } = await supabase
    .from('products')
    .select('id, name, description, prices(id, active, unit_amount, currency, interval, interval_count, plan_type)')
    .eq('active', true);
  throwIfError(error);
  const plans = (data ?? []).flatMap((product) =>
    product.prices.flatMap((price): Plan[] =>
      price.active && price.interval
        ? [
            {
              productId: product.id,
              priceId: price.id,
              name: product.name,
              description: product.description,
              unitAmount: price.unit_amount,
              currency: price.currency,
              interval: price.interval,
              intervalCount: price.interval_count,
              planType: price.plan_type,
            },
          ]
        : [],
    ),
  );
  return plans.sort((a, b) => months(a) - months(b) || a.unitAmount - b.unitAmount);
}
