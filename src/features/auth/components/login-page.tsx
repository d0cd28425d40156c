import { Button, Flex, Input, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { FormField } from '@/components/form-field';
import { useDocumentTitle } from '@/components/use-document-title';
import { StatusAlert } from '@/components/status-alert';
import { paths, redirectTarget } from '@/lib/paths';
import { useAuth, useTranslateAuthError, type AuthErrorMessage } from '@/lib/session';
import { signIn } from '../api/sign-in';
import { mapAuthError } from '../api/map-auth-error';
import { validateEmail, validatePassword } from '../validation';
import { AuthLayout } from './auth-layout';
import { EmailField } from './email-field';
import { AuthLink } from './auth-link';
import { earlyCheckedField } from '@/first-paint/app/early-invalid';

export default function LoginPage() {
  const { t } = useTranslation('auth');
  useDocumentTitle(t('login.submit'));
  const translateError = useTranslateAuthError();
  const { user, initialized } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<{ email?: string | null; password?: string | null }>({});
  const [error, setError] = useState<AuthErrorMessage | null>(null);
  const [busy, setBusy] = useState(false);
  const target = redirectTarget(location.state);

  if (initialized && user && !busy) return <Navigate to={target} replace />;

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const errors = { email: validateEmail(email), password: validatePassword(password) };
    setFieldErrors(errors);
    setError(null);
    if (errors.email || errors.password) return;
    setBusy(true);
    try {
      await signIn({ email, password });
      navigate(target, { replace: true });
    } catch (caught) {
      setError(mapAuthError(caught, 'login'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthLayout
      title={t('login.title')}
      subtitle={t('login.subtitle')}
      footer={
        <Text>
          {t('login.noAccount')} <AuthLink to={paths.register}>{t('login.registerLink')}</AuthLink>
        </Text>
      }
    >
      <form noValidate onSubmit={handleSubmit} aria-label={t('login.title')}>
        <Stack gap="5">
          {error && <StatusAlert status="error">{translateError(error)}</StatusAlert>}
          <EmailField value={email} error={fieldErrors.email} onChange={setEmail} />
          <FormField label={t('fields.password')} required errorText={fieldErrors.password ? t(fieldErrors.password) : undefined}>
            <Input
              {...earlyCheckedField}
              type="password"
              name="password"
              autoComplete="current-password"
              required
              size="lg"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
          </FormField>
          <Flex justify="flex-end" mt="-3">
            <AuthLink to={paths.forgotPassword}>{t('login.forgotPassword')}</AuthLink>
          </Flex>
          <Button type="submit" size="lg" width="full" loading={busy} loadingText={t('login.submitting')} disabled={busy}>
            {t('login.submit')}
          </Button>
        </Stack>
      </form>
    </AuthLayout>
  );
}
