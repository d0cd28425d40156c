-- Two refinements after the first schema:
--
-- 1. Bad input is reported before the quota is checked. Row triggers of the same timing fire in name order,
--    so `enforce_qr_code_quota` ran before `validate_qr_code`: a host at the limit who typed a bad URL saw
--    the quota message, and every invalid insert briefly locked the owner's users row. The validation
--    trigger now sorts first.
-- 2. A yearly price can be written in Stripe as 12 months: prices.plan_type calls month x12 'annual' too,
--    as the subscription page does.

alter trigger validate_qr_code on public.qr_codes rename to check_qr_code_input;

-- A generated column's expression is replaced by dropping and re-adding it (ALTER ... SET EXPRESSION needs
-- PostgreSQL 17, and hosted projects may still run 15). Nothing depends on the column; values are derived.
alter table public.prices drop column plan_type;
alter table public.prices add column plan_type public.plan_type generated always as (
  case
    when interval = 'month' and interval_count = 1 then 'monthly'::public.plan_type
    when interval = 'month' and interval_count = 6 then 'semiannual'::public.plan_type
    when interval = 'year' and interval_count = 1 then 'annual'::public.plan_type
    when interval = 'month' and interval_count = 12 then 'annual'::public.plan_type
  end
) stored;

comment on column public.prices.plan_type is 'month x1 = monthly, month x6 = semiannual, year x1 or month x12 = annual; null otherwise.';
