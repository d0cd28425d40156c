import { Button, CloseButton, HStack, Input, List, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { GuideField } from '@/lib/guide-fields';
import { InheritNote } from './inherit-note';

/**
 * The room form's input for a shared list of texts (things to do): the property's list, read-only, while the room
 * inherits it; the room's own list, each item removable, once overridden. Adding to the property's list (as typing
 * into any shared field) makes the list, with the new item, the room's own.
 */
export function ListInput({
  field,
  label,
  placeholder,
  items,
  inherited,
  onAdd,
  onRemove,
  onOverride,
  onInherit,
}: {
  field: GuideField;
  /** The field's label, for the inherit note's button. */
  label: string;
  placeholder?: string;
  /** The list the room shows: the property's while inherited, else its own. */
  items: readonly string[];
  inherited: boolean;
  onAdd: (item: string) => void;
  onRemove: (index: number) => void;
  onOverride: () => void;
  onInherit: () => void;
}) {
  const { t } = useTranslation('rooms');
  const [newItem, setNewItem] = useState('');
  const add = () => {
    const item = newItem.trim();
    if (item === '') return;
    onAdd(item);
    setNewItem('');
  };
  return (
    <Stack gap="2" w="full">
      {inherited ? (
        items.length > 0 ? (
          <List.Root ps="5" color="fg.muted" data-testid="inherited-list">
            {items.map((item) => (
              <List.Item key={item} overflowWrap="anywhere">
                {item}
              </List.Item>
            ))}
          </List.Root>
        ) : (
          <Text color="fg.muted">{t('form.inherit.notSet')}</Text>
        )
      ) : (
        items.map((item, index) => (
          <HStack key={`${index}-${item}`} gap="2" borderWidth="1px" borderRadius="md" pl="3" data-testid="list-item">
            <Text flex="1" overflowWrap="anywhere">
              {item}
            </Text>
            <CloseButton size="lg" aria-label={t('form.removeItem', { item })} onClick={() => onRemove(index)} />
          </HStack>
        ))
      )}
      <HStack gap="2">
        <Input
          name={`${field.key}.new`}
          size="lg"
          value={newItem}
          placeholder={placeholder}
          onChange={(e) => setNewItem(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              add();
            }
          }}
        />
        <Button variant="outline" minH="11" onClick={add} disabled={newItem.trim() === ''}>
          {t('form.addItem')}
        </Button>
      </HStack>
      <InheritNote field={label} inherited={inherited} empty={items.length === 0} onOverride={onOverride} onInherit={onInherit} />
    </Stack>
  );
}
