/**
 * Rooms from pasted lines or a CSV file: name, room number and, optionally, the room's own WiFi password, one room
 * per line. Parsed by Papa Parse (quoted fields, commas, semicolons or tabs as the spreadsheet wrote them, a UTF-8
 * byte order mark); an optional header row is recognised in the app's seven languages and may order the columns
 * differently. Each row keeps its line number, and the list is checked like every bulk list (checkRoomRows).
 */
import Papa from 'papaparse';
import { checkRoomRows, type BulkRoomRow, type CheckedRoomList } from './bulk-rows';

type Column = 'name' | 'roomNumber' | 'wifiPassword';

/** Header cells (lower case) per column, in en, es, fr, de, it, zh and ja. */
const headerWords: Record<Column, string[]> = {
  name: ['name', 'room name', 'nombre', 'nom', 'nome', 'zimmername', '名称', '房间名称', '名前', '部屋名'],
  roomNumber: [
    'room number',
    'room',
    'number',
    'no',
    'no.',
    'nr',
    'nr.',
    '#',
    'número',
    'numero',
    'habitación',
    'habitacion',
    'número de habitación',
    'numéro',
    'chambre',
    'numéro de chambre',
    'zimmer',
    'nummer',
    'zimmernummer',
    'camera',
    'numero camera',
    'numero di camera',
    '房间',
    '房号',
    '房间号',
    '部屋',
    '部屋番号',
    '番号',
  ],
  wifiPassword: [
    'wifi password',
    'wi-fi password',
    'password',
    'wifi',
    'wi-fi',
    'contraseña',
    'contraseña wifi',
    'contraseña wi-fi',
    'mot de passe',
    'mot de passe wifi',
    'mot de passe wi-fi',
    'passwort',
    'wlan-passwort',
    'wlan passwort',
    'wifi-passwort',
    'password wifi',
    'password wi-fi',
    '密码',
    'wifi密码',
    'wi-fi密码',
    'パスワード',
    'wifiパスワード',
    'wi-fiパスワード',
  ],
};

const positional: Column[] = ['name', 'roomNumber', 'wifiPassword'];

function headerColumn(cell: string): Column | undefined {
  const word = cell.trim().toLowerCase();
  return (Object.keys(headerWords) as Column[]).find((column) => headerWords[column].includes(word));
}

/**
 * The columns a first row names, or null when it is data: a header names at least two columns (or the only one),
 * so a room called "Camera" or "Suite" in the first line stays a room.
 */
function headerColumns(cells: string[]): (Column | undefined)[] | null {
  const columns = cells.map(headerColumn);
  const named = columns.filter(Boolean).length;
  return named > 0 && named >= Math.min(2, cells.length) ? columns : null;
}

export interface ParsedRoomLines extends CheckedRoomList {
  /** The first line was a header row (and is not a room). */
  header: boolean;
  delimiter: string;
  /** Lines with a quote that never closes (the rest of the text became one field). */
  unclosedQuoteLines: number[];
}

/** Passwords are trimmed too: "Room 1, 101, secret" is how people type lists, and no passphrase starts with a space. */
export function parseRoomLines(text: string, existingRoomNumbers: Iterable<string> = []): ParsedRoomLines {
  const input = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  const records: { cells: string[]; line: number }[] = [];
  const unclosedQuoteLines: number[] = [];
  let delimiter = ',';
  let start = 0;
  let line = 1;
  Papa.parse<string[]>(input, {
    delimitersToGuess: [',', ';', '\t'],
    skipEmptyLines: false,
    step: (result) => {
      // meta.cursor is just past the record's line break: the record spans input[start, cursor).
      delimiter = result.meta.delimiter;
      if (result.errors.some((error) => error.code === 'MissingQuotes')) unclosedQuoteLines.push(line);
      if (result.data.some((cell) => cell.trim() !== '')) records.push({ cells: result.data, line });
      line += input.slice(start, result.meta.cursor).split('\n').length - 1;
      start = result.meta.cursor;
    },
  });

  const columns = records.length > 0 ? headerColumns(records[0].cells) : null;
  const body = columns ? records.slice(1) : records;
  const rows: BulkRoomRow[] = body.map(({ cells, line: rowLine }) => {
    const row: BulkRoomRow = { name: '', roomNumber: '', line: rowLine };
    cells.forEach((cell, index) => {
      const column = columns ? columns[index] : positional[index];
      if (column) row[column] = cell.trim();
    });
    return row;
  });
  return { ...checkRoomRows(rows, existingRoomNumbers), header: columns !== null, delimiter, unclosedQuoteLines };
}
