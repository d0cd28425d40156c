import { AuthApiError, AuthRetryableFetchError, AuthWeakPasswordError } from '@supabase/auth-js';
import { i18n } from '@/lib/i18n';
import type { AuthErrorMessage } from '@/lib/session';
import { mapAuthError } from './map-auth-error';

const text = (message: AuthErrorMessage) => ('text' in message ? message.text : i18n.t(message.key, { ns: 'auth' }));

describe('mapAuthError', () => {
  it('words invalid credentials without telling which part was wrong (DESIGN §9 item 7)', () => {
    const error = new AuthApiError('Invalid login credentials', 400, 'invalid_credentials');
    expect(text(mapAuthError(error, 'login'))).toBe('Incorrect email or password.');
    expect(text(mapAuthError(error, 'store'))).toBe('Incorrect email or password.');
  });

  it('maps the spec catalogue one to one', () => {
    expect(text(mapAuthError(new AuthApiError('User already registered', 422, 'user_already_exists')))).toBe('Email is already in use.');
    expect(text(mapAuthError(new AuthWeakPasswordError('Password should be at least 6 characters.', 422, ['length'])))).toBe(
      'Password should be at least 6 characters.',
    );
    expect(text(mapAuthError(new AuthApiError('Unable to validate email address: invalid format', 400, 'validation_failed')))).toBe('Invalid email format.');
    expect(text(mapAuthError(new AuthApiError('Email address "x@y" is invalid', 400, 'email_address_invalid')))).toBe('Invalid email format.');
    expect(text(mapAuthError(new AuthApiError('Incorrect password', 400, 'wrong_password')))).toBe('Incorrect password.');
  });

  it('has two wordings for an unknown user: the store and the login screen', () => {
    const error = new AuthApiError('User not found', 404, 'user_not_found');
    expect(text(mapAuthError(error, 'store'))).toBe('User not found.');
    expect(text(mapAuthError(error, 'login'))).toBe('No user found with this email.');
  });

  it("shows other provider errors in the provider's words", () => {
    const error = new AuthApiError('Signups not allowed for this instance', 422, 'signup_disabled');
    expect(mapAuthError(error, 'store')).toEqual({ text: 'Signups not allowed for this instance' });
    expect(mapAuthError(error, 'login')).toEqual({ text: 'Signups not allowed for this instance' });
  });

  it('keeps validation_failed messages that are not about the email', () => {
    expect(mapAuthError(new AuthApiError('Signup requires a valid password', 400, 'validation_failed'))).toEqual({ text: 'Signup requires a valid password' });
  });

  it('gives each context its generic message for failures that are not provider answers', () => {
    const network = new AuthRetryableFetchError('Failed to fetch', 0);
    expect(text(mapAuthError(network, 'store'))).toBe('An unknown error occurred.');
    expect(text(mapAuthError(network, 'login'))).toBe('An unexpected error occurred. Please try again.');
    expect(text(mapAuthError(new TypeError('boom'), 'store'))).toBe('An unknown error occurred.');
    expect(text(mapAuthError('nope', 'login'))).toBe('An unexpected error occurred. Please try again.');
    expect(text(mapAuthError(new AuthApiError('Bad gateway', 502, undefined), 'login'))).toBe('An unexpected error occurred. Please try again.');
  });

  it('words rate limits and expired links in the user language instead of the provider text', () => {
    expect(text(mapAuthError(new AuthApiError('For security purposes, you can only request this after 60 seconds.', 429, 'over_email_send_rate_limit')))).toBe(
      'Too many emails were requested. Please wait a minute and try again.',
    );
    expect(text(mapAuthError(new AuthApiError('Request rate limit reached', 429, 'over_request_rate_limit'), 'login'))).toBe(
      'Too many attempts. Please wait a moment and try again.',
    );
    expect(text(mapAuthError(new AuthApiError('Request rate limit reached', 429, 'over_request_rate_limit'), 'store'))).toBe(
      'Too many attempts. Please wait a moment and try again.',
    );
    expect(text(mapAuthError(new AuthApiError('Email link is invalid or has expired', 403, 'otp_expired')))).toBe('This link is invalid or has expired.');
  });
});
