import { SimpleGrid, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { GuideTemplate } from '@/lib/guide-fields';
import { ColourField } from './colour-field';
import { TemplateField } from './template-field';

type ColourKey = 'style.primaryColor' | 'style.backgroundColor';

/** A guide's look on the room form: its template and its two colours, with what the form puts under them. */
export function LookFields({
  template,
  primaryColor,
  backgroundColor,
  errors,
  onTemplate,
  onColour,
  inheritNote,
}: {
  template: GuideTemplate;
  primaryColor: string;
  backgroundColor: string;
  errors: { primaryColor: string | undefined; backgroundColor: string | undefined };
  onTemplate: (template: GuideTemplate) => void;
  onColour: (key: ColourKey, colour: string) => void;
  inheritNote: ReactNode;
}) {
  const { t } = useTranslation('rooms');
  return (
    <Stack gap="1">
      <TemplateField value={template} onChange={onTemplate} />
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4" mt="3">
        <ColourField
          name="primaryColor"
          label={t('form.primaryColor')}
          value={primaryColor}
          error={errors.primaryColor}
          onChange={(colour) => onColour('style.primaryColor', colour)}
        />
        <ColourField
          name="backgroundColor"
          label={t('form.backgroundColor')}
          value={backgroundColor}
          error={errors.backgroundColor}
          onChange={(colour) => onColour('style.backgroundColor', colour)}
        />
      </SimpleGrid>
      {inheritNote}
    </Stack>
  );
}
