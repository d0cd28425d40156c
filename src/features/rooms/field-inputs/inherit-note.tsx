import { Button, Flex, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

/**
 * Under a shared field of the room form: whether the room shows the property's value or its own, and the switch
 * between the two. The button's name carries the field ("Override for this room: WiFi password") because every
 * shared field has one.
 */
export function InheritNote({
  field,
  inherited,
  empty,
  onOverride,
  onInherit,
}: {
  /** The field's label, for the button's accessible name. */
  field: string;
  inherited: boolean;
  /** An override with nothing in it: the room's guide shows nothing for the field. */
  empty: boolean;
  onOverride: () => void;
  onInherit: () => void;
}) {
  const { t } = useTranslation('rooms');
  const action = t(inherited ? 'form.inherit.override' : 'form.inherit.useProperty');
  const note = inherited ? t('form.inherit.fromProperty') : t(empty ? 'form.inherit.hidden' : 'form.inherit.own');
  return (
    <Flex align="center" justify="space-between" rowGap="0" columnGap="3" wrap="wrap" w="full" data-testid="inherit-note" data-inherited={inherited}>
      <Text textStyle="xs" color={inherited ? 'fg.muted' : 'fg'} fontWeight={inherited ? 'normal' : 'medium'}>
        {note}
      </Text>
      <Button
        size="xs"
        variant="plain"
        px="0"
        minH="8"
        textDecoration="underline"
        aria-label={t('form.inherit.forField', { action, field })}
        onClick={inherited ? onOverride : onInherit}
      >
        {action}
      </Button>
    </Flex>
  );
}
