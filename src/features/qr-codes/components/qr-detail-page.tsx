import { Box, Button, Flex, Grid, Heading, Link, Stack, Stat, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useNavigate, useParams } from 'react-router-dom';
import { ContentCard } from '@/components/content-card';
import { PageHeader } from '@/components/page-header';
import { PageSpinner } from '@/components/page-spinner';
import { StatusAlert } from '@/components/status-alert';
import { toaster } from '@/components/toaster';
import { href } from '@/lib/paths';
import { isApiError, notFoundCode } from '@/lib/data/api-error';
import { scanRefreshMs, useUserId } from '@/lib/data/queries';
import { openedFrom, roomOrigin } from '../list-return';
import { roomQuery } from '../queries';
import { guideUrl, qrDownloadBaseName } from '../qr-file-name';
import { PrintCard } from './print-card';
import { QrCodeView } from './qr-code-view';
import { RoomScansCard } from './room-scans-card';
import { RoomSteps } from './room-steps';

/**
 * One room's code: the 300 px QR, its PNG download and the scan figures. Opening this page does not
 * count as a scan (docs/architecture.md §9 item 2): only guests' guide opens do.
 */
export default function QrDetailPage() {
  const { t, i18n } = useTranslation('qr');
  const { propertyId = '', id = '' } = useParams();
  const navigate = useNavigate();
  const userId = useUserId();
  // Total scans and last scan refresh by themselves while the page is visible (guests scan meanwhile).
  const room = useQuery({ ...roomQuery(userId, id), enabled: userId !== '', refetchInterval: scanRefreshMs });

  const { state } = useLocation();
  const back = (
    <Button variant="outline" minH="11" onClick={() => (roomOrigin(state) === 'roomList' ? navigate(-1) : navigate(href.qrCodes(propertyId)))}>
      {t('detail.back')}
    </Button>
  );

  if (room.isPending) return <PageSpinner minHeight="30vh" />;
  if (room.isError) {
    return (
      <Stack gap="4" align="flex-start">
        <StatusAlert status="error">{t(isApiError(room.error, notFoundCode) ? 'errors.notFound' : 'errors.fetchFailed')}</StatusAlert>
        {back}
      </Stack>
    );
  }

  const qrCode = room.data;
  const url = guideUrl(window.location.origin, qrCode.id);
  const lastScanned = qrCode.lastScannedAt
    ? new Intl.DateTimeFormat(i18n.resolvedLanguage, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(qrCode.lastScannedAt))
    : t('detail.never');

  const copyLink = async () => {
    try {
      await navigator.clipboard.writeText(url);
      toaster.create({ type: 'success', title: t('detail.linkCopied') });
    } catch {
      toaster.create({ type: 'error', title: t('detail.copyFailed') });
    }
  };

  const look = { data: url, primaryColor: qrCode.style.primaryColor, backgroundColor: qrCode.style.backgroundColor, logoUrl: qrCode.style.logoUrl };

  return (
    <Box>
      <PrintCard name={qrCode.name} roomNumber={qrCode.roomNumber} look={look} />
      <PageHeader
        title={qrCode.name}
        description={t('list.room', { number: qrCode.roomNumber })}
        actions={
          <>
            {back}
            <Button asChild variant="subtle" minH="11">
              <RouterLink to={href.editQrCode(propertyId, qrCode.id)} state={openedFrom('roomPage')}>
                {t('list.edit')}
              </RouterLink>
            </Button>
            <Button asChild variant="outline" minH="11">
              <RouterLink to={href.roomTranslations(propertyId, qrCode.id)}>{t('list.translations')}</RouterLink>
            </Button>
          </>
        }
      />
      <RoomSteps propertyId={propertyId} roomId={qrCode.id} />
      <Grid templateColumns={{ base: 'minmax(0, 1fr)', md: 'minmax(0, 360px) minmax(0, 1fr)' }} gap={{ base: '5', md: '6' }} alignItems="start">
        <ContentCard>
          <QrCodeView look={look} label={t('detail.qrLabel', { name: qrCode.name })} downloadBaseName={qrDownloadBaseName(qrCode.name)} />
          <Button variant="outline" minH="11" onClick={() => window.print()}>
            {t('detail.print')}
          </Button>
        </ContentCard>
        <Stack gap="5">
          <ContentCard>
            <Flex gap="6" wrap="wrap">
              <Stat.Root minW="40">
                <Stat.Label>{t('detail.totalScans')}</Stat.Label>
                <Stat.ValueText data-testid="total-scans">{qrCode.scanCount}</Stat.ValueText>
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
          <RoomScansCard propertyId={propertyId} roomId={qrCode.id} roomName={qrCode.name} />
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
