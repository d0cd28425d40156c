/**
 * CSV that spreadsheet programs open as they should: UTF-8 with a byte-order mark (without it Excel reads UTF-8 as the
 * system's code page and garbles "Zimmer Müller" or "房间"), comma-separated, CRLF lines, quoted where a value needs
 * it, and a cell that starts like a formula (= + - @) kept as text, so a room named "=HYPERLINK(…)" runs nothing
 * (papaparse's `unparse`, the same library that reads the bulk rooms CSV).
 */
import Papa from 'papaparse';

const byteOrderMark = '\uFEFF';

/** The text of a CSV file: `header`, then one line per row. */
export function spreadsheetCsv(header: readonly string[], rows: readonly (readonly (string | number)[])[]): string {
  // papaparse's types ask for mutable arrays; it only reads them.
  return byteOrderMark + Papa.unparse([header, ...rows] as unknown[][], { newline: '\r\n', escapeFormulae: true });
}
