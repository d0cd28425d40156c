/**
 * The printable sheet of a property: every room's card (name, number, the hotel's name, the guide QR at error
 * correction H in the room's guide colours, "Scan for WiFi & guide", and optionally a WiFi-join QR of the room's
 * network beside the guide QR, each labelled, and the network's name and password as text) on A4 or US Letter, 1–8
 * cards a page, optional crop marks. Each page is one fixed-size block with a page break after it, and a card's
 * content is sized by the layout to fit inside it, so printing (or saving as PDF) never cuts a card. Codes are drawn a batch at a time with progress, so hundreds of rooms do not
 * freeze the page.
 */
import { Box, Button, Checkbox, Flex, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { memo, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router-dom';
import { ContentCard } from '@/components/content-card';
import { FormField } from '@/components/form-field';
import { PageHeader } from '@/components/page-header';
import { PageSpinner } from '@/components/page-spinner';
import { StatusAlert } from '@/components/status-alert';
import { propertiesQuery, useUserId } from '@/lib/data/queries';
import type { PropertyRow } from '@/lib/data/rows';
import { href, printSheetRoomParam } from '@/lib/paths';
import { listRoomsForDownload } from '../api/list-rooms-for-download';
import { chosenRoomNumbers, pickChosenRooms } from './chosen-rooms';
import { drawCardCodes, type CardCodes, type RoomForPrint } from './print-codes';
import {
  cardLineHeight,
  cardsPerPageChoices,
  defaultTextLines,
  fittedFontSize,
  layoutPrintSheet,
  pageCss,
  type CardContent,
  type CardPlacement,
  type CardsPerPage,
  type Paper,
} from './print-layout';
import { startQrWorkers } from './qr-path-workers';
import { PrintQr } from './print-qr';

const sheetCss = `
@media print {
  body * { visibility: hidden !important; }
  #print-sheet, #print-sheet * { visibility: visible !important; }
  #print-sheet { position: absolute; left: 0; top: 0; zoom: 1 !important; }
  #print-sheet .print-page { box-shadow: none !important; margin: 0 !important; }
}
.print-page { break-after: page; page-break-after: always; break-inside: avoid; }
.print-page:last-child { break-after: auto; page-break-after: auto; }
/* Cards are plain elements styled here once (sizes from the layout, as custom properties of the sheet) rather than
   styled components: hundreds of them render in a fraction of the time. */
.print-card {
  position: absolute; box-sizing: border-box; width: var(--card-width); height: var(--card-height); padding: var(--card-padding);
  display: flex; flex-direction: column; align-items: center; justify-content: center; gap: var(--card-gap); text-align: center;
  line-height: ${cardLineHeight};
}
/* An outline, not a border: it takes no room from the card's content, whose sizes the layout has counted. */
.print-card[data-cut-lines] { outline: 1px dashed var(--chakra-colors-gray-300, #d4d4d8); outline-offset: -1px; }
.print-card p { margin: 0; max-width: 100%; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; font-size: var(--card-text); }
.print-card .print-card-name { font-size: var(--card-name); font-weight: 700; }
.print-card .print-card-caption { font-weight: 600; }
.print-card .print-card-wifi { font-family: ui-monospace, 'Courier New', monospace; text-overflow: clip; }
.print-card-codes { display: flex; justify-content: center; }
.print-card-codes figure { margin: 0; width: var(--card-pair); }
.print-card-codes figcaption { margin-top: var(--card-gap); font-size: var(--card-label); font-weight: 600; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }`;

const papersOffered: Paper[] = ['a4', 'letter'];
const isPaper = (value: string | null): value is Paper => papersOffered.includes(value as Paper);

/**
 * How much to shrink the sheet so a whole page is seen on a narrow screen (a phone) instead of being cut at the
 * right; printing ignores it (the print CSS sets zoom 1).
 */
function useFitScale(frame: HTMLElement | null, paperWidthMm: number): number {
  const [scale, setScale] = useState(1);
  useEffect(() => {
    if (!frame) return;
    const paperWidthPx = (paperWidthMm * 96) / 25.4;
    const observer = new ResizeObserver(([entry]) => setScale(Math.min(1, Math.floor((entry.contentRect.width / paperWidthPx) * 100) / 100)));
    observer.observe(frame);
    return () => observer.disconnect();
  }, [frame, paperWidthMm]);
  return scale;
}

const noCodes: ReadonlyMap<string, CardCodes> = new Map();

/** Draws every card's codes a batch at a time (see `drawCardCodes`); the map holds the cards drawn so far. */
function useCardCodes(rooms: readonly RoomForPrint[], withWifi: boolean): ReadonlyMap<string, CardCodes> {
  const [drawnFor, setDrawnFor] = useState<{ rooms: readonly RoomForPrint[]; withWifi: boolean; codes: ReadonlyMap<string, CardCodes> } | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    const worker = startQrWorkers();
    const drawn = new Map<string, CardCodes>();
    void drawCardCodes(
      window.location.origin,
      rooms,
      withWifi,
      (batch) => {
        for (const [id, card] of batch) drawn.set(id, card);
        // A new Map for React, the same code objects inside: the cards drawn before do not render again.
        setDrawnFor({ rooms, withWifi, codes: new Map(drawn) });
      },
      { signal: controller.signal, draw: worker.draw, lookahead: worker.size },
    )
      .catch((error: unknown) => console.error('Drawing the print sheet failed', error))
      .finally(() => worker.close());
    return () => {
      controller.abort();
      worker.close();
    };
  }, [rooms, withWifi]);
  // Codes drawn for other options are never shown, not even for the moment before the new ones start.
  return drawnFor && drawnFor.rooms === rooms && drawnFor.withWifi === withWifi ? drawnFor.codes : noCodes;
}

/** The sheet's options from the address (unknown or unavailable values fall back to A4, 8 a page). */
function sheetOptions(search: URLSearchParams) {
  const paperParam = search.get('paper');
  const paper: Paper = isPaper(paperParam) ? paperParam : 'a4';
  const withWifi = search.get('wifi') === '1';
  const wifiText = search.get('wifiText') === '1';
  // The room number, hotel and caption; and the WiFi's name and password on two lines of their own.
  const textLines = defaultTextLines + (wifiText ? 2 : 0);
  const choices = cardsPerPageChoices(paper, withWifi, textLines);
  const asked = Number(search.get('cards') ?? 8) as CardsPerPage;
  return {
    paper,
    withWifi,
    wifiText,
    textLines,
    cropMarks: search.get('crop') === '1',
    choices,
    perPage: choices.includes(asked) ? asked : choices[choices.length - 1],
  };
}

const mm = (value: number) => `${value}mm`;

interface SheetCardProps {
  room: RoomForPrint;
  codes: CardCodes | undefined;
  placement: CardPlacement;
  content: CardContent;
  cropMarks: boolean;
  /** The texts every card shares, translated once for the sheet rather than once per card. */
  labels: CardLabels;
}

interface CardLabels {
  guide: string;
  wifi: string;
  caption: string;
  /** The WiFi's name and password as text, the room's filled in; `wifiNetwork` is null when not asked for. */
  wifiNetwork: ((network: string) => string) | null;
  wifiPassword: (password: string | null | undefined) => string;
  /** The hotel's name where a room's guide has none. */
  propertyName: string;
}

/** The layout's sizes as the custom properties the cards' CSS reads. */
function cardSizes({ card, content }: { card: { width: number; height: number }; content: CardContent }): Record<string, string> {
  return {
    '--card-width': mm(card.width),
    '--card-height': mm(card.height),
    '--card-padding': mm(content.padding),
    '--card-gap': mm(content.gap),
    '--card-name': mm(content.nameSize),
    '--card-text': mm(content.textSize),
    '--card-label': mm(content.labelSize),
    '--card-pair': mm(content.pairQrSide),
  };
}

/** The room's WiFi as text, each line in a size at which it fits whole (a password is never cut); blank without WiFi. */
function WifiLines({
  wifi,
  content,
  network,
  password,
}: {
  wifi: RoomForPrint['wifi'];
  content: CardContent;
  network: (network: string) => string;
  password: CardLabels['wifiPassword'];
}) {
  const width = content.innerWidth;
  const lines = wifi ? [network(wifi.ssid), password(wifi.password)] : ['', ''];
  return (
    <>
      {lines.map((line, index) => (
        <p key={index} className="print-card-wifi" style={{ fontSize: mm(fittedFontSize(line, width, content.textSize)) }}>
          {line || '\u00a0'}
        </p>
      ))}
    </>
  );
}

/** One card, drawn again only when its codes or the layout change (not on every batch of other cards). */
const SheetCard = memo(function SheetCard({ room, codes, placement, content, cropMarks, labels }: SheetCardProps) {
  const { t } = useTranslation('rooms');
  const pair = codes?.wifi ? codes.wifi : null;
  return (
    <div data-testid="print-card" className="print-card" data-cut-lines={cropMarks ? undefined : ''} style={{ left: mm(placement.x), top: mm(placement.y) }}>
      {pair && codes ? (
        <div
          className="print-card-codes"
          style={{ flexDirection: content.pairDirection, gap: mm(content.pairDirection === 'row' ? content.padding : content.gap) }}
        >
          <figure>
            <PrintQr code={codes.guide} label={t('detail.qrLabel', { name: room.name })} side={mm(content.pairQrSide)} />
            <figcaption>{labels.guide}</figcaption>
          </figure>
          <figure>
            <PrintQr code={pair} label={t('print.wifiQrLabel', { name: room.name })} side={mm(content.pairQrSide)} />
            <figcaption>{labels.wifi}</figcaption>
          </figure>
        </div>
      ) : (
        <div style={{ width: mm(content.qrSide), height: mm(content.qrSide) }}>
          {codes && <PrintQr code={codes.guide} label={t('detail.qrLabel', { name: room.name })} side={mm(content.qrSide)} />}
        </div>
      )}
      <p className="print-card-name">{room.name}</p>
      <p>{t('list.room', { number: room.roomNumber })}</p>
      <p>{room.hotelName || labels.propertyName}</p>
      {labels.wifiNetwork && <WifiLines wifi={room.wifi} content={content} network={labels.wifiNetwork} password={labels.wifiPassword} />}
      <p className="print-card-caption">{labels.caption}</p>
    </div>
  );
});

export default function PrintSheetPage() {
  const { t } = useTranslation('rooms');
  const { propertyId = '' } = useParams();
  const userId = useUserId();
  const property = useQuery({
    ...propertiesQuery(userId),
    enabled: userId !== '',
    select: (properties: PropertyRow[]) => properties.find((p) => p.id === propertyId) ?? null,
  });
  const rooms = useQuery({ queryKey: ['print-sheet', userId, propertyId], queryFn: () => listRoomsForDownload(propertyId), enabled: userId !== '' });
  // The options live in the address, so a reload or a shared link opens the same sheet.
  const [search, setSearch] = useSearchParams();
  const { paper, withWifi, wifiText, cropMarks, choices, perPage } = sheetOptions(search);
  const setOption = (name: string, value: string | null) =>
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === null) next.delete(name);
        else next.set(name, value);
        return next;
      },
      { replace: true },
    );

  // The rooms the address names (the room list's selection), else all of them. Keyed by their text, since getAll
  // gives a new array on every render.
  const chosenKey = chosenRoomNumbers(search).join('\n');
  const allRooms = rooms.data;
  const roomList = useMemo(() => pickChosenRooms(allRooms ?? [], chosenKey === '' ? [] : chosenKey.split('\n')), [allRooms, chosenKey]);
  const chosen = chosenKey !== '';
  const codes = useCardCodes(roomList, withWifi);
  const cardCount = roomList.length;
  // Memoised so the cards already drawn keep their props (and are not drawn again) while later batches arrive.
  const layout = useMemo(() => {
    const options = sheetOptions(search);
    return layoutPrintSheet({ paper: options.paper, cardsPerPage: options.perPage, cardCount, cropMarks: options.cropMarks, textLines: options.textLines });
  }, [search, cardCount]);
  const drawing = codes.size < roomList.length;
  const propertyName = property.data?.name ?? '';
  const labels = useMemo<CardLabels>(
    () => ({
      guide: t('print.guideLabel'),
      wifi: t('print.wifiLabel'),
      caption: t('detail.printCaption'),
      wifiNetwork: sheetOptions(search).wifiText ? (network) => t('print.wifiNetworkLine', { network }) : null,
      wifiPassword: (password) => (!password ? t('print.wifiNoPassword') : t('print.wifiPasswordLine', { password })),
      propertyName,
    }),
    [t, search, propertyName],
  );
  const [frame, setFrame] = useState<HTMLDivElement | null>(null);
  const scale = useFitScale(frame, layout.paper.width);
  const withoutWifi = useMemo(() => roomList.filter((room) => room.wifi === null).length, [roomList]);

  if (property.isPending || rooms.isPending) return <PageSpinner />;
  if (property.isError || rooms.isError || property.data === null) return <StatusAlert title={t('list.propertyNotFound')} />;

  return (
    <Box>
      <style>{sheetCss + pageCss(paper)}</style>
      <PageHeader
        title={t('print.title')}
        description={`${property.data.name} · ${chosen ? t('print.chosenOf', { shown: roomList.length, count: allRooms?.length ?? 0 }) : t('list.count', { count: roomList.length })}`}
      />
      <Stack gap="6">
        <ContentCard>
          <Flex gap="4" wrap="wrap" align="flex-end">
            {/* Field.Root is full width: its own box keeps the two selects on one line with the options. */}
            <Box>
              <FormField label={t('print.paper')}>
                <NativeSelect.Root w="48">
                  <NativeSelect.Field value={paper} onChange={(event) => setOption('paper', event.target.value === 'a4' ? null : event.target.value)}>
                    <option value="a4">A4</option>
                    <option value="letter">{t('print.letter')}</option>
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              </FormField>
            </Box>
            <Box>
              <FormField label={t('print.cardsPerPage')}>
                <NativeSelect.Root w="32">
                  <NativeSelect.Field value={String(perPage)} onChange={(event) => setOption('cards', event.target.value === '8' ? null : event.target.value)}>
                    {choices.map((count) => (
                      <option key={count} value={count}>
                        {count}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              </FormField>
            </Box>
            <Checkbox.Root checked={cropMarks} onCheckedChange={(details) => setOption('crop', details.checked === true ? '1' : null)} minH="11">
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>{t('print.cropMarks')}</Checkbox.Label>
            </Checkbox.Root>
            <Checkbox.Root checked={withWifi} onCheckedChange={(details) => setOption('wifi', details.checked === true ? '1' : null)} minH="11">
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>{t('print.wifiQr')}</Checkbox.Label>
            </Checkbox.Root>
            <Checkbox.Root checked={wifiText} onCheckedChange={(details) => setOption('wifiText', details.checked === true ? '1' : null)} minH="11">
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>{t('print.wifiText')}</Checkbox.Label>
            </Checkbox.Root>
            <Button minH="11" disabled={drawing || roomList.length === 0} onClick={() => window.print()}>
              {t('print.print')}
            </Button>
            <Button asChild minH="11" variant="outline">
              <RouterLink to={href.rooms(propertyId)}>{t('print.back')}</RouterLink>
            </Button>
          </Flex>
          {chosen && (
            <Flex mt="3" gap="3" align="center" wrap="wrap">
              {roomList.length === 0 && <Text>{t('print.noneChosen')}</Text>}
              <Button size="sm" minH="11" variant="outline" onClick={() => setOption(printSheetRoomParam, null)}>
                {t('print.allRooms', { count: allRooms?.length ?? 0 })}
              </Button>
            </Flex>
          )}
          <Text mt="3" color="fg.muted" role="status">
            {drawing ? t('print.drawing', { done: codes.size, total: roomList.length }) : t('print.ready', { count: layout.pages.length })}
          </Text>
          {(withWifi || wifiText) && withoutWifi > 0 && (
            <Text mt="1" color="fg.muted">
              {t('print.noWifi', { count: withoutWifi })}
            </Text>
          )}
        </ContentCard>
        <Box overflowX="auto" ref={setFrame}>
          <Box
            id="print-sheet"
            w={mm(layout.paper.width)}
            aria-busy={drawing}
            data-state={drawing ? 'drawing' : 'ready'}
            style={{ zoom: scale, ...cardSizes(layout) }}
          >
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
                  return (
                    <SheetCard
                      key={room.id}
                      room={room}
                      codes={codes.get(room.id)}
                      placement={placement}
                      content={layout.content}
                      cropMarks={cropMarks}
                      labels={labels}
                    />
                  );
                })}
                {page.cropMarks.length > 0 && (
                  <svg
                    width={mm(layout.paper.width)}
                    height={mm(layout.paper.height)}
                    viewBox={`0 0 ${layout.paper.width} ${layout.paper.height}`}
                    style={{ position: 'absolute', inset: 0 }}
                    aria-hidden
                  >
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
