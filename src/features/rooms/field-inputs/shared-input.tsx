import { Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { GuideField } from '@/lib/guide-fields';
import { FieldInput } from './field-input';
import { InheritNote } from './inherit-note';

/**
 * A room's input for a field of the property's shared guide: while the room inherits it, empty with the property's
 * value as its placeholder; typing makes what was typed the room's own. Its inherit note switches between the two.
 */
export function SharedInput({
  field,
  label,
  inherited,
  own,
  propertyValue,
  onChange,
  onOverride,
  onInherit,
}: {
  field: GuideField;
  /** The field's label, for the inherit note's button. */
  label: string;
  inherited: boolean;
  /** The room's own value (used once overridden). */
  own: string;
  propertyValue: string;
  onChange: (value: string) => void;
  onOverride: () => void;
  onInherit: () => void;
}) {
  const { t } = useTranslation('rooms');
  return (
    <Stack gap="1" w="full">
      <FieldInput field={field} value={inherited ? '' : own} placeholder={inherited ? propertyValue || t('form.inherit.notSet') : ''} onChange={onChange} />
      <InheritNote field={label} inherited={inherited} empty={own === ''} onOverride={onOverride} onInherit={onInherit} />
    </Stack>
  );
}
