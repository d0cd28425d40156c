import { Input, Stack, Textarea, type InputProps } from '@chakra-ui/react';
import type { ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { InheritNote } from './inherit-note';

/** How a shared field's input is typed: the keyboard a phone shows, and no autofill or spell check on WiFi values. */
export type SharedInputKind = 'text' | 'url' | 'tel' | 'secret' | 'multiline';

const inputAttributesOf: Record<Exclude<SharedInputKind, 'multiline'>, InputProps> = {
  text: {},
  url: { type: 'url', inputMode: 'url' },
  tel: { type: 'tel', inputMode: 'tel' },
  secret: { autoComplete: 'off', spellCheck: false },
};

/**
 * A room's input for a field of the property's shared guide: while the room inherits it, empty with the property's
 * value as its placeholder; typing makes what was typed the room's own. Its inherit note switches between the two.
 */
export function SharedInput({
  name,
  label,
  kind,
  inherited,
  own,
  propertyValue,
  onChange,
  onOverride,
  onInherit,
}: {
  name: string;
  /** The field's label, for the inherit note's button. */
  label: string;
  kind: SharedInputKind;
  inherited: boolean;
  /** The room's own value (used once overridden). */
  own: string;
  propertyValue: string;
  onChange: (value: string) => void;
  onOverride: () => void;
  onInherit: () => void;
}) {
  const { t } = useTranslation('rooms');
  const inputProps = {
    name,
    size: 'lg' as const,
    value: inherited ? '' : own,
    placeholder: inherited ? propertyValue || t('form.inherit.notSet') : '',
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => onChange(event.target.value),
  };
  return (
    <Stack gap="1" w="full">
      {kind === 'multiline' ? <Textarea rows={3} {...inputProps} /> : <Input {...inputAttributesOf[kind]} {...inputProps} />}
      <InheritNote field={label} inherited={inherited} empty={own === ''} onOverride={onOverride} onInherit={onInherit} />
    </Stack>
  );
}
