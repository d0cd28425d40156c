import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AuthApiError } from '@supabase/auth-js';
import { vi, type Mock } from 'vitest';
import { trackAuthCall } from '@/lib/session';
import { renderWithProviders, setSignedIn } from '@/testing/render';
import { requestPasswordReset } from '../api/request-password-reset';
import { mapStoreAuthError } from '../api/map-auth-error';
import ForgotPasswordPage from './forgot-password-page';

vi.mock('../api/request-password-reset', () => ({ requestPasswordReset: vi.fn() }));
const requestMock = requestPasswordReset as Mock;

describe('ForgotPasswordPage', () => {
  beforeEach(() => {
    requestMock.mockReset();
    setSignedIn(null);
  });

  it('confirms the request and clears the confirmation when the email is edited', async () => {
    requestMock.mockResolvedValue(undefined);
    const user = userEvent.setup();
    renderWithProviders(<ForgotPasswordPage />, { route: '/forgot-password' });
    const email = screen.getByLabelText(/email/i);
    expect(email).toHaveAttribute('type', 'email');
    await user.type(email, 'host@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByText('Reset link sent! Check your email.')).toBeInTheDocument();
    expect(requestMock).toHaveBeenCalledWith('host@example.com');
    await user.type(email, 'm');
    expect(screen.queryByText('Reset link sent! Check your email.')).not.toBeInTheDocument();
  });

  it("shows the store's error text when the request fails", async () => {
    // The real api function goes through trackAuthCall, which stores the mapped message.
    requestMock.mockImplementation(() =>
      trackAuthCall(
        () => Promise.reject(new AuthApiError('For security purposes, you can only request this after 42 seconds.', 429, 'over_email_send_rate_limit')),
        mapStoreAuthError,
      ),
    );
    const user = userEvent.setup();
    renderWithProviders(<ForgotPasswordPage />, { route: '/forgot-password' });
    await user.type(screen.getByLabelText(/email/i), 'host@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many emails were requested. Please wait a minute and try again.');
    expect(screen.queryByText('Reset link sent! Check your email.')).not.toBeInTheDocument();
  });
});
