import { screen } from '@testing-library/react';
import { isFailedRecoveryRedirect } from './reset-password-page';
import ResetPasswordPage from './reset-password-page';
import { renderWithProviders, setAuthLoading, setSignedIn } from '@/testing/render';

describe('ResetPasswordPage', () => {
  it('recognises a refused reset link from the redirect hash', () => {
    expect(isFailedRecoveryRedirect('#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired')).toBe(true);
    expect(isFailedRecoveryRedirect('#access_token=abc&type=recovery')).toBe(false);
    expect(isFailedRecoveryRedirect('')).toBe(false);
  });

  it('waits for auth before deciding', () => {
    setAuthLoading();
    renderWithProviders(<ResetPasswordPage />, { route: '/reset-password' });
    expect(screen.getByTestId('page-spinner')).toBeInTheDocument();
  });

  it('explains an invalid or expired link and links to a new request', () => {
    setSignedIn(null);
    renderWithProviders(<ResetPasswordPage />, { route: '/reset-password' });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('This reset link is invalid or has expired');
    expect(screen.getByRole('link', { name: 'Request a new link' })).toHaveAttribute('href', '/forgot-password');
  });

  it('asks for the new password twice when the user arrived signed in by the link', () => {
    setSignedIn('host@example.com');
    renderWithProviders(<ResetPasswordPage />, { route: '/reset-password' });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Choose a new password');
    expect(screen.getByLabelText(/^New password/)).toHaveAttribute('autocomplete', 'new-password');
    expect(screen.getByLabelText(/^Confirm new password/)).toHaveAttribute('autocomplete', 'new-password');
  });
});
