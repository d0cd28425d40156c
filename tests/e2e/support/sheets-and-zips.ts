/** What the bulk rooms browser tests read off a print sheet and a ZIP: cards in their bounds, pages, codes, entries. */
import { unzipSync } from 'fflate';
import jsQR from 'jsqr';
import Papa from 'papaparse';
import { PNG } from 'pngjs';
import type { Download, Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Every card of the sheet lies inside its page and everything a card shows (codes, labels, text) inside the card, so
 * a printed page never cuts or overlaps one; answers what is out of place.
 */
export async function cardsOutsideTheirBounds(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const inside = (inner: DOMRect, outer: DOMRect) =>
      inner.left >= outer.left - 0.5 && inner.top >= outer.top - 0.5 && inner.right <= outer.right + 0.5 && inner.bottom <= outer.bottom + 0.5;
    document.querySelectorAll('[data-testid=print-page]').forEach((sheetPage, pageIndex) => {
      const pageBox = sheetPage.getBoundingClientRect();
      sheetPage.querySelectorAll('[data-testid=print-card]').forEach((card, cardIndex) => {
        const cardBox = card.getBoundingClientRect();
        if (!inside(cardBox, pageBox)) problems.push(`page ${pageIndex + 1}, card ${cardIndex + 1} leaves its page`);
        card.querySelectorAll('*').forEach((part) => {
          if (!inside(part.getBoundingClientRect(), cardBox))
            problems.push(`page ${pageIndex + 1}, card ${cardIndex + 1}: ${part.tagName} ${part.textContent ?? ''} leaves the card`);
        });
      });
    });
    return problems;
  });
}

/** Pages of the PDF Chromium prints the sheet to ("Save as PDF"). */
export async function printedPages(page: Page): Promise<number> {
  const pdf = (await page.pdf({ preferCSSPageSize: true, printBackground: true })).toString('latin1');
  return pdf.match(/\/Type\s*\/Page(?![s\w])/g)?.length ?? 0;
}

/** Decodes one code of the sheet from a screenshot of it. */
export async function decodeCode(page: Page, name: string): Promise<string | undefined> {
  const png = PNG.sync.read(await page.getByRole('img', { name, exact: true }).screenshot());
  return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data;
}

/** The files of a downloaded ZIP, by name. */
export async function zipEntries(download: Download): Promise<Record<string, Uint8Array>> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return unzipSync(new Uint8Array(Buffer.concat(chunks)));
}

/** The ZIP's rooms.csv after its header (English headers checked), a line per room. */
export function roomsCsvLines(entries: Record<string, Uint8Array>): string[][] {
  const [header, ...lines] = Papa.parse<string[]>(new TextDecoder().decode(entries['rooms.csv']).replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data;
  expect(header).toEqual(['Room number', 'Room name', 'Guide link', 'QR code image']);
  return lines;
}

/** The rooms whose guide codes a print sheet shows, in its order (from the codes' names). */
export async function sheetRooms(page: Page): Promise<string[]> {
  const names = await page.getByRole('img', { name: /^QR code for / }).evaluateAll((codes) => codes.map((code) => code.getAttribute('aria-label') ?? ''));
  return names.map((name) => name.replace('QR code for ', ''));
}

/** Each pixel's colour (`#rrggbb`), at index `y * width + x`. */
export function pixelColours(png: PNG): string[] {
  return Array.from(
    { length: png.width * png.height },
    (_, at) => `#${[...png.data.subarray(at * 4, at * 4 + 3)].map((value) => value.toString(16).padStart(2, '0')).join('')}`,
  );
}
