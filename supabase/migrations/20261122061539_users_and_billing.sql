-- Users and billing (DESIGN.md §3): the public profile row every auth user gets, the Stripe catalogue
-- (products, prices) the subscription page lists, each user's subscription, and the log of Stripe webhook
-- events that makes the webhook idempotent.
--
-- Conventions for every migration in this folder:
-- * RLS on every table; one policy per operation per role, named "<table>: <role> can <action> <scope>".
-- * Explicit grants: new Supabase projects no longer expose new tables to anon/authenticated by default.
-- * Functions: EXECUTE is revoked from public and granted per function; `security definer` only where the
--   caller must not hold the privilege itself, always with `set search_path = ''` and qualified names.
-- * Only what a hosted Supabase project provides, so `supabase db push` applies these files unchanged.

-- ---------------------------------------------------------------------------------------------------------
-- enums (the generated TypeScript types turn them into unions)

create type public.plan_type as enum ('monthly', 'semiannual', 'annual');
comment on type public.plan_type is 'Our plans: a Stripe price billed every month, every 6 months or every year.';

create type public.subscription_status as enum (
  'incomplete', 'incomplete_expired', 'trialing', 'active', 'past_due', 'canceled', 'unpaid', 'paused'
);
comment on type public.subscription_status is 'Stripe subscription statuses, as Stripe reports them.';

create type public.price_interval as enum ('day', 'week', 'month', 'year');
comment on type public.price_interval is 'Stripe recurring price intervals.';

-- ---------------------------------------------------------------------------------------------------------
-- users

create table public.users (
  id uuid primary key references auth.users (id) on delete cascade,
  email text,
  created_at timestamptz not null default now(),
  plan public.plan_type,
  qr_codes_created integer not null default 0 check (qr_codes_created >= 0),
  qr_code_limit integer not null default 0 check (qr_code_limit >= 0)
);

comment on table public.users is 'One row per auth user (created by a trigger on auth.users). Owners read their own row; only the service role (Stripe webhook) and the quota trigger change it.';
comment on column public.users.email is 'Copy of auth.users.email, kept in sync by triggers.';
comment on column public.users.plan is 'Plan of the active subscription (monthly, semiannual, annual), null without one.';
comment on column public.users.qr_codes_created is 'How many QR codes the user owns now; maintained by the quota trigger on qr_codes.';
comment on column public.users.qr_code_limit is 'How many QR codes the user may own: the subscription quantity (rooms) while it is active or trialing, else 0.';

alter table public.users enable row level security;

create policy "users: authenticated can select own row"
  on public.users for select to authenticated
  using ((select auth.uid()) = id);

grant select on public.users to authenticated;
grant select, insert, update, delete on public.users to service_role;

-- GoTrue inserts into auth.users as supabase_auth_admin, which has no rights on public tables: hence
-- security definer. A failure here makes sign-up fail with "Database error saving new user".
create function public.handle_new_user()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.users (id, email, plan, qr_codes_created, qr_code_limit)
  values (new.id, new.email, null, 0, 0)
  on conflict (id) do nothing;
  return new;
end;
$$;

comment on function public.handle_new_user() is 'Trigger: creates the public.users row (plan null, 0 of 0 codes) for a new auth user.';

create function public.handle_user_email_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.users set email = new.email where id = new.id;
  return new;
end;
$$;

comment on function public.handle_user_email_change() is 'Trigger: keeps public.users.email equal to auth.users.email after an email change.';

revoke execute on function public.handle_new_user() from public, anon, authenticated;
revoke execute on function public.handle_user_email_change() from public, anon, authenticated;

create trigger on_auth_user_created
  after insert on auth.users
  for each row execute function public.handle_new_user();

create trigger on_auth_user_email_changed
  after update of email on auth.users
  for each row when (old.email is distinct from new.email)
  execute function public.handle_user_email_change();

-- ---------------------------------------------------------------------------------------------------------
-- products and prices (mirrors of the Stripe catalogue)

create table public.products (
  id text primary key,
  active boolean not null default true,
  name text not null check (char_length(name) between 1 and 250),
  description text check (char_length(description) <= 1000),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

comment on table public.products is 'Stripe products (id = Stripe product id). Anyone may read active ones; the Stripe webhook keeps them in sync; seeded for local use.';

alter table public.products enable row level security;

create policy "products: anon can select active products"
  on public.products for select to anon
  using (active);

create policy "products: authenticated can select active products"
  on public.products for select to authenticated
  using (active);

grant select on public.products to anon, authenticated;
grant select, insert, update, delete on public.products to service_role;

create table public.prices (
  id text primary key,
  product_id text not null references public.products (id) on delete cascade,
  active boolean not null default true,
  unit_amount integer not null check (unit_amount >= 0),
  currency text not null check (currency ~ '^[a-z]{3}$'),
  interval public.price_interval,
  interval_count integer not null default 1 check (interval_count >= 1),
  -- Derived, never written: which of our plans this Stripe price is (null for any other billing period).
  plan_type public.plan_type generated always as (
    case
      when interval = 'month' and interval_count = 1 then 'monthly'::public.plan_type
      when interval = 'month' and interval_count = 6 then 'semiannual'::public.plan_type
      when interval = 'year' and interval_count = 1 then 'annual'::public.plan_type
    end
  ) stored,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

comment on table public.prices is 'Stripe prices (id = Stripe price id), per room: unit_amount in minor units for one room for one billing period. Anyone may read active ones.';
comment on column public.prices.plan_type is 'month x1 = monthly, month x6 = semiannual, year x1 = annual; null otherwise.';

create index prices_product_id_idx on public.prices (product_id);

alter table public.prices enable row level security;

create policy "prices: anon can select active prices"
  on public.prices for select to anon
  using (active);

create policy "prices: authenticated can select active prices"
  on public.prices for select to authenticated
  using (active);

grant select on public.prices to anon, authenticated;
grant select, insert, update, delete on public.prices to service_role;

-- ---------------------------------------------------------------------------------------------------------
-- subscriptions (one per user, written by the Stripe webhook)

create table public.subscriptions (
  user_id uuid primary key references public.users (id) on delete cascade,
  plan_type public.plan_type,
  status public.subscription_status not null,
  quantity integer not null default 1 check (quantity >= 0),
  price_id text,
  stripe_customer_id text,
  stripe_subscription_id text unique,
  current_period_end timestamptz,
  cancel_at_period_end boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

comment on table public.subscriptions is 'The user''s Stripe subscription (status as Stripe reports it, quantity = rooms). Owners read their own row; only the Stripe webhook (service role) writes it.';
comment on column public.subscriptions.price_id is 'Stripe price id; not a foreign key because a subscription event may arrive before the price is synced.';

alter table public.subscriptions enable row level security;

create policy "subscriptions: authenticated can select own subscription"
  on public.subscriptions for select to authenticated
  using ((select auth.uid()) = user_id);

grant select on public.subscriptions to authenticated;
grant select, insert, update, delete on public.subscriptions to service_role;

-- ---------------------------------------------------------------------------------------------------------
-- stripe_events (webhook idempotency)

create table public.stripe_events (
  id text primary key,
  type text not null,
  received_at timestamptz not null default now()
);

comment on table public.stripe_events is 'Stripe webhook events already handled, by event id: a replayed event (same id) has no second effect. Service role only.';

alter table public.stripe_events enable row level security;

grant select, insert, update, delete on public.stripe_events to service_role;

-- ---------------------------------------------------------------------------------------------------------
-- updated_at bookkeeping shared by every table that has the column

create function public.set_updated_at()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := now();
  return new;
end;
$$;

comment on function public.set_updated_at() is 'Trigger: stamps updated_at on every update, so clients cannot set it.';

revoke execute on function public.set_updated_at() from public, anon, authenticated;

create trigger set_updated_at before update on public.products
  for each row execute function public.set_updated_at();
create trigger set_updated_at before update on public.prices
  for each row execute function public.set_updated_at();
create trigger set_updated_at before update on public.subscriptions
  for each row execute function public.set_updated_at();
