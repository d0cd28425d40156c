import { Input } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { FormField } from '@/components/form-field';
import { earlyCheckedField } from '@/first-paint/app/early-invalid';

/** The required email field of the sign-in, sign-up and reset-request forms. `error` is an i18n key. */
export function EmailField({ value, error, onChange }: { value: string; error?: string | null; onChange(value: string): void }) {
  const { t } = useTranslation('auth');
  return (
    <FormField label={t('fields.email')} required errorText={error ? t(error) : undefined}>
      <Input
        {...earlyCheckedField}
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        required
        size="lg"
        placeholder={t('fields.emailPlaceholder')}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </FormField>
  );
}
