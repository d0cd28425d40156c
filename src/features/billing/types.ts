import type { PlanType } from '@/lib/session';

/** One purchasable plan: an active recurring price of an active product (spec §3 "Plan"). */
export interface Plan {
  productId: string;
  priceId: string;
  name: string;
  description: string | null;
  /** Per room, in minor currency units. */
  unitAmount: number;
  currency: string;
  interval: 'day' | 'week' | 'month' | 'year';
  intervalCount: number;
  planType: PlanType | null;
}

/** The checkout and portal functions answer errors as `{ code, message }`. */
export class BillingError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number | null,
  ) {
    super(message);
    this.name = 'BillingError';
  }
}

export const minRooms = 1;
export const maxRooms = 500;
