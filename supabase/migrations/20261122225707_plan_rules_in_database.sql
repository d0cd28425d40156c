-- Plan rules in one place: the database owns what a subscription entitles to and which plan it is.
--
-- Before this migration "active or trialing", the set of statuses that still count as a subscription and the
-- plan type of a billing period were written out in the app, in the Edge Functions and here, and the plan was
-- stored twice (users.plan beside subscriptions.plan_type). From here on:
--
-- 1. subscriptions.entitled (the subscription pays for rooms: active or trialing) and subscriptions.ongoing
--    (there is a subscription to manage; a second checkout would bill the host twice) are generated from the
--    Stripe status. The app and the functions read these columns instead of keeping their own status lists.
-- 2. subscriptions.plan_type is the subscribed price's prices.plan_type (derived from the billing period by
--    that generated column), set by a trigger: the webhook only writes Stripe's state.
-- 3. users.qr_code_limit follows the subscription (its quantity while entitled, else 0), set by a trigger.
--    It stays a stored column: the quota trigger locks and reads it, and a limit can be granted by hand.
-- 4. A late event about an older, ended subscription does not replace the one the host pays for now.
-- 5. users.plan is no longer stored. `plan` stays readable on users as a computed field (PostgREST
--    `select=plan`, SQL `u.plan`): the plan type of the user's entitled subscription, so clients that read it
--    keep working. Rows written the old way keep their plan: a subscription without a plan type takes the
--    user's stored plan before the column goes. (The webhook was the only writer of users.plan and always
--    wrote the subscription first, so every stored plan has a subscription row.)

-- ---------------------------------------------------------------------------------------------------------
-- 5a. keep the stored plan where the subscription lacks it (before any trigger below exists)

update public.subscriptions s
   set plan_type = u.plan
  from public.users u
 where u.id = s.user_id
   and s.plan_type is null
   and u.plan is not null;

-- ---------------------------------------------------------------------------------------------------------
-- 1. entitlement and ongoing, generated from the status

create function public.subscription_status_entitles(status public.subscription_status)
returns boolean
language sql
immutable
parallel safe
set search_path = ''
as $$
  select status in ('active', 'trialing');
$$;

comment on function public.subscription_status_entitles(public.subscription_status) is
  'The one definition of entitlement: a subscription in this Stripe status pays for rooms (active or trialing).';

revoke execute on function public.subscription_status_entitles(public.subscription_status) from public, anon, authenticated;
grant execute on function public.subscription_status_entitles(public.subscription_status) to service_role;

alter table public.subscriptions
  add column entitled boolean not null generated always as (public.subscription_status_entitles(status)) stored,
  add column ongoing boolean not null generated always as (
    status in ('incomplete', 'trialing', 'active', 'past_due', 'unpaid')
  ) stored;

comment on column public.subscriptions.entitled is 'Derived from status: true while the subscription pays for rooms (active or trialing).';
comment on column public.subscriptions.ongoing is 'Derived from status: true while there is a subscription to manage (incomplete, trialing, active, past_due, unpaid); a new checkout is refused then.';
comment on column public.subscriptions.plan_type is 'The plan of the subscribed price (prices.plan_type), set by a trigger; null for a price that is none of our plans.';

-- ---------------------------------------------------------------------------------------------------------
-- 4. a late event about an ended, older subscription leaves the paying one alone

create function public.keep_paying_subscription()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if old.stripe_subscription_id is not null
     and new.stripe_subscription_id is distinct from old.stripe_subscription_id
     and public.subscription_status_entitles(old.status)
     and not public.subscription_status_entitles(new.status) then
    return null; -- skip this row's update: the stored subscription is the one the host pays for
  end if;
  return new;
end;
$$;

comment on function public.keep_paying_subscription() is
  'Trigger: an update that would replace an entitled subscription by a different, non-entitled one (a late Stripe event about an older subscription) is skipped.';

revoke execute on function public.keep_paying_subscription() from public, anon, authenticated;

-- BEFORE triggers fire in name order: this one runs before the plan type and updated_at are set.
create trigger keep_paying_subscription before update on public.subscriptions
  for each row execute function public.keep_paying_subscription();

-- ---------------------------------------------------------------------------------------------------------
-- 2. the plan type comes from the price

create function public.set_subscription_plan_type()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  price_plan public.plan_type;
begin
  select p.plan_type into price_plan from public.prices p where p.id = new.price_id;
  -- A price not (yet) in the catalogue leaves the plan type as it was: the webhook syncs the price first.
  if found then
    new.plan_type := price_plan;
  end if;
  return new;
end;
$$;

comment on function public.set_subscription_plan_type() is 'Trigger: a subscription''s plan_type is the plan type of its price in public.prices.';

revoke execute on function public.set_subscription_plan_type() from public, anon, authenticated;

create trigger set_subscription_plan_type before insert or update on public.subscriptions
  for each row execute function public.set_subscription_plan_type();

-- ---------------------------------------------------------------------------------------------------------
-- 3. the room limit follows the subscription

create function public.apply_subscription_limit()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  update public.users
     set qr_code_limit = case when new.entitled then new.quantity else 0 end
   where id = new.user_id;
  return null;
end;
$$;

comment on function public.apply_subscription_limit() is 'Trigger: users.qr_code_limit = the subscription''s quantity while it is entitled, else 0.';

revoke execute on function public.apply_subscription_limit() from public, anon, authenticated;

create trigger apply_subscription_limit after insert or update of status, quantity on public.subscriptions
  for each row execute function public.apply_subscription_limit();

-- ---------------------------------------------------------------------------------------------------------
-- 5b. users.plan: computed from the subscription instead of stored

-- The profile trigger no longer names the column (same behaviour: no plan, 0 of 0 codes).
create or replace function public.handle_new_user()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.users (id, email, qr_codes_created, qr_code_limit)
  values (new.id, new.email, 0, 0)
  on conflict (id) do nothing;
  return new;
end;
$$;

comment on function public.handle_new_user() is 'Trigger: creates the public.users row (0 of 0 codes, no subscription so no plan) for a new auth user.';

alter table public.users drop column plan;

create function public.plan(public.users)
returns public.plan_type
language sql
stable
set search_path = ''
as $$
  select s.plan_type from public.subscriptions s where s.user_id = $1.id and s.entitled;
$$;

comment on function public.plan(public.users) is
  'Computed field users.plan: the plan type of the user''s entitled subscription, null without one. Reads subscriptions as the caller (RLS applies).';

revoke execute on function public.plan(public.users) from public, anon;
grant execute on function public.plan(public.users) to authenticated, service_role;

comment on column public.users.qr_code_limit is 'How many QR codes the user may own: set from the subscription by apply_subscription_limit (its quantity while entitled, else 0); may be granted by hand without one.';
