import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { scanCsvFileName, scanCsvText } from './scan-csv';

const headers = { day: 'Day (UTC)', property: 'Property', roomNumber: 'Room number', roomName: 'Room name', scans: 'Scans' };

describe('scanCsvText', () => {
  const text = scanCsvText(
    [
      { day: '2026-03-01', property: 'Hôtel "Mer", Nice', roomNumber: '101', roomName: 'Zimmer Müller', scans: 3 },
      { day: '2026-03-01', property: 'Hôtel "Mer", Nice', roomNumber: '102', roomName: '=1+1', scans: 0 },
    ],
    headers,
  );

  it('starts with a UTF-8 byte-order mark and one header row, lines ending in CRLF', () => {
    expect(text.startsWith('\uFEFFDay (UTC),Property,Room number,Room name,Scans\r\n')).toBe(true);
    expect(text.split('\r\n')).toHaveLength(3);
  });

  it('quotes commas and quotes, keeps non-ASCII text, and reads back to the same values', () => {
    const parsed = Papa.parse<string[]>(text.slice(1), { skipEmptyLines: true });
    expect(parsed.data[1]).toEqual(['2026-03-01', 'Hôtel "Mer", Nice', '101', 'Zimmer Müller', '3']);
  });

  it('keeps a room name that looks like a formula as text', () => {
    const parsed = Papa.parse<string[]>(text.slice(1), { skipEmptyLines: true });
    expect(parsed.data[2]?.[3]).toBe("'=1+1");
  });

  it('answers only the header row when there are no records', () => {
    expect(scanCsvText([], headers)).toBe('\uFEFFDay (UTC),Property,Room number,Room name,Scans');
  });
});

describe('scanCsvFileName', () => {
  it('names the range', () => expect(scanCsvFileName('2026-03-01', '2026-03-30')).toBe('roomguide-scans-2026-03-01-to-2026-03-30.csv'));
});
