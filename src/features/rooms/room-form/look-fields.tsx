import { SimpleGrid, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { guideField } from '@/lib/guide-fields';
import { ColourField } from '../field-inputs/colour-field';
import { fieldLabel } from '../field-inputs/field-text';
import { InheritNote } from '../field-inputs/inherit-note';
import { TemplateField } from '../field-inputs/template-field';
import { ContrastNotes } from './contrast-notes';
import { lookKeys } from './prefill';
import type { RoomValues } from './use-room-values';

const colourKeys = ['style.primaryColor', 'style.backgroundColor'] as const;

/**
 * A room's look: its template and its two colours, shown as the property's until changed; changing one makes the
 * three this room's. Under them, whether the code's colours scan.
 */
export function LookFields({ room, errorText }: { room: RoomValues; errorText: (key: (typeof colourKeys)[number]) => string | undefined }) {
  const { t } = useTranslation('rooms');
  const { look } = room;
  return (
    <Stack gap="1">
      <TemplateField value={look.template} onChange={look.applyTemplate} />
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4" mt="3">
        {colourKeys.map((key) => (
          <ColourField
            key={key}
            name={key}
            label={fieldLabel(t, guideField(key))}
            value={look.lookColour(key)}
            error={errorText(key)}
            onChange={(colour) => look.setLookColour(key, colour)}
          />
        ))}
      </SimpleGrid>
      <InheritNote
        field={t('form.inherit.lookField')}
        inherited={look.inherited}
        empty={false}
        onOverride={look.keepLook}
        onInherit={() => room.inherit(lookKeys)}
      />
      <ContrastNotes primaryColor={look.lookColour('style.primaryColor')} backgroundColor={look.lookColour('style.backgroundColor')} />
    </Stack>
  );
}
