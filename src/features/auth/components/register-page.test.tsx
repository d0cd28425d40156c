import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AuthApiError } from '@supabase/auth-js';
import { vi, type Mock } from 'vitest';
import { trackAuthCall } from '@/lib/session';
import { renderWithProviders, setSignedIn } from '@/testing/render';
import { signUp } from '../api/sign-up';
import { mapStoreAuthError } from '../api/map-auth-error';
import RegisterPage from './register-page';

vi.mock('../api/sign-up', () => ({ signUp: vi.fn() }));
const signUpMock = signUp as Mock;

async function submit(email: string, password: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText(/email/i), email);
  await user.type(screen.getByLabelText(/password/i), password);
  await user.click(screen.getByRole('button', { name: 'Create Account' }));
}

describe('RegisterPage', () => {
  beforeEach(() => {
    signUpMock.mockReset();
    setSignedIn(null);
  });

  it('checks the password length before asking the provider', async () => {
    renderWithProviders(<RegisterPage />, { route: '/register' });
    expect(screen.getByLabelText(/password/i)).toHaveAttribute('autocomplete', 'new-password');
    await submit('host@example.com', '123');
    expect(screen.getByText('Password should be at least 6 characters.')).toBeInTheDocument();
    expect(signUpMock).not.toHaveBeenCalled();
  });

  it('shows the mapped store message for an email already in use', async () => {
    signUpMock.mockImplementation(() =>
      trackAuthCall(() => Promise.reject(new AuthApiError('User already registered', 422, 'user_already_exists')), mapStoreAuthError),
    );
    renderWithProviders(<RegisterPage />, { route: '/register' });
    await submit('host@example.com', 'secret1');
    expect(await screen.findByRole('alert')).toHaveTextContent('Email is already in use.');
  });

  it("falls back to 'Registration failed.' when no message was stored", async () => {
    signUpMock.mockRejectedValue(new Error('boom'));
    renderWithProviders(<RegisterPage />, { route: '/register' });
    await submit('host@example.com', 'secret1');
    expect(await screen.findByRole('alert')).toHaveTextContent('Registration failed.');
  });

  it('goes to /dashboard once signed up', async () => {
    signUpMock.mockResolvedValue({ signedIn: true });
    const { router } = renderWithProviders(<RegisterPage />, { route: '/register', routes: [{ path: '/dashboard', element: <p>dashboard reached</p> }] });
    await submit('host@example.com', 'secret1');
    expect(await screen.findByText('dashboard reached')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('returns to the page the visitor came from (an invitation), also from the confirmation email', async () => {
    signUpMock.mockResolvedValue({ signedIn: true });
    const invitation = `/invite/${'c'.repeat(64)}`;
    const { router } = renderWithProviders(<RegisterPage />, {
      route: '/register',
      state: { from: invitation },
      routes: [{ path: '/invite/:token', element: <p>invitation reached</p> }],
    });
    await submit('new@example.com', 'secret1');
    expect(await screen.findByText('invitation reached')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(invitation);
    expect(signUpMock).toHaveBeenCalledWith({ email: 'new@example.com', password: 'secret1' }, `${window.location.origin}${invitation}`);
  });
});
