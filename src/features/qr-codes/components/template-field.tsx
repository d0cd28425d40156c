import { NativeSelect } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { FormField } from '@/components/form-field';
import { qrTemplates, type QrTemplate } from '../types';

/** The QR look's template choice (Custom, Luxury, Beach, Cabin); choosing one applies its colours (the caller's job). */
export function TemplateField({ value, onChange }: { value: QrTemplate; onChange: (template: QrTemplate) => void }) {
  const { t } = useTranslation('qr');
  return (
    <FormField label={t('form.template')}>
      <NativeSelect.Root size="lg">
        <NativeSelect.Field name="template" value={value} onChange={(e) => onChange(e.target.value as QrTemplate)}>
          {qrTemplates.map((template) => (
            <option key={template} value={template}>
              {t(`templates.${template}`)}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </FormField>
  );
}
