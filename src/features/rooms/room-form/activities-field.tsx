import { Button, CloseButton, HStack, Input, List, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { InheritNote } from './inherit-note';

/**
 * The room form's things-to-do list: the property's list, read-only, while the room inherits it; the room's own list,
 * each item removable, once overridden. Adding to the property's list (as typing into any shared field) makes the
 * list, with the new item, the room's own.
 */
export function ActivitiesField({
  activities,
  inherited,
  onAdd,
  onRemove,
  onOverride,
  onInherit,
}: {
  /** The list the room shows: the property's while inherited, else its own. */
  activities: readonly string[];
  inherited: boolean;
  onAdd: (activity: string) => void;
  onRemove: (index: number) => void;
  onOverride: () => void;
  onInherit: () => void;
}) {
  const { t } = useTranslation('rooms');
  const [newActivity, setNewActivity] = useState('');
  const add = () => {
    const activity = newActivity.trim();
    if (activity === '') return;
    onAdd(activity);
    setNewActivity('');
  };
  return (
    <Stack gap="2" w="full">
      {inherited ? (
        activities.length > 0 ? (
          <List.Root ps="5" color="fg.muted" data-testid="inherited-activities">
            {activities.map((activity) => (
              <List.Item key={activity} overflowWrap="anywhere">
                {activity}
              </List.Item>
            ))}
          </List.Root>
        ) : (
          <Text color="fg.muted">{t('form.inherit.notSet')}</Text>
        )
      ) : (
        activities.map((activity, index) => (
          <HStack key={`${index}-${activity}`} gap="2" borderWidth="1px" borderRadius="md" pl="3" data-testid="activity">
            <Text flex="1" overflowWrap="anywhere">
              {activity}
            </Text>
            <CloseButton size="lg" aria-label={t('form.removeActivity', { activity })} onClick={() => onRemove(index)} />
          </HStack>
        ))
      )}
      <HStack gap="2">
        <Input
          name="newActivity"
          size="lg"
          value={newActivity}
          placeholder={t('form.activityPlaceholder')}
          onChange={(e) => setNewActivity(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              add();
            }
          }}
        />
        <Button variant="outline" minH="11" onClick={add} disabled={newActivity.trim() === ''}>
          {t('form.addActivity')}
        </Button>
      </HStack>
      <InheritNote field={t('form.activities')} inherited={inherited} empty={activities.length === 0} onOverride={onOverride} onInherit={onInherit} />
    </Stack>
  );
}
