import { describe, expect, it } from 'vitest';
import {
  cardCodesWidth,
  cardContentHeight,
  cardGrids,
  cardsPerPageChoices,
  fittedFontSize,
  layoutPrintSheet,
  minimumQrSideMm,
  pageCss,
  pageMarginMm,
  papers,
  type CardsPerPage,
  type Paper,
} from './print-layout';

const papersToTest: Paper[] = ['a4', 'letter'];
const counts = Object.keys(cardGrids).map(Number) as CardsPerPage[];

describe('layoutPrintSheet', () => {
  it('gives A4 with 8 cards a 2 × 4 grid of 95 × 69.25 mm cards', () => {
    const layout = layoutPrintSheet({ paper: 'a4', cardsPerPage: 8, cardCount: 8, cropMarks: false });
    expect(layout).toMatchObject({ columns: 2, rows: 4, card: { width: 95, height: 69.25 } });
    expect(layout.pages[0].cards.map(({ x, y }) => [x, y])).toEqual([
      [10, 10],
      [105, 10],
      [10, 79.25],
      [105, 79.25],
      [10, 148.5],
      [105, 148.5],
      [10, 217.75],
      [105, 217.75],
    ]);
  });

  it('gives US Letter with 4 cards 97.95 × 129.7 mm cards', () => {
    expect(layoutPrintSheet({ paper: 'letter', cardsPerPage: 4, cardCount: 1, cropMarks: false }).card).toEqual({ width: 97.95, height: 129.7 });
  });

  for (const paper of papersToTest) {
    for (const cardsPerPage of counts) {
      it(`${paper}, ${cardsPerPage} per page: every card lies inside the margins of one page, none overlaps, rooms in order`, () => {
        const cardCount = cardsPerPage * 2 + 1;
        const layout = layoutPrintSheet({ paper, cardsPerPage, cardCount, cropMarks: true, gutter: cardsPerPage > 1 ? 3 : 0 });
        const { width, height } = papers[paper];
        expect(layout.pages).toHaveLength(3);
        expect(layout.pages.flatMap((page) => page.cards.map((card) => card.index))).toEqual(Array.from({ length: cardCount }, (_, i) => i));
        for (const page of layout.pages) {
          for (const card of page.cards) {
            expect(card.x).toBeGreaterThanOrEqual(pageMarginMm);
            expect(card.y).toBeGreaterThanOrEqual(pageMarginMm);
            expect(card.x + layout.card.width).toBeLessThanOrEqual(width - pageMarginMm + 0.01);
            expect(card.y + layout.card.height).toBeLessThanOrEqual(height - pageMarginMm + 0.01);
          }
          for (const [i, a] of page.cards.entries()) {
            for (const b of page.cards.slice(i + 1)) {
              const apart =
                a.x + layout.card.width <= b.x + 0.01 ||
                b.x + layout.card.width <= a.x + 0.01 ||
                a.y + layout.card.height <= b.y + 0.01 ||
                b.y + layout.card.height <= a.y + 0.01;
              expect(apart).toBe(true);
            }
          }
        }
      });
    }
  }

  it('puts crop marks on every cut line, in the margin, never on a card or off the page', () => {
    const layout = layoutPrintSheet({ paper: 'a4', cardsPerPage: 8, cardCount: 8, cropMarks: true });
    const [page] = layout.pages;
    // Three vertical cuts (x = 10, 105, 200) and five horizontal ones, each marked at both ends.
    expect(page.cropMarks).toHaveLength(2 * 3 + 2 * 5);
    for (const mark of page.cropMarks) {
      for (const [x, y] of [
        [mark.x1, mark.y1],
        [mark.x2, mark.y2],
      ]) {
        expect(x).toBeGreaterThanOrEqual(0);
        expect(y).toBeGreaterThanOrEqual(0);
        expect(x).toBeLessThanOrEqual(210);
        expect(y).toBeLessThanOrEqual(297);
        const onCard = page.cards.some((card) => x > card.x && x < card.x + layout.card.width && y > card.y && y < card.y + layout.card.height);
        expect(onCard).toBe(false);
      }
      const inMargin =
        [mark.y1, mark.y2].every((y) => y < pageMarginMm || y > 297 - pageMarginMm) ||
        [mark.x1, mark.x2].every((x) => x < pageMarginMm || x > 210 - pageMarginMm);
      expect(inMargin).toBe(true);
    }
    expect(new Set(page.cropMarks.filter((mark) => mark.x1 === mark.x2).map((mark) => mark.x1))).toEqual(new Set([10, 105, 200]));
  });

  it('marks only the cuts of the cards a last, partly filled page holds', () => {
    const layout = layoutPrintSheet({ paper: 'a4', cardsPerPage: 8, cardCount: 9, cropMarks: true });
    expect(layout.pages[1].cards).toEqual([{ index: 8, x: 10, y: 10 }]);
    expect(new Set(layout.pages[1].cropMarks.filter((mark) => mark.x1 === mark.x2).map((mark) => mark.x1))).toEqual(new Set([10, 105]));
  });

  it('has no crop marks unless asked, and no pages without cards', () => {
    expect(layoutPrintSheet({ paper: 'a4', cardsPerPage: 4, cardCount: 4, cropMarks: false }).pages[0].cropMarks).toEqual([]);
    expect(layoutPrintSheet({ paper: 'a4', cardsPerPage: 4, cardCount: 0, cropMarks: true }).pages).toEqual([]);
  });

  it('keeps the QR codes large enough to scan on every offered choice', () => {
    for (const paper of papersToTest) {
      expect(cardsPerPageChoices(paper)).toEqual([1, 2, 4, 6, 8]);
      for (const cardsPerPage of cardsPerPageChoices(paper, true)) {
        expect(layoutPrintSheet({ paper, cardsPerPage, cardCount: 1, cropMarks: false }).content.pairQrSide).toBeGreaterThanOrEqual(minimumQrSideMm);
      }
    }
    const { content, card } = layoutPrintSheet({ paper: 'a4', cardsPerPage: 1, cardCount: 1, cropMarks: false });
    expect(content.qrSide).toBeLessThanOrEqual(card.width - 2 * content.padding);
  });
});

describe('cardContent', () => {
  for (const paper of papersToTest) {
    for (const cardsPerPage of counts) {
      for (const withWifiQr of [false, true]) {
        it(`${paper}, ${cardsPerPage} per page${withWifiQr ? ', guide and WiFi codes' : ''}: the codes and text fit inside the card’s padding`, () => {
          const { card, content } = layoutPrintSheet({ paper, cardsPerPage, cardCount: 1, cropMarks: false });
          expect(cardContentHeight(content, withWifiQr)).toBeLessThanOrEqual(card.height - 2 * content.padding);
          expect(cardCodesWidth(content, withWifiQr)).toBeLessThanOrEqual(card.width - 2 * content.padding);
        });
      }
    }
  }

  it('gives A4 with 8 cards a 37 mm guide code, or two 32 mm codes side by side, under room, number, hotel and caption', () => {
    const { content } = layoutPrintSheet({ paper: 'a4', cardsPerPage: 8, cardCount: 1, cropMarks: false });
    expect(content).toMatchObject({ qrSide: 37.8, pairQrSide: 32.8, pairDirection: 'row', textLines: 3, innerWidth: 86.68 });
  });

  it('makes the codes smaller by the two lines of the WiFi as text, and never lets a card grow', () => {
    const { content, card } = layoutPrintSheet({ paper: 'a4', cardsPerPage: 8, cardCount: 1, cropMarks: false, textLines: 5 });
    expect(content).toMatchObject({ qrSide: 26.55, pairQrSide: 21.55, textLines: 5 });
    expect(cardContentHeight(content, false) + 2 * content.padding).toBeLessThanOrEqual(card.height);
    // Two codes side by side would be under 25 mm: 8 a page is not offered with both.
    expect(cardsPerPageChoices('a4', true, 5)).toEqual([1, 2, 4, 6]);
  });

  it('puts the two codes one above the other on tall cards, where that makes them larger', () => {
    const four = layoutPrintSheet({ paper: 'a4', cardsPerPage: 4, cardCount: 1, cropMarks: false }).content;
    expect(four).toMatchObject({ pairDirection: 'column', pairQrSide: 46.48 });
    expect(layoutPrintSheet({ paper: 'a4', cardsPerPage: 1, cardCount: 1, cropMarks: false }).content.pairDirection).toBe('column');
    expect(layoutPrintSheet({ paper: 'a4', cardsPerPage: 6, cardCount: 1, cropMarks: false }).content.pairDirection).toBe('row');
  });

  it('offers every cards-per-page choice with the WiFi code too: both codes stay at least 25 mm', () => {
    for (const paper of papersToTest) expect(cardsPerPageChoices(paper, true)).toEqual([1, 2, 4, 6, 8]);
  });
});

describe('fittedFontSize', () => {
  it('keeps the card’s text size for a line that fits, and shrinks a long one until it fits whole', () => {
    expect(fittedFontSize('Password: sunny-days', 86.68, 3.7)).toBe(3.7);
    // 73 characters of 0.6 em: 43.8 em in 86.68 mm.
    expect(fittedFontSize(`Password: ${'x'.repeat(63)}`, 86.68, 3.7)).toBe(1.97);
    // East Asian characters are 1 em wide.
    expect(fittedFontSize('密码'.repeat(20), 20, 3.7)).toBe(0.5);
    expect(fittedFontSize('', 20, 3.7)).toBe(3.7);
  });
});

describe('pageCss', () => {
  it('sets the paper and leaves the margins to the layout', () => {
    expect(pageCss('a4')).toBe('@page { size: A4 portrait; margin: 0; }');
    expect(pageCss('letter')).toBe('@page { size: letter portrait; margin: 0; }');
  });
});
