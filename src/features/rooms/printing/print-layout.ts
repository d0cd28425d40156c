/**
 * The printable sheet of a property's room cards, in millimetres: each page of the chosen paper holds a grid of
 * equal cards inside a margin most printers can print to, cards fill pages row by row, and every card lies wholly
 * on one page (the sheet is one fixed-size block per page with a page break after it, so the browser never
 * splits a card). Optional crop marks extend each cut line into the margin, outside every card.
 */
export type Paper = 'a4' | 'letter';

export const papers: Record<Paper, { width: number; height: number; cssSize: string }> = {
  a4: { width: 210, height: 297, cssSize: 'A4' },
  letter: { width: 215.9, height: 279.4, cssSize: 'letter' },
};

/** Cards per page and their grid (columns × rows), portrait paper. */
export const cardGrids = {
  1: { columns: 1, rows: 1 },
  2: { columns: 1, rows: 2 },
  4: { columns: 2, rows: 2 },
  6: { columns: 2, rows: 3 },
  8: { columns: 2, rows: 4 },
} as const;

export type CardsPerPage = keyof typeof cardGrids;

/** Inside the unprintable edge of common office printers (about 4–6 mm), with room for crop marks. */
export const pageMarginMm = 10;
/** A printed QR code smaller than this is hard to scan from a nightstand. */
export const minimumQrSideMm = 25;
const cropMarkOffsetMm = 2;
const cropMarkLengthMm = 5;

export interface CardPlacement {
  /** Position of the room in the list (0-based). */
  index: number;
  /** Top-left corner on its page. */
  x: number;
  y: number;
}

export interface Line {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

export interface CardContent {
  padding: number;
  /** Space between the codes and each line of text under them. */
  gap: number;
  /** Font sizes (mm) of the room's name, of the room number and caption lines, and of the labels under two codes. */
  nameSize: number;
  textSize: number;
  labelSize: number;
  /** Side of the guide QR code. */
  qrSide: number;
  /** Side of each QR code when the card also shows a WiFi-join QR next to the guide QR (each with a label under it). */
  pairQrSide: number;
  /** Side by side (`row`) or one above the other (`column`, on tall cards), whichever gives the larger codes. */
  pairDirection: 'row' | 'column';
  /** Lines of text under the room's name (number, hotel, caption; the WiFi as text when asked). */
  textLines: number;
  /** The width inside the padding, where the lines of text are set. */
  innerWidth: number;
}

export interface PrintSheetLayout {
  paper: { width: number; height: number; cssSize: string };
  columns: number;
  rows: number;
  card: { width: number; height: number };
  content: CardContent;
  pages: { cards: CardPlacement[]; cropMarks: Line[] }[];
}

export interface PrintSheetOptions {
  paper: Paper;
  cardsPerPage: CardsPerPage;
  cardCount: number;
  cropMarks: boolean;
  /** Lines of text under the room's name (see `CardContent`); the room number, hotel and caption by default. */
  textLines?: number;
  /** Space between cards; 0 (the default) makes neighbours share one cut. */
  gutter?: number;
}

const round = (value: number) => Math.round(value * 100) / 100;
/** Down, for sizes that must never make a card's content taller than the card. */
const roundDown = (value: number) => Math.floor(value * 100) / 100;

/** Line height of every text on a card, as a multiple of its font size. */
export const cardLineHeight = 1.25;
/** Text sizes close to the screen's 16 px, 14 px and 12 px, which read well at arm's length on a nightstand. */
const nameSizeMm = 4.2;
const textSizeMm = 3.7;
const labelSizeMm = 3.2;
const gapMm = 1;

/** The room number, the hotel's name and the caption. */
export const defaultTextLines = 3;

/** The height (mm) of the text under a card's codes: the name, `textLines` lines, and a gap before each. */
function textHeightOf(nameSize: number, textSize: number, gap: number, textLines: number): number {
  return (nameSize + textLines * textSize) * cardLineHeight + (1 + textLines) * gap;
}

/**
 * What a card holds, sized so it always fits inside the card: the text under the codes (name, then `textLines` lines
 * such as the room number, hotel and caption; and a label under each of two codes) has a fixed height, and the codes
 * get the rest. The sizes are the layout's, not the browser's, so a card can never grow past its cut lines or its page.
 */
export function cardContent(width: number, height: number, textLines = defaultTextLines): CardContent {
  const padding = round(Math.max(4, 0.06 * Math.min(width, height)));
  const innerWidth = width - 2 * padding;
  const textHeight = textHeightOf(nameSizeMm, textSizeMm, gapMm, textLines);
  const qrHeight = height - 2 * padding - textHeight;
  const labelHeight = labelSizeMm * cardLineHeight + gapMm;
  const pairInRow = Math.min((innerWidth - padding) / 2, qrHeight - labelHeight);
  const pairInColumn = Math.min(innerWidth, (qrHeight - gapMm) / 2 - labelHeight);
  return {
    padding,
    gap: gapMm,
    nameSize: nameSizeMm,
    textSize: textSizeMm,
    labelSize: labelSizeMm,
    qrSide: roundDown(Math.min(innerWidth, qrHeight)),
    pairQrSide: roundDown(Math.max(pairInRow, pairInColumn)),
    pairDirection: pairInColumn > pairInRow ? 'column' : 'row',
    textLines,
    innerWidth: roundDown(innerWidth),
  };
}

/** How tall a card's content is (mm), codes and text, with or without the WiFi code beside the guide code. */
export function cardContentHeight(content: CardContent, withWifiQr: boolean): number {
  const text = textHeightOf(content.nameSize, content.textSize, content.gap, content.textLines);
  if (!withWifiQr) return content.qrSide + text;
  const labelled = content.pairQrSide + content.labelSize * cardLineHeight + content.gap;
  return (content.pairDirection === 'column' ? 2 * labelled + content.gap : labelled) + text;
}

/** How wide the codes of a card are (mm): with the WiFi code beside the guide code, both and the space between. */
export function cardCodesWidth(content: CardContent, withWifiQr: boolean): number {
  if (!withWifiQr) return content.qrSide;
  return content.pairDirection === 'row' ? 2 * content.pairQrSide + content.padding : content.pairQrSide;
}

function cardSize(paper: Paper, cardsPerPage: CardsPerPage, gutter: number) {
  const { width, height } = papers[paper];
  const { columns, rows } = cardGrids[cardsPerPage];
  return {
    width: round((width - 2 * pageMarginMm - (columns - 1) * gutter) / columns),
    height: round((height - 2 * pageMarginMm - (rows - 1) * gutter) / rows),
  };
}

/** The cards-per-page choices whose QR codes stay scannable on this paper (with a WiFi QR beside, if asked). */
export function cardsPerPageChoices(paper: Paper, withWifiQr = false, textLines = defaultTextLines): CardsPerPage[] {
  return (Object.keys(cardGrids).map(Number) as CardsPerPage[]).filter((count) => {
    const { width, height } = cardSize(paper, count, 0);
    const content = cardContent(width, height, textLines);
    return (withWifiQr ? content.pairQrSide : content.qrSide) >= minimumQrSideMm;
  });
}

function cropMarksFor(cards: CardPlacement[], card: { width: number; height: number }, paper: { width: number; height: number }): Line[] {
  const xs = [...new Set(cards.flatMap(({ x }) => [x, round(x + card.width)]))].sort((a, b) => a - b);
  const ys = [...new Set(cards.flatMap(({ y }) => [y, round(y + card.height)]))].sort((a, b) => a - b);
  const near = cropMarkOffsetMm;
  const far = cropMarkOffsetMm + cropMarkLengthMm;
  const top = pageMarginMm;
  const left = pageMarginMm;
  const bottom = paper.height - pageMarginMm;
  const right = paper.width - pageMarginMm;
  return [
    ...xs.flatMap((x) => [
      { x1: x, y1: round(top - far), x2: x, y2: round(top - near) },
      { x1: x, y1: round(bottom + near), x2: x, y2: round(bottom + far) },
    ]),
    ...ys.flatMap((y) => [
      { x1: round(left - far), y1: y, x2: round(left - near), y2: y },
      { x1: round(right + near), y1: y, x2: round(right + far), y2: y },
    ]),
  ];
}

export function layoutPrintSheet({ paper, cardsPerPage, cardCount, cropMarks, gutter = 0, textLines = defaultTextLines }: PrintSheetOptions): PrintSheetLayout {
  const { columns, rows } = cardGrids[cardsPerPage];
  const card = cardSize(paper, cardsPerPage, gutter);
  const pageCount = Math.ceil(cardCount / cardsPerPage);
  const pages = Array.from({ length: pageCount }, (_, page) => {
    const cards = Array.from({ length: Math.min(cardsPerPage, cardCount - page * cardsPerPage) }, (_, slot) => ({
      index: page * cardsPerPage + slot,
      x: round(pageMarginMm + (slot % columns) * (card.width + gutter)),
      y: round(pageMarginMm + Math.floor(slot / columns) * (card.height + gutter)),
    }));
    return { cards, cropMarks: cropMarks ? cropMarksFor(cards, card, papers[paper]) : [] };
  });
  return { paper: papers[paper], columns, rows, card, content: cardContent(card.width, card.height, textLines), pages };
}

/**
 * The font size (mm) at which a line fits on one line of a card's width, at most `size`: for text set in a monospace
 * font, whose characters are 0.6 em wide (1 em for East Asian ones). A WiFi password is never cut short.
 */
export function fittedFontSize(text: string, width: number, size: number): number {
  const ems = [...text].reduce((sum, character) => sum + ((character.codePointAt(0) ?? 0) >= 0x2e80 ? 1 : 0.6), 0);
  return ems === 0 ? size : Math.min(size, roundDown(width / ems));
}

/** The print CSS the sheet needs: the paper size, no browser margins (the layout has its own). */
export function pageCss(paper: Paper): string {
  return `@page { size: ${papers[paper].cssSize} portrait; margin: 0; }`;
}
