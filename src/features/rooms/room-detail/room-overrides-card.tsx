/**
 * What this room sets for itself instead of taking it from the property's shared guide (its own WiFi password, its
 * own phone, …), so a host sees it on the room's page rather than only in the edit form; or that it takes everything
 * from the shared guide.
 */
import { DataList, Heading, Link, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { ContentCard } from '@/components/content-card';
import { useUserId } from '@/lib/data/queries';
import { guideFields, valueAt, type GuideField } from '@/lib/guide-fields';
import { href } from '@/lib/paths';
import { fieldLabel } from '../field-inputs/field-text';
import { roomFormQuery } from '../queries';
import { isEmptyOverride } from '../rows';

const sharedFields = guideFields.filter((field) => field.inheritable);

export function RoomOverridesCard({ propertyId, roomId }: { propertyId: string; roomId: string }) {
  const { t } = useTranslation('rooms');
  const userId = useUserId();
  const form = useQuery({ ...roomFormQuery(userId, roomId), enabled: userId !== '' });
  if (!form.data) return null;
  const values = form.data.values;
  const own = sharedFields.filter((field) => valueAt(values, field.key) !== null);
  const shown = (field: GuideField): string => {
    const value = valueAt(values, field.key);
    if (isEmptyOverride(value)) return t('detail.overrides.nothing');
    if (field.kind === 'choice') return t(`templates.${String(value)}`, { defaultValue: String(value) });
    return Array.isArray(value) ? value.join(', ') : String(value);
  };
  return (
    <ContentCard>
      <Heading as="h2" size="md">
        {t('detail.overrides.title')}
      </Heading>
      {own.length === 0 ? (
        <Text color="fg.muted">{t('detail.overrides.none')}</Text>
      ) : (
        <DataList.Root orientation="horizontal" size="md" aria-label={t('detail.overrides.title')}>
          {own.map((field) => (
            <DataList.Item key={field.key}>
              <DataList.ItemLabel>{fieldLabel(t, field)}</DataList.ItemLabel>
              <DataList.ItemValue overflowWrap="anywhere">{shown(field)}</DataList.ItemValue>
            </DataList.Item>
          ))}
        </DataList.Root>
      )}
      <Link asChild fontWeight="medium" alignSelf="flex-start">
        <RouterLink to={href.propertyGuide(propertyId)}>{t('detail.overrides.sharedGuide')}</RouterLink>
      </Link>
    </ContentCard>
  );
}
