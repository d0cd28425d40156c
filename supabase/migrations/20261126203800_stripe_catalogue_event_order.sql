-- Products and prices keep the newest Stripe state, whatever order the events arrive in (issue 25, item 4).
--
-- Stripe does not deliver events in order. The stripe-webhook function wrote every product.* and price.* event as
-- it arrived, so `price.updated` with active=false (t0+300) followed by a late `price.updated` with active=true
-- (t0+200) made an archived price active again. Now each row keeps the creation time of the event its state came
-- from (stripe_state_at), and an update carrying an older time is skipped by a trigger, so the write is still one
-- upsert and two deliveries racing each other cannot interleave a read and a write. Equal times apply in arrival
-- order (Stripe's event times are whole seconds). A write without a time (the seed, an operator) applies and keeps
-- the stored time. Existing rows have no time yet: the next event applies to them.

alter table public.products add column stripe_state_at timestamptz;
alter table public.prices add column stripe_state_at timestamptz;

comment on column public.products.stripe_state_at is
  'Creation time of the Stripe event this row''s state came from; an update carrying an older time is skipped. Null: not from an event.';
comment on column public.prices.stripe_state_at is
  'Creation time of the Stripe event this row''s state came from; an update carrying an older time is skipped. Null: not from an event.';

create function private.keep_newer_stripe_state()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.stripe_state_at is null then
    new.stripe_state_at := old.stripe_state_at;
  elsif old.stripe_state_at is not null and new.stripe_state_at < old.stripe_state_at then
    return null;
  end if;
  return new;
end;
$$;

comment on function private.keep_newer_stripe_state() is
  'Trigger: skips an update of a Stripe mirror row whose stripe_state_at is older than the stored one (events out of order).';

revoke execute on function private.keep_newer_stripe_state() from public, anon, authenticated;

create trigger keep_newer_stripe_state
  before update on public.products
  for each row execute function private.keep_newer_stripe_state();

create trigger keep_newer_stripe_state
  before update on public.prices
  for each row execute function private.keep_newer_stripe_state();

notify pgrst, 'reload schema';
