import { Button, Input, Stack } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { FormField } from '@/components/form-field';
import { useDocumentTitle } from '@/components/use-document-title';
import { PageSpinner } from '@/components/page-spinner';
import { StatusAlert } from '@/components/status-alert';
import { toastSaved } from '@/components/toaster';
import { paths } from '@/lib/paths';
import { useAuth, usePasswordRecovery, useTranslateAuthError, type AuthErrorMessage } from '@/lib/session';
import { initialUrlHash } from '@/lib/supabase';
import { updatePassword } from '../api/update-password';
import { mapAuthError } from '../api/map-auth-error';
import { minimumPasswordLength, validateNewPassword } from '../validation';
import { AuthLayout } from './auth-layout';

/** True when the page was opened from a reset link the provider refused (expired, used or altered). */
export function isFailedRecoveryRedirect(hash: string): boolean {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  return params.has('error') || params.has('error_code');
}

/**
 * Where the reset email lands. supabase-js reads the link's tokens from the URL, signs the user in
 * and reports PASSWORD_RECOVERY; the user then chooses a new password and goes on to the dashboard.
 */
export default function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  useDocumentTitle(t('reset.title'));
  const translateError = useTranslateAuthError();
  const { user, initialized } = useAuth();
  const recovering = usePasswordRecovery();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [fieldErrors, setFieldErrors] = useState<{ password?: string | null; confirmation?: string | null }>({});
  const [error, setError] = useState<AuthErrorMessage | null>(null);
  const [busy, setBusy] = useState(false);

  if (!initialized) return <PageSpinner label={t('reset.checking')} />;

  if (isFailedRecoveryRedirect(initialUrlHash) || (!user && !recovering)) {
    return (
      <AuthLayout title={t('reset.invalidTitle')}>
        <Stack gap="4">
          <StatusAlert status="error">{t('reset.invalidDescription')}</StatusAlert>
          <Button asChild size="lg" width="full">
            <RouterLink to={paths.forgotPassword}>{t('reset.requestNew')}</RouterLink>
          </Button>
        </Stack>
      </AuthLayout>
    );
  }

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const errors = {
      password: validateNewPassword(password),
      confirmation: confirmation === '' ? 'validation.passwordRequired' : confirmation !== password ? 'validation.passwordsDoNotMatch' : null,
    };
    setFieldErrors(errors);
    setError(null);
    if (errors.password || errors.confirmation) return;
    setBusy(true);
    try {
      await updatePassword(password);
      toastSaved(t('reset.success'));
      navigate(paths.dashboard, { replace: true });
    } catch (caught) {
      setError(mapAuthError(caught, 'store'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthLayout title={t('reset.title')} subtitle={user?.email ? t('reset.subtitle', { email: user.email }) : undefined}>
      <form noValidate onSubmit={handleSubmit} aria-label={t('reset.title')}>
        <Stack gap="5">
          {error && <StatusAlert status="error">{translateError(error)}</StatusAlert>}
          {/* Lets password managers store the new password against the right account. */}
          <input type="email" name="email" autoComplete="username" value={user?.email ?? ''} readOnly hidden />
          <FormField
            label={t('reset.newPassword')}
            required
            helperText={t('register.passwordHint', { count: minimumPasswordLength })}
            errorText={fieldErrors.password ? t(fieldErrors.password) : undefined}
          >
            <Input
              type="password"
              name="new-password"
              autoComplete="new-password"
              required
              minLength={minimumPasswordLength}
              size="lg"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
          </FormField>
          <FormField label={t('reset.confirmPassword')} required errorText={fieldErrors.confirmation ? t(fieldErrors.confirmation) : undefined}>
            <Input
              type="password"
              name="confirm-password"
              autoComplete="new-password"
              required
              size="lg"
              value={confirmation}
              onChange={(event) => setConfirmation(event.target.value)}
            />
          </FormField>
          <Button type="submit" size="lg" width="full" loading={busy} loadingText={t('reset.submitting')} disabled={busy}>
            {t('reset.submit')}
          </Button>
        </Stack>
      </form>
    </AuthLayout>
  );
}
