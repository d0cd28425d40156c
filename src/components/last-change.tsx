import { Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

/** When a room or a shared guide was last changed, and by whom (null: someone no longer in the team). */
export interface LastChange {
  at: string;
  by: string | null;
}

/** "Last changed 27 Nov 2026, 10:04 by ana@example.com": a team sees who changed a guide its guests read. */
export function LastChangeLine({ change }: { change: LastChange }) {
  const { t, i18n } = useTranslation('common');
  const date = new Intl.DateTimeFormat(i18n.resolvedLanguage, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(change.at));
  return (
    <Text textStyle="sm" color="fg.muted" data-testid="last-change" overflowWrap="anywhere">
      {t('access.lastChange', { date, who: change.by ?? t('access.formerMember') })}
    </Text>
  );
}
