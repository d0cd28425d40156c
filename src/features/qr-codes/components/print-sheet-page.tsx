/**
 * The printable sheet of a property: every room's card (name, number, the guide QR at error correction H in the
 * room's guide colours, "Scan for WiFi & guide") on A4 or US Letter, 1–8 cards a page, optional crop marks. Each
 * page is one fixed-size block with a page break after it, so printing (or saving as PDF) never cuts a card.
 * Codes are drawn a batch at a time with progress, so hundreds of rooms do not freeze the page.
 */
import { Box, Button, Checkbox, Flex, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { ContentCard } from '@/components/content-card';
import { FormField } from '@/components/form-field';
import { PageHeader } from '@/components/page-header';
import { PageSpinner } from '@/components/page-spinner';
import { StatusAlert } from '@/components/status-alert';
import { propertiesQuery, useUserId } from '@/lib/data/queries';
import type { PropertyRow } from '@/lib/data/rows';
import { href } from '@/lib/paths';
import { listRoomsForDownload } from '../api/list-rooms-for-download';
import { qrImageJobs } from '../download-all/qr-zip';
import { renderQrPng } from '../download-all/render-qr-png';
import { cardsPerPageChoices, layoutPrintSheet, pageCss, type CardsPerPage, type Paper } from '../print/print-layout';

const sheetCss = `
@media print {
  body * { visibility: hidden !important; }
  #print-sheet, #print-sheet * { visibility: visible !important; }
  #print-sheet { position: absolute; left: 0; top: 0; }
  #print-sheet .print-page { box-shadow: none !important; margin: 0 !important; }
}
.print-page { break-after: page; page-break-after: always; break-inside: avoid; }`;

/** Draws every code once, a batch at a time, yielding to the browser between batches. */
function useQrImages(jobs: { id: string; look: Parameters<typeof renderQrPng>[0] }[]) {
  const [images, setImages] = useState<ReadonlyMap<string, string>>(new Map());
  useEffect(() => {
    let cancelled = false;
    const urls: string[] = [];
    void (async () => {
      const drawn = new Map<string, string>();
      for (let start = 0; start < jobs.length && !cancelled; start += 8) {
        const batch = jobs.slice(start, start + 8);
        const pngs = await Promise.all(batch.map((job) => renderQrPng({ ...job.look, size: 600 })));
        batch.forEach((job, index) => {
          const url = URL.createObjectURL(new Blob([pngs[index] as Uint8Array<ArrayBuffer>], { type: 'image/png' }));
          urls.push(url);
          drawn.set(job.id, url);
        });
        if (!cancelled) setImages(new Map(drawn));
        await new Promise((resolve) => setTimeout(resolve, 0));
      }
    })().catch((error: unknown) => console.error('Drawing the print sheet failed', error));
    return () => {
      cancelled = true;
      urls.forEach((url) => URL.revokeObjectURL(url));
    };
  }, [jobs]);
  return images;
}

export default function PrintSheetPage() {
  const { t } = useTranslation('qr');
  const { propertyId = '' } = useParams();
  const userId = useUserId();
  const property = useQuery({ ...propertiesQuery(userId), enabled: userId !== '', select: (properties: PropertyRow[]) => properties.find((p) => p.id === propertyId) ?? null });
  const rooms = useQuery({ queryKey: ['print-sheet', userId, propertyId], queryFn: () => listRoomsForDownload(propertyId), enabled: userId !== '' });
  const [paper, setPaper] = useState<Paper>('a4');
  const [cardsPerPage, setCardsPerPage] = useState<CardsPerPage>(8);
  const [cropMarks, setCropMarks] = useState(false);

  const choices = cardsPerPageChoices(paper);
  const perPage = choices.includes(cardsPerPage) ? cardsPerPage : choices[choices.length - 1];
  const roomList = useMemo(() => rooms.data ?? [], [rooms.data]);
  const jobs = useMemo(() => qrImageJobs(window.location.origin, roomList).map((job, index) => ({ id: roomList[index].id, look: job.look })), [roomList]);
  const images = useQrImages(jobs);
  const layout = layoutPrintSheet({ paper, cardsPerPage: perPage, cardCount: roomList.length, cropMarks });
  const drawing = images.size < roomList.length;

  if (property.isPending || rooms.isPending) return <PageSpinner />;
  if (property.isError || rooms.isError || property.data === null) return <StatusAlert title={t('list.propertyNotFound')} />;

  const mm = (value: number) => `${value}mm`;
  return (
    <Box>
      <style>{sheetCss + pageCss(paper)}</style>
      <PageHeader title={t('print.title')} description={`${property.data.name} · ${t('list.count', { count: roomList.length })}`} />
      <Stack gap="6">
        <ContentCard>
          <Flex gap="4" wrap="wrap" align="flex-end">
            <FormField label={t('print.paper')}>
              <NativeSelect.Root w="48">
                <NativeSelect.Field value={paper} onChange={(event) => setPaper(event.target.value as Paper)}>
                  <option value="a4">A4</option>
                  <option value="letter">{t('print.letter')}</option>
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </FormField>
            <FormField label={t('print.cardsPerPage')}>
              <NativeSelect.Root w="32">
                <NativeSelect.Field value={String(perPage)} onChange={(event) => setCardsPerPage(Number(event.target.value) as CardsPerPage)}>
                  {choices.map((count) => (
                    <option key={count} value={count}>
                      {count}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </FormField>
            <Checkbox.Root checked={cropMarks} onCheckedChange={(details) => setCropMarks(details.checked === true)} minH="11">
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>{t('print.cropMarks')}</Checkbox.Label>
            </Checkbox.Root>
            <Button minH="11" disabled={drawing || roomList.length === 0} onClick={() => window.print()}>
              {t('print.print')}
            </Button>
            <Button asChild minH="11" variant="outline">
              <RouterLink to={href.qrCodes(propertyId)}>{t('print.back')}</RouterLink>
            </Button>
          </Flex>
          <Text mt="3" color="fg.muted" role="status">
            {drawing ? t('print.drawing', { done: images.size, total: roomList.length }) : t('print.ready', { count: layout.pages.length })}
          </Text>
        </ContentCard>
        <Box overflowX="auto">
          <Box id="print-sheet" w={mm(layout.paper.width)}>
            {layout.pages.map((page, pageIndex) => (
              <Box
                key={pageIndex}
                className="print-page"
                data-testid="print-page"
                position="relative"
                w={mm(layout.paper.width)}
                h={mm(layout.paper.height)}
                bg="white"
                color="black"
                boxShadow="md"
                mb="6"
                overflow="hidden"
              >
                {page.cards.map((placement) => {
                  const room = roomList[placement.index];
                  const image = images.get(room.id);
                  return (
                    <Flex
                      key={room.id}
                      data-testid="print-card"
                      position="absolute"
                      left={mm(placement.x)}
                      top={mm(placement.y)}
                      w={mm(layout.card.width)}
                      h={mm(layout.card.height)}
                      p={mm(layout.content.padding)}
                      direction="column"
                      align="center"
                      justify="center"
                      gap="1"
                      textAlign="center"
                      borderWidth={cropMarks ? '0' : '1px'}
                      borderStyle="dashed"
                      borderColor="gray.300"
                    >
                      <Box w={mm(layout.content.qrSide)} h={mm(layout.content.qrSide)}>
                        {image && <img src={image} alt={t('detail.qrLabel', { name: room.name })} width="100%" height="100%" style={{ width: '100%', height: '100%' }} />}
                      </Box>
                      <Text fontWeight="bold" fontSize="md" lineClamp={1}>
                        {room.name}
                      </Text>
                      <Text fontSize="sm">{t('list.room', { number: room.roomNumber })}</Text>
                      <Text fontSize="sm" fontWeight="semibold">
                        {t('detail.printCaption')}
                      </Text>
                    </Flex>
                  );
                })}
                {page.cropMarks.length > 0 && (
                  <svg width={mm(layout.paper.width)} height={mm(layout.paper.height)} viewBox={`0 0 ${layout.paper.width} ${layout.paper.height}`} style={{ position: 'absolute', inset: 0 }} aria-hidden>
                    {page.cropMarks.map((line, index) => (
                      <line key={index} {...line} stroke="black" strokeWidth="0.2" />
                    ))}
                  </svg>
                )}
              </Box>
            ))}
          </Box>
        </Box>
      </Stack>
    </Box>
  );
}
