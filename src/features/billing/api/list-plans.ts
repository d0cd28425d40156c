import { supabase } from '@/lib/supabase';
import type { PlanType } from '@/lib/session';
import type { Plan } from '../types';

interface PriceRow {
  id: string;
  active: boolean;
  unit_amount: number;
  currency: string;
  interval: Plan['interval'];
  interval_count: number;
}

interface ProductRow {
  id: string;
  name: string;
  description: string | null;
  prices: PriceRow[] | null;
}

export function planTypeOf(interval: string, intervalCount: number): PlanType | null {
  if (interval === 'month' && intervalCount === 1) return 'monthly';
  if (interval === 'month' && intervalCount === 6) return 'semiannual';
  if ((interval === 'year' && intervalCount === 1) || (interval === 'month' && intervalCount === 12)) return 'annual';
  return null;
}

function months(plan: Plan): number {
  const perUnit = { day: 1 / 30, week: 7 / 30, month: 1, year: 12 }[plan.interval];
  return perUnit * plan.intervalCount;
}

/** Active products with their active prices, one plan per price, shortest billing period first. */
export async function listPlans(): Promise<Plan[]> {
  const { data, error } = await supabase
    .from('products')
    .select('id, name, description, prices(id, active, unit_amount, currency, interval, interval_count)')
    .eq('active', true);
  if (error) throw error;
  const plans = ((data ?? []) as ProductRow[]).flatMap((product) =>
    (product.prices ?? [])
      .filter((price) => price.active)
      .map<Plan>((price) => ({
        productId: product.id,
        priceId: price.id,
        name: product.name,
        description: product.description,
        unitAmount: Number(price.unit_amount),
        currency: price.currency,
        interval: price.interval,
        intervalCount: price.interval_count ?? 1,
        planType: planTypeOf(price.interval, price.interval_count ?? 1),
      })),
  );
  return plans.sort((a, b) => months(a) - months(b) || a.unitAmount - b.unitAmount);
}
