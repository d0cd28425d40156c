import type { PlanType } from '@/lib/data/rows';
import type { Database } from '@/types/database';

export type PriceInterval = Database['public']['Enums']['price_interval'];

/** One purchasable plan: an active recurring price of an active product (docs/product-spec.md §3 "Plan"). */
export interface Plan {
  productId: string;
  priceId: string;
  name: string;
  description: string | null;
  /** Per room, in minor currency units. */
  unitAmount: number;
  currency: string;
  interval: PriceInterval;
  intervalCount: number;
  /** The database's plan type of the price (derived from its billing period). */
  planType: PlanType | null;
}

export const minRooms = 1;
export const maxRooms = 500;
