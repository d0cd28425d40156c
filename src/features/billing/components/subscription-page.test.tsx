import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi, type Mock } from 'vitest';
import { supabase } from '@/lib/supabase';
import type { SubscriptionRow, UserRow } from '@/lib/data/rows';
import { renderWithProviders, setSignedIn, testTeamId } from '@/testing/render';
import { createCheckoutSession } from '../api/create-checkout-session';
import { createPortalSession } from '../api/create-portal-session';
import { listPlans } from '../api/list-plans';
import { redirectTo } from '../redirect';
import { ApiError } from '@/lib/data/api-error';
import type { Plan } from '../types';
import SubscriptionPage from './subscription-page';

vi.mock('../api/list-plans', async (importOriginal) => ({ ...(await importOriginal<object>()), listPlans: vi.fn() }));
vi.mock('../api/create-checkout-session', () => ({ createCheckoutSession: vi.fn() }));
vi.mock('../api/create-portal-session', () => ({ createPortalSession: vi.fn() }));
vi.mock('../redirect', () => ({ redirectTo: vi.fn() }));

const plans: Plan[] = [
  {
    productId: 'prod_local_roomguide',
    priceId: 'price_local_monthly',
    name: 'RoomGuide',
    description: 'One guide per room.',
    unitAmount: 600,
    currency: 'eur',
    interval: 'month',
    intervalCount: 1,
    planType: 'monthly',
  },
  {
    productId: 'prod_local_roomguide',
    priceId: 'price_local_annual',
    name: 'RoomGuide',
    description: 'One guide per room.',
    unitAmount: 6000,
    currency: 'eur',
    interval: 'year',
    intervalCount: 1,
    planType: 'annual',
  },
];
const userId = '00000000-0000-4000-8000-000000000001';
const profile = (limit: number): UserRow => ({
  id: userId,
  email: 'host@example.com',
  created_at: '2026-11-01T00:00:00Z',
  plan: limit > 0 ? 'monthly' : null,
  qr_codes_created: 1,
  qr_code_limit: limit,
});
const activeMonthly: SubscriptionRow = {
  user_id: userId,
  plan_type: 'monthly',
  status: 'active',
  entitled: true,
  ongoing: true,
  quantity: 3,
  price_id: 'price_local_monthly',
  stripe_customer_id: 'cus_test',
  stripe_subscription_id: 'sub_test',
  current_period_end: '2026-12-22T06:00:00Z',
  cancel_at_period_end: false,
  created_at: '2026-11-22T06:00:00Z',
  updated_at: '2026-11-22T06:00:00Z',
};

function renderPage(route = '/dashboard/subscription') {
  return renderWithProviders(<SubscriptionPage />, { route, path: '/dashboard/subscription' });
}

/**
 * The session atoms read the `users` and `subscriptions` rows through the app's one supabase client
 * (loaded by the test setup before any vi.mock could apply), so the rows are served at that client.
 */
let rows: { users: UserRow | null; subscriptions: SubscriptionRow | null };
function serveRows() {
  vi.spyOn(supabase, 'from').mockImplementation(((table: 'users' | 'subscriptions') => ({
    select: () => ({ eq: () => ({ maybeSingle: async () => ({ data: rows[table], error: null }) }) }),
  })) as unknown as typeof supabase.from);
}

beforeEach(() => {
  (listPlans as Mock).mockResolvedValue(plans);
  rows = { users: profile(0), subscriptions: null };
  serveRows();
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('SubscriptionPage', () => {
  it('lists the plans with price and interval, and the total follows the room count (values below 1 ignored)', async () => {
    setSignedIn('host@example.com', null);
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Choose Your Plan' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Monthly Plan' })).toBeInTheDocument();
    expect(screen.getByText('6.00 EUR')).toBeInTheDocument();
    expect(screen.getByText('per room / month')).toBeInTheDocument();
    expect(screen.getByText('60.00 EUR')).toBeInTheDocument();
    expect(screen.getByText('per room / year')).toBeInTheDocument();

    const input = screen.getByRole('spinbutton', { name: 'Number of rooms' });
    expect(input).toHaveValue(1);
    await userEvent.clear(input);
    await userEvent.type(input, '3');
    expect(screen.getAllByTestId('plan-total')[0]).toHaveTextContent('Total (3 × 6.00 EUR): 18.00 EUR / month');
    await userEvent.clear(input);
    await userEvent.type(input, '0');
    expect(screen.getAllByTestId('plan-total')[0]).toHaveTextContent('18.00 EUR / month');
  });

  it('sends the chosen plan and rooms to checkout and redirects to Stripe', async () => {
    setSignedIn('host@example.com', null);
    (createCheckoutSession as Mock).mockResolvedValue('https://checkout.stripe.com/c/pay/cs_test_1');
    renderPage();
    const input = await screen.findByRole('spinbutton', { name: 'Number of rooms' });
    await userEvent.clear(input);
    await userEvent.type(input, '4');
    await userEvent.click(screen.getAllByRole('button', { name: 'Subscribe' })[1]!);
    expect(createCheckoutSession).toHaveBeenCalledWith(testTeamId, 'price_local_annual', 4);
    await waitFor(() => expect(redirectTo).toHaveBeenCalledWith('https://checkout.stripe.com/c/pay/cs_test_1'));
  });

  it("shows the spec's alert and logs the details when checkout fails", async () => {
    setSignedIn('host@example.com', null);
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    (createCheckoutSession as Mock).mockRejectedValue(new ApiError({ code: 'internal_error', message: 'boom' }));
    renderPage();
    await userEvent.click((await screen.findAllByRole('button', { name: 'Subscribe' }))[0]!);
    expect(await screen.findByText('Failed to redirect to Stripe. See console for details.')).toBeInTheDocument();
    expect(logged).toHaveBeenCalled();
    logged.mockRestore();
  });

  it('only logs a plan load failure', async () => {
    setSignedIn('host@example.com', null);
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    (listPlans as Mock).mockRejectedValue(new Error('network down'));
    renderPage();
    expect(await screen.findByText('No plans are available right now. Please try again later.')).toBeInTheDocument();
    expect(logged).toHaveBeenCalledWith('Failed to load plans', expect.any(Error));
    logged.mockRestore();
  });

  it('shows a subscriber the plan, rooms, status and renewal date, and opens the portal', async () => {
    setSignedIn('host@example.com', activeMonthly);
    rows = { users: profile(3), subscriptions: activeMonthly };
    (createPortalSession as Mock).mockResolvedValue('https://billing.stripe.com/p/session/test');
    renderPage();
    expect(await screen.findByTestId('current-plan-name')).toHaveTextContent('Monthly Plan');
    expect(screen.getByTestId('current-plan-rooms')).toHaveTextContent('3');
    expect(screen.getByTestId('current-plan-status')).toHaveTextContent('Active');
    expect(screen.getByTestId('current-plan-renewal')).toHaveTextContent('December 22, 2026');
    await userEvent.click(screen.getByRole('button', { name: 'Manage subscription' }));
    await waitFor(() => expect(redirectTo).toHaveBeenCalledWith('https://billing.stripe.com/p/session/test'));
  });

  it('back from checkout, shows "confirming your payment" until the webhook has set the plan', async () => {
    setSignedIn('host@example.com', null);
    const { router } = renderPage('/dashboard/subscription?checkout=success&session_id=cs_test_1');
    expect(await screen.findByText('Confirming your payment…')).toBeInTheDocument();
    rows = { users: profile(3), subscriptions: activeMonthly }; // the webhook has landed
    expect(await screen.findByText('Payment confirmed', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByTestId('current-plan-rooms')).toHaveTextContent('3');
    expect(router.state.location.search).toBe('?checkout=confirmed');
  }, 15_000);

  it('back from the portal, re-reads the plan until the change shows, then drops the marker', async () => {
    setSignedIn('host@example.com', activeMonthly);
    rows = { users: profile(3), subscriptions: activeMonthly };
    const { router } = renderPage('/dashboard/subscription?portal=return');
    expect(await screen.findByTestId('current-plan-rooms')).toHaveTextContent('3');
    rows = { users: profile(5), subscriptions: { ...activeMonthly, quantity: 5 } }; // the portal's webhook lands
    await waitFor(() => expect(screen.getByTestId('current-plan-rooms')).toHaveTextContent('5'), { timeout: 8000 });
    await waitFor(() => expect(router.state.location.search).toBe(''), { timeout: 8000 });
  }, 20_000);
});
