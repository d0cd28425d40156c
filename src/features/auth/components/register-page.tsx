import { Button, Input, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { FormField } from '@/components/form-field';
import { useDocumentTitle } from '@/components/use-document-title';
import { StatusAlert } from '@/components/status-alert';
import { paths, redirectTarget } from '@/lib/paths';
import { clearAuthError, useAuth } from '@/lib/session';
import { signUp } from '../api/sign-up';
import { minimumPasswordLength, validateEmail, validateNewPassword } from '../validation';
import { AuthLayout } from './auth-layout';
import { EmailField } from './email-field';
import { AuthLink } from './auth-link';
import { earlyCheckedField } from '@/first-paint/app/early-invalid';

export default function RegisterPage() {
  const { t } = useTranslation('auth');
  useDocumentTitle(t('register.title'));
  const { user, initialized, error: storeError } = useAuth();
  const navigate = useNavigate();
  // Where the visitor was going (an invitation's page, say): back there once signed up, or from the confirmation email.
  const target = redirectTarget(useLocation().state);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<{ email?: string | null; password?: string | null }>({});
  const [failed, setFailed] = useState(false);
  const [confirmationSent, setConfirmationSent] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => clearAuthError(), []);

  if (initialized && user && !busy) return <Navigate to={target} replace />;

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const errors = { email: validateEmail(email), password: validateNewPassword(password) };
    setFieldErrors(errors);
    setFailed(false);
    if (errors.email || errors.password) return;
    setBusy(true);
    try {
      const { signedIn } = await signUp({ email, password }, `${window.location.origin}${target}`);
      if (signedIn) navigate(target, { replace: true });
      else setConfirmationSent(true);
    } catch {
      setFailed(true); // the store holds the message (docs/product-spec.md §8: the error message, or 'Registration failed.')
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthLayout
      title={t('register.title')}
      subtitle={t('register.subtitle')}
      footer={
        <Text>
          {t('register.haveAccount')} <AuthLink to={paths.login}>{t('register.loginLink')}</AuthLink>
        </Text>
      }
    >
      {confirmationSent ? (
        <StatusAlert status="success">{t('register.checkEmail')}</StatusAlert>
      ) : (
        <form noValidate onSubmit={handleSubmit} aria-label={t('register.title')}>
          <Stack gap="5">
            {failed && <StatusAlert status="error">{storeError || t('errors.registrationFailed')}</StatusAlert>}
            <EmailField value={email} error={fieldErrors.email} onChange={setEmail} />
            <FormField
              label={t('fields.password')}
              required
              helperText={t('register.passwordHint', { count: minimumPasswordLength })}
              errorText={fieldErrors.password ? t(fieldErrors.password) : undefined}
            >
              <Input
                {...earlyCheckedField}
                type="password"
                name="password"
                autoComplete="new-password"
                required
                minLength={minimumPasswordLength}
                size="lg"
                value={password}
                onChange={(event) => setPassword(event.target.value)}
              />
            </FormField>
            <Button type="submit" size="lg" width="full" loading={busy} loadingText={t('register.submitting')} disabled={busy}>
              {t('register.submit')}
            </Button>
          </Stack>
        </form>
      )}
    </AuthLayout>
  );
}
