import { Button, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '@/components/use-document-title';
import { StatusAlert } from '@/components/status-alert';
import { paths } from '@/lib/paths';
import { clearAuthError, useAuth } from '@/lib/session';
import { requestPasswordReset } from '../api/request-password-reset';
import { validateEmail } from '../validation';
import { AuthLayout } from './auth-layout';
import { EmailField } from './email-field';
import { AuthLink } from './auth-link';

export default function ForgotPasswordPage() {
  const { t } = useTranslation('auth');
  useDocumentTitle(t('forgot.title'));
  const { error: storeError } = useAuth();
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => clearAuthError(), []);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const invalid = validateEmail(email);
    setEmailError(invalid);
    setFailed(false);
    setSent(false);
    if (invalid) return;
    setBusy(true);
    try {
      await requestPasswordReset(email);
      setSent(true);
    } catch {
      setFailed(true); // docs/product-spec.md §8: shows the store's error text
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthLayout
      title={t('forgot.title')}
      subtitle={t('forgot.subtitle')}
      footer={
        <Text>
          <AuthLink to={paths.login}>{t('forgot.backToLogin')}</AuthLink>
        </Text>
      }
    >
      <form noValidate onSubmit={handleSubmit} aria-label={t('forgot.title')}>
        <Stack gap="5">
          {sent && <StatusAlert status="success">{t('forgot.success')}</StatusAlert>}
          {failed && storeError && <StatusAlert status="error">{storeError}</StatusAlert>}
          <EmailField
            value={email}
            error={emailError}
            onChange={(value) => {
              setEmail(value);
              setSent(false); // docs/product-spec.md §4: the success flag clears when the email is edited
            }}
          />
          <Button type="submit" size="lg" width="full" loading={busy} loadingText={t('forgot.submitting')} disabled={busy}>
            {t('forgot.submit')}
          </Button>
        </Stack>
      </form>
    </AuthLayout>
  );
}
