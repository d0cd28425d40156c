/**
 * Row shapes the shell relies on (DESIGN.md §3). They mirror the migrations; when the generated
 * `src/types/database.ts` is present these become aliases of its `Tables<…>` rows.
 */
export type PlanType = 'monthly' | 'semiannual' | 'annual';

export interface UserRow {
  id: string;
  email: string;
  created_at: string;
  plan: PlanType | null;
  qr_codes_created: number;
  qr_code_limit: number;
}

export interface SubscriptionRow {
  user_id: string;
  plan_type: PlanType | null;
  status: string;
  quantity: number | null;
  price_id: string | null;
  current_period_end: string | null;
  cancel_at_period_end: boolean | null;
}
