import { Badge, Box, Button, Flex, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { confirm } from '@/components/confirm-dialog';
import { ContentCard } from '@/components/content-card';
import { PageHeader } from '@/components/page-header';
import { PageSpinner } from '@/components/page-spinner';
import { StatusAlert } from '@/components/status-alert';
import { toaster } from '@/components/toaster';
import { href, paths } from '@/app/paths';
import { useAuth } from '@/lib/session';
import { deleteProperty } from '../api/delete-property';
import { useProperties } from '../hooks/use-properties';
import type { Property } from '../types';

function PropertyCard({ property, deleting, onDelete }: { property: Property; deleting: boolean; onDelete: () => void }) {
  const { t } = useTranslation('properties');
  return (
    <ContentCard
      data-testid="property-card"
      footer={
        <>
          <Button asChild minH="11" flex={{ base: '1 1 100%', sm: '1 1 auto' }}>
            <RouterLink to={href.qrCodes(property.id)}>{t('card.viewQrCodes')}</RouterLink>
          </Button>
          <Button asChild minH="11" variant="subtle" flex="1 1 auto">
            <RouterLink to={href.newQrCode(property.id)}>{t('card.createHotelQr')}</RouterLink>
          </Button>
          <Button asChild minH="11" variant="outline" flex="1 1 auto">
            <RouterLink to={href.editProperty(property.id)}>{t('card.edit')}</RouterLink>
          </Button>
          <Button minH="11" variant="outline" colorPalette="red" flex="1 1 auto" loading={deleting} onClick={onDelete}>
            {t('card.delete')}
          </Button>
        </>
      }
    >
      <Stack gap="2">
        <Flex gap="3" align="flex-start" justify="space-between">
          <Heading as="h2" size="lg" fontWeight="semibold" overflowWrap="anywhere">
            {property.name}
          </Heading>
          <Badge colorPalette={property.type === 'hotel' ? 'teal' : 'gray'} size="md" flexShrink={0}>
            {t(`types.${property.type}`)}
          </Badge>
        </Flex>
        {property.address && (
          <Text color="fg.muted" overflowWrap="anywhere">
            {property.address}
          </Text>
        )}
        <Text textStyle="sm" color="fg.muted" data-testid="room-count">
          {t('card.rooms', { count: property.roomCount })}
        </Text>
      </Stack>
    </ContentCard>
  );
}

export default function PropertyListPage() {
  const { t } = useTranslation('properties');
  const { user } = useAuth();
  const { state, reload } = useProperties(user?.id ?? null);
  const [deletingId, setDeletingId] = useState<string | null>(null);

  const remove = async (property: Property) => {
    const message =
      property.roomCount > 0
        ? `${t('delete.confirm')} ${t('delete.roomsWarning', { count: property.roomCount })}`
        : t('delete.confirm');
    if (!(await confirm({ title: property.name, message, confirmLabel: t('card.delete') }))) return;
    setDeletingId(property.id);
    try {
      await deleteProperty(property.id);
      toaster.create({ type: 'success', title: t('delete.success') });
      reload();
    } catch (error) {
      console.error('Failed to delete property', error);
      toaster.create({ type: 'error', title: t('delete.failure') });
    } finally {
      setDeletingId(null);
    }
  };

  const addButton = (
    <Button asChild minH="11">
      <RouterLink to={paths.newProperty}>{t('list.add')}</RouterLink>
    </Button>
  );

  return (
    <Box>
      {/* The empty state carries its own Add Property button: one call to action, not two. */}
      <PageHeader title={t('list.title')} actions={state.status === 'ready' && state.properties.length === 0 ? undefined : addButton} />
      {state.status === 'loading' && <PageSpinner minHeight="30vh" />}
      {state.status === 'error' && (
        <Stack gap="4" align="flex-start">
          <StatusAlert status="error">{t('list.loadError', { message: t('errors.load') })}</StatusAlert>
          <Button variant="outline" minH="11" onClick={reload}>
            {t('list.retry')}
          </Button>
        </Stack>
      )}
      {state.status === 'ready' && state.properties.length === 0 && (
        <ContentCard textAlign="center" py="8">
          <Stack gap="3" align="center">
            <Heading as="h2" size="xl">
              {t('list.emptyTitle')}
            </Heading>
            <Text color="fg.muted">{t('list.emptyText')}</Text>
            {addButton}
          </Stack>
        </ContentCard>
      )}
      {state.status === 'ready' && state.properties.length > 0 && (
        <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap={{ base: '4', md: '5' }}>
          {state.properties.map((property) => (
            <PropertyCard key={property.id} property={property} deleting={deletingId === property.id} onDelete={() => void remove(property)} />
          ))}
        </SimpleGrid>
      )}
    </Box>
  );
}
