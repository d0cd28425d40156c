import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi, type Mock } from 'vitest';
import { renderWithProviders, setAuthLoading, setSignedIn } from '@/testing/render';
import { signOut } from '@/features/auth/api/sign-out';
import type { SubscriptionRow } from '@/lib/data/rows';
import { Navbar } from './navbar';

vi.mock('@/features/auth/api/sign-out', () => ({ signOut: vi.fn() }));
const signOutMock = signOut as Mock;

const activeMonthly: SubscriptionRow = {
  user_id: 'u1',
  plan_type: 'monthly',
  status: 'active',
  entitled: true,
  ongoing: true,
  quantity: 3,
  price_id: null,
  current_period_end: null,
  cancel_at_period_end: false,
  stripe_customer_id: null,
  stripe_subscription_id: null,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
};

function navbarAt(route: string) {
  return renderWithProviders(<Navbar />, { route, path: '*', routes: [] });
}

describe('Navbar', () => {
  it('always links QRINFO, FAQ, Contact and Privacy, and the logo goes home', () => {
    setSignedIn(null);
    navbarAt('/faq');
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'RoomGuide home' })).toHaveAttribute('href', '/');
    for (const [name, href] of [
      ['QRINFO', '/QRinfo'],
      ['FAQ', '/faq'],
      ['Contact', '/contact'],
      ['Privacy', '/privacy'],
    ]) {
      expect(within(nav).getByRole('link', { name })).toHaveAttribute('href', href);
    }
  });

  it('offers Login and Register to visitors except on the landing page', () => {
    setSignedIn(null);
    const { unmount } = navbarAt('/faq');
    // jsdom ignores media queries, so the desktop and tablet copies of the actions are both present.
    for (const link of screen.getAllByRole('link', { name: 'Login' })) expect(link).toHaveAttribute('href', '/login');
    for (const link of screen.getAllByRole('link', { name: 'Register' })) expect(link).toHaveAttribute('href', '/register');
    unmount();
    navbarAt('/');
    expect(screen.queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Register' })).not.toBeInTheDocument();
  });

  it('offers Login and Register while auth loads, as the page made at build time does, unless a session is stored', () => {
    setAuthLoading();
    const { unmount } = navbarAt('/faq');
    expect(screen.getAllByRole('link', { name: 'Login' }).length).toBeGreaterThan(0);
    unmount();
    // The boot script found a session in storage: a returning host does not see the visitors' links flash by.
    document.documentElement.setAttribute('data-signed-in', '');
    try {
      navbarAt('/faq');
      expect(screen.queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
    } finally {
      document.documentElement.removeAttribute('data-signed-in');
    }
  });

  it('shows the plan button, the email and Sign Out when signed in (their own chunk, loaded once signed in)', async () => {
    setSignedIn('host@example.com', activeMonthly);
    navbarAt('/dashboard');
    for (const link of await screen.findAllByRole('link', { name: 'Monthly Plan' })) expect(link).toHaveAttribute('href', '/dashboard/subscription');
    expect(screen.getByText('host@example.com')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Sign Out' }).length).toBeGreaterThan(0);
    expect(screen.queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
  });

  it('gives a signed-in host their own menu, the current screen marked, and repeats it at the top of the phone menu', async () => {
    setSignedIn('host@example.com', activeMonthly);
    const user = userEvent.setup();
    navbarAt('/dashboard/analytics');
    const menu = await screen.findByRole('navigation', { name: 'Your hotel' });
    const links = within(menu).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Properties', '/dashboard'],
      ['Requests', '/dashboard/requests'],
      ['Scan analytics', '/dashboard/analytics'],
      ['Team', '/dashboard/team'],
      ['Subscription', '/dashboard/subscription'],
    ]);
    expect(within(menu).getByRole('link', { name: 'Scan analytics' })).toHaveAttribute('aria-current', 'page');
    expect(within(menu).getByRole('link', { name: 'Properties' })).not.toHaveAttribute('aria-current');
    await user.click(screen.getByRole('button', { name: 'Menu' }));
    expect(await screen.findAllByRole('navigation', { name: 'Your hotel' })).toHaveLength(2);
  });

  it('leaves the host menu out for visitors', () => {
    setSignedIn(null);
    navbarAt('/faq');
    expect(screen.queryByRole('navigation', { name: 'Your hotel' })).not.toBeInTheDocument();
  });

  it('labels the plan button Subscribe without a subscription', async () => {
    setSignedIn('host@example.com', null);
    navbarAt('/dashboard');
    for (const link of await screen.findAllByRole('link', { name: 'Subscribe' })) expect(link).toHaveAttribute('href', '/dashboard/subscription');
  });

  it('signs out and goes to /login', async () => {
    signOutMock.mockResolvedValue(undefined);
    setSignedIn('host@example.com');
    const user = userEvent.setup();
    const { router } = navbarAt('/dashboard');
    await user.click((await screen.findAllByRole('button', { name: 'Sign Out' }))[0]);
    expect(signOutMock).toHaveBeenCalledOnce();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('opens and closes the phone menu', async () => {
    setSignedIn(null);
    const user = userEvent.setup();
    navbarAt('/faq');
    const toggle = screen.getByRole('button', { name: 'Menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    // In the page already, closed: the platform opens it at a tap, before the app is live (a page made at build time).
    const menu = document.getElementById(toggle.getAttribute('aria-controls') ?? '')!;
    expect(toggle).toHaveAttribute('popovertarget', menu.id);
    expect(menu).toHaveAttribute('popover', 'auto');
    expect(within(menu).getByRole('link', { name: 'Login', hidden: true })).toHaveAttribute('href', '/login');
    expect(menu).not.toBeVisible();
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(menu).toBeVisible();
    await user.click(within(menu).getByRole('link', { name: 'FAQ' }));
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(menu).not.toBeVisible();
  });
});
