import { NativeSelect } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { FormField } from '@/components/form-field';
import { guideField, guideTemplates, type GuideTemplate } from '@/lib/guide-fields';
import { fieldLabel } from './field-text';

/** The QR look's template choice (Custom, Luxury, Beach, Cabin); choosing one applies its colours (the caller's job). */
export function TemplateField({ value, onChange }: { value: GuideTemplate; onChange: (template: GuideTemplate) => void }) {
  const { t } = useTranslation('rooms');
  return (
    <FormField label={fieldLabel(t, guideField('template'))}>
      <NativeSelect.Root size="lg">
        <NativeSelect.Field name="template" value={value} onChange={(e) => onChange(e.target.value as GuideTemplate)}>
          {guideTemplates.map((template) => (
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
