import { Box, Button, Flex, Grid, Heading, Link, Stack, Stat, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useNavigate, useParams } from 'react-router-dom';
import { LastChangeLine } from '@/components/last-change';
import { useRole } from '@/lib/current-team';
import { may } from '@/lib/team-access';
import { ContentCard } from '@/components/content-card';
import { PageHeader } from '@/components/page-header';
import { PageSpinner } from '@/components/page-spinner';
import { StatusAlert } from '@/components/status-alert';
import { toaster } from '@/components/toaster';
import { href } from '@/lib/paths';
import { formatScanTime } from '@/lib/scan-range';
import { isApiError, notFoundCode } from '@/lib/data/api-error';
import { useUserId } from '@/lib/data/queries';
import { useRefreshWhileNotLive } from '@/lib/data/live-updates';
import { openedFrom, roomOrigin } from '../room-list/list-return';
import { roomQuery } from '../queries';
import { guideUrl, qrDownloadBaseName } from '../qr-look/qr-file-name';
import { PrintCard } from '../printing/print-card';
import { QrCodeView } from '../qr-look/qr-code-view';
import { RoomOverridesCard } from './room-overrides-card';
import { RoomScansCard } from './room-scans-card';
import { RoomSteps } from '../room-form/room-steps';

/**
 * One room's code: the 300 px QR, its PNG download, the scan figures and what the room sets for itself. Opening this page does not
 * count as a scan (docs/architecture.md §9 item 2): only guests' guide opens do.
 */
export default function RoomDetailPage() {
  const { t, i18n } = useTranslation('rooms');
  const { propertyId = '', id = '' } = useParams();
  const navigate = useNavigate();
  const userId = useUserId();
  // Live scan counts; a steady refresh while Realtime is not live (src/lib/data/live-updates.ts).
  const refreshInterval = useRefreshWhileNotLive();
  const roomRead = useQuery({ ...roomQuery(userId, id), enabled: userId !== '', refetchInterval: refreshInterval });
  const edits = may(useRole(propertyId).role, 'editGuide');

  const { state } = useLocation();
  const back = (
    <Button variant="outline" minH="11" onClick={() => (roomOrigin(state) === 'roomList' ? navigate(-1) : navigate(href.rooms(propertyId)))}>
      {t('detail.back')}
    </Button>
  );

  if (roomRead.isPending) return <PageSpinner minHeight="30vh" />;
  if (roomRead.isError) {
    return (
      <Stack gap="4" align="flex-start">
        <StatusAlert status="error">{t(isApiError(roomRead.error, notFoundCode) ? 'errors.notFound' : 'errors.fetchFailed')}</StatusAlert>
        {back}
      </Stack>
    );
  }

  const room = roomRead.data;
  const url = guideUrl(window.location.origin, room.id);
  const lastScanned = room.lastScannedAt ? formatScanTime(room.lastScannedAt, i18n.resolvedLanguage) : t('detail.never');

  const copyLink = async () => {
    try {
      await navigator.clipboard.writeText(url);
      toaster.create({ type: 'success', title: t('detail.linkCopied') });
    } catch {
      toaster.create({ type: 'error', title: t('detail.copyFailed') });
    }
  };

  const look = { data: url, primaryColor: room.style.primaryColor, backgroundColor: room.style.backgroundColor, logoUrl: room.style.logoUrl };

  return (
    <Box>
      <PrintCard name={room.name} roomNumber={room.roomNumber} look={look} />
      <PageHeader
        title={room.name}
        description={t('list.room', { number: room.roomNumber })}
        actions={
          <>
            {back}
            {edits && (
              <>
                <Button asChild variant="subtle" minH="11">
                  <RouterLink to={href.editRoom(propertyId, room.id)} state={openedFrom('roomPage')}>
                    {t('list.edit')}
                  </RouterLink>
                </Button>
                <Button asChild variant="outline" minH="11">
                  <RouterLink to={href.roomTranslations(propertyId, room.id)}>{t('list.translations')}</RouterLink>
                </Button>
              </>
            )}
          </>
        }
      />
      <Box mb="4">
        <LastChangeLine change={room.lastChange} />
      </Box>
      <RoomSteps propertyId={propertyId} roomId={room.id} />
      <Grid templateColumns={{ base: 'minmax(0, 1fr)', md: 'minmax(0, 360px) minmax(0, 1fr)' }} gap={{ base: '5', md: '6' }} alignItems="start">
        <ContentCard>
          <QrCodeView look={look} label={t('detail.qrLabel', { name: room.name })} downloadBaseName={qrDownloadBaseName(room.name)} />
          <Button variant="outline" minH="11" onClick={() => window.print()}>
            {t('detail.print')}
          </Button>
        </ContentCard>
        <Stack gap="5">
          <ContentCard>
            <Flex gap="6" wrap="wrap">
              <Stat.Root minW="40">
                <Stat.Label>{t('detail.totalScans')}</Stat.Label>
                <Stat.ValueText data-testid="total-scans">{room.scanCount}</Stat.ValueText>
              </Stat.Root>
              <Stat.Root minW="40">
                <Stat.Label>{t('detail.lastScanned')}</Stat.Label>
                <Text textStyle="lg" fontWeight="medium">
                  {lastScanned}
                </Text>
              </Stat.Root>
            </Flex>
            <Text color="fg.muted" textStyle="sm">
              {t('detail.scanNote')}
            </Text>
          </ContentCard>
          <RoomScansCard propertyId={propertyId} roomId={room.id} roomName={room.name} />
          <RoomOverridesCard propertyId={propertyId} roomId={room.id} />
          <ContentCard>
            <Heading as="h2" size="md">
              {t('detail.guideLink')}
            </Heading>
            <Text fontFamily="mono" textStyle="sm" overflowWrap="anywhere" data-testid="guide-url">
              {url}
            </Text>
            <Flex gap="3" wrap="wrap">
              <Button variant="outline" minH="11" onClick={() => void copyLink()}>
                {t('detail.copyLink')}
              </Button>
              <Button asChild variant="outline" minH="11">
                <Link href={url} target="_blank" rel="noopener">
                  {t('detail.openGuide')}
                </Link>
              </Button>
            </Flex>
          </ContentCard>
        </Stack>
      </Grid>
    </Box>
  );
}
