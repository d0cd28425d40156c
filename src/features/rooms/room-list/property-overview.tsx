import { Box, Button, DataList, Flex, Stat } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { ContentCard } from '@/components/content-card';
import { href } from '@/lib/paths';
import { propertyGuideQuery } from '../queries';
import type { RoomSummary } from '../types';

/**
 * The top of a property's room list, which is the property's page: its scans over all rooms and what every room's
 * guide shares (hotel, phone, WiFi network; never the password, which the shared guide screen shows), then the way to
 * each of the property's screens (shared guide, translations, scans by day, its details). One short band whatever
 * the number of rooms, so a 300-room hotel still sees its list right under it.
 */
/** `edits`: the host's role may change the shared guide (its Edit button is offered). */
export function PropertyOverview({ userId, propertyId, rooms, edits }: { userId: string; propertyId: string; rooms: readonly RoomSummary[]; edits: boolean }) {
  const { t, i18n } = useTranslation('rooms');
  const shared = useQuery({ ...propertyGuideQuery(userId, propertyId), enabled: userId !== '' });
  const scans = rooms.reduce((sum, room) => sum + room.scanCount, 0);
  const guide = shared.data?.guide;
  const notSet = t('overview.notSet');
  const notLoaded = t('overview.notLoaded');
  // The property's other screens, gathered here (its page is this one); changing them is for roles that edit guides.
  const screens = [
    ...(edits ? [{ to: href.propertyGuide(propertyId), label: t('overview.editSharedGuide') }] : []),
    ...(edits ? [{ to: href.propertyTranslations(propertyId), label: t('list.translations') }] : []),
    { to: href.analytics(propertyId), label: t('overview.scansByDay') },
    ...(edits ? [{ to: href.editProperty(propertyId), label: t('overview.editProperty') }] : []),
  ];
  // The three rows are drawn while the shared guide loads, so the list under them does not move down when it arrives
  // (it did by 56 px on a phone, after the rooms were shown: a shift under the host's thumb).
  const valueOf = (value: string | undefined) => (shared.isError ? notLoaded : value || notSet);
  const items = [
    { label: t('overview.hotel'), value: valueOf(guide?.hotel.name) },
    { label: t('overview.phone'), value: valueOf(guide?.hotel.phone) },
    { label: t('overview.wifi'), value: valueOf(guide?.wifi.network) },
  ];

  return (
    <ContentCard as="section" aria-label={t('overview.label')} mb="5" size="sm" data-testid="property-overview">
      <Flex gap={{ base: '4', md: '8' }} wrap="wrap" align={{ base: 'stretch', md: 'center' }} direction={{ base: 'column', md: 'row' }}>
        <Stat.Root flex="none" minW="32">
          <Stat.Label>{t('overview.scans')}</Stat.Label>
          <Stat.ValueText data-testid="property-scans">{new Intl.NumberFormat(i18n.language).format(scans)}</Stat.ValueText>
        </Stat.Root>
        <Box flex="1" minW="0">
          <Box fontWeight="semibold" mb="1">
            {t('overview.sharedGuide')}
          </Box>
          <DataList.Root orientation="horizontal" size="sm" gap="1" data-testid="shared-guide-summary" aria-busy={shared.isPending}>
            {items.map((item) => (
              <DataList.Item key={item.label}>
                <DataList.ItemLabel minW="16">{item.label}</DataList.ItemLabel>
                {shared.isPending ? (
                  <DataList.ItemValue>
                    <Box as="span" aria-hidden display="inline-block" w="24" maxW="full" h="1em" verticalAlign="middle" bg="bg.muted" borderRadius="sm" />
                  </DataList.ItemValue>
                ) : (
                  <DataList.ItemValue overflowWrap="anywhere" color={item.value === notSet || item.value === notLoaded ? 'fg.muted' : undefined}>
                    {item.value}
                  </DataList.ItemValue>
                )}
              </DataList.Item>
            ))}
          </DataList.Root>
        </Box>
      </Flex>
      <Flex as="nav" aria-label={t('overview.screens')} gap="2" wrap="wrap" mt="4">
        {screens.map((screen) => (
          <Button key={screen.to} asChild minH="11" variant="outline">
            <RouterLink to={screen.to}>{screen.label}</RouterLink>
          </Button>
        ))}
      </Flex>
    </ContentCard>
  );
}
