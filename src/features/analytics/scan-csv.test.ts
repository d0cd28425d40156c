import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { scanCsvFileName, scanCsvText } from './scan-csv';

const headers = { property: 'Property', roomNumber: 'Room number', roomName: 'Room name', total: 'Total' };

describe('scanCsvText', () => {
  const text = scanCsvText(
    {
      days: ['2026-03-01', '2026-03-02'],
      rooms: [
        { property: 'Hôtel "Mer", Nice', roomNumber: '101', roomName: 'Zimmer Müller', total: 3, daily: [3, 0] },
        { property: 'Hôtel "Mer", Nice', roomNumber: '102', roomName: '=1+1', total: 0, daily: [0, 0] },
      ],
    },
    headers,
  );

  it('starts with a UTF-8 byte-order mark and one header row with a column per day, lines ending in CRLF', () => {
    expect(text.startsWith('\uFEFFProperty,Room number,Room name,Total,2026-03-01,2026-03-02\r\n')).toBe(true);
    expect(text.split('\r\n')).toHaveLength(3);
  });

  it('quotes commas and quotes, keeps non-ASCII text, and reads back to the same values', () => {
    const parsed = Papa.parse<string[]>(text.slice(1), { skipEmptyLines: true });
    expect(parsed.data[1]).toEqual(['Hôtel "Mer", Nice', '101', 'Zimmer Müller', '3', '3', '0']);
  });

  it('keeps a room name that looks like a formula as text', () => {
    const parsed = Papa.parse<string[]>(text.slice(1), { skipEmptyLines: true });
    expect(parsed.data[2]?.[2]).toBe("'=1+1");
  });

  it('answers only the header row when there are no rooms', () => {
    expect(scanCsvText({ days: ['2026-03-01'], rooms: [] }, headers)).toBe('\uFEFFProperty,Room number,Room name,Total,2026-03-01');
  });
});

describe('scanCsvFileName', () => {
  it('names the range', () => expect(scanCsvFileName('2026-03-01', '2026-03-30')).toBe('roomguide-scans-2026-03-01-to-2026-03-30.csv'));
});
