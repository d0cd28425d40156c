import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AuthApiError } from '@supabase/auth-js';
import { vi, type Mock } from 'vitest';
import { renderWithProviders, setSignedIn } from '@/testing/render';
import { signIn } from '../api/sign-in';
import LoginPage from './login-page';

vi.mock('../api/sign-in', () => ({ signIn: vi.fn() }));
const signInMock = signIn as Mock;

const dashboardRoute = { path: '/dashboard/*', element: <p>dashboard reached</p> };

function renderLogin(state?: unknown) {
  setSignedIn(null);
  return renderWithProviders(<LoginPage />, { route: '/login', state, routes: [dashboardRoute] });
}

describe('LoginPage', () => {
  beforeEach(() => {
    signInMock.mockReset();
  });

  it('has the fields the spec lists, with the right types and autocomplete', () => {
    renderLogin();
    const email = screen.getByLabelText(/email/i);
    expect(email).toHaveAttribute('type', 'email');
    expect(email).toHaveAttribute('autocomplete', 'email');
    expect(email).toBeRequired();
    const password = screen.getByLabelText(/password/i);
    expect(password).toHaveAttribute('type', 'password');
    expect(password).toHaveAttribute('autocomplete', 'current-password');
    expect(password).toBeRequired();
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgot-password');
  });

  it('asks for the missing fields without calling the provider', async () => {
    const user = userEvent.setup();
    renderLogin();
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(screen.getByText('Please enter your email.')).toBeInTheDocument();
    expect(screen.getByText('Please enter your password.')).toBeInTheDocument();
    expect(signInMock).not.toHaveBeenCalled();
  });

  it('rejects a malformed email with the spec message', async () => {
    const user = userEvent.setup();
    renderLogin();
    await user.type(screen.getByLabelText(/email/i), 'not-an-email');
    await user.type(screen.getByLabelText(/password/i), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(screen.getByText('Invalid email format.')).toBeInTheDocument();
    expect(signInMock).not.toHaveBeenCalled();
  });

  it('shows wrong credentials as an accessible alert', async () => {
    signInMock.mockRejectedValue(new AuthApiError('Invalid login credentials', 400, 'invalid_credentials'));
    const user = userEvent.setup();
    renderLogin();
    await user.type(screen.getByLabelText(/email/i), 'host@example.com');
    await user.type(screen.getByLabelText(/password/i), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Incorrect email or password.');
    expect(signInMock).toHaveBeenCalledWith({ email: 'host@example.com', password: 'wrong-password' });
  });

  it('words failures that are not provider answers generically', async () => {
    signInMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const user = userEvent.setup();
    renderLogin();
    await user.type(screen.getByLabelText(/email/i), 'host@example.com');
    await user.type(screen.getByLabelText(/password/i), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('An unexpected error occurred. Please try again.');
  });

  it('disables the button while signing in, then goes to /dashboard', async () => {
    let finish: () => void = () => {};
    signInMock.mockImplementation(() => new Promise<void>((resolve) => (finish = resolve)));
    const user = userEvent.setup();
    const { router } = renderLogin();
    await user.type(screen.getByLabelText(/email/i), 'host@example.com');
    await user.type(screen.getByLabelText(/password/i), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(screen.getByRole('button', { name: /signing in/i })).toBeDisabled());
    finish();
    expect(await screen.findByText('dashboard reached')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('returns to the page the visitor wanted after sign-in', async () => {
    signInMock.mockResolvedValue(undefined);
    const user = userEvent.setup();
    const { router } = renderLogin({ from: '/dashboard/subscription' });
    await user.type(screen.getByLabelText(/email/i), 'host@example.com');
    await user.type(screen.getByLabelText(/password/i), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/subscription'));
  });
});
