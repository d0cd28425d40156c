-- Billing: which Stripe customer belongs to which RoomGuide user.
-- Written and read only by the billing Edge Functions with the service role (create-checkout-session
-- creates the customer once and reuses it; create-portal-session opens that customer's Billing Portal;
-- stripe-webhook maps a subscription's customer back to the user). RLS is enabled with no policies and
-- anon/authenticated have no privileges, so no browser can read or change the mapping.

/* Section: table */
create table public.stripe_customers (
  user_id uuid primary key references auth.users (id) on delete cascade,
  stripe_customer_id text not null unique check (stripe_customer_id ~ '^cus_[A-Za-z0-9_]+$'),
  created_at timestamptz not null default now()
);
alter table public.stripe_customers enable row level security;

comment on table public.stripe_customers is 'One Stripe customer per user; service role only (RLS on, no policies).';
comment on column public.stripe_customers.user_id is 'The RoomGuide user (auth.users.id).';
comment on column public.stripe_customers.stripe_customer_id is 'Stripe customer id (cus_…), reused for every checkout and the Billing Portal.';

/* Section: grants */
revoke all on public.stripe_customers from anon, authenticated;
grant select, insert, update, delete on public.stripe_customers to service_role;
