import { describe, expect, it } from 'vitest';
import { parseRoomLines } from './room-lines';

const simple = (text: string, existing: string[] = []) =>
  parseRoomLines(text, existing).rows.map(({ name, roomNumber, wifiPassword, line }) => ({ name, roomNumber, wifiPassword, line }));

describe('parseRoomLines', () => {
  it('reads pasted lines: name, number and an optional WiFi password, skipping blank lines', () => {
    expect(simple('Room 101, 101, sunset\n\nRoom 102, 102\n')).toEqual([
      { name: 'Room 101', roomNumber: '101', wifiPassword: 'sunset', line: 1 },
      { name: 'Room 102', roomNumber: '102', wifiPassword: undefined, line: 3 },
    ]);
  });

  it('detects semicolons and tabs as spreadsheets write them', () => {
    expect(parseRoomLines('Room 1;1;pw1\nRoom 2;2;pw2').delimiter).toBe(';');
    expect(simple('Room 1;1;pw1\nRoom 2;2;pw2')[1]).toMatchObject({ name: 'Room 2', roomNumber: '2', wifiPassword: 'pw2' });
    expect(simple('Room 1\t1\tpw1\nRoom 2\t2\tpw2')[0]).toMatchObject({ name: 'Room 1', roomNumber: '1', wifiPassword: 'pw1' });
  });

  it('keeps quoted fields whole: delimiters, quotes and line breaks inside', () => {
    const rows = simple('"Suite ""Azul"", sea view",12,"p,w;1"\n"Two\nlines",13\nLast,14');
    expect(rows).toEqual([
      { name: 'Suite "Azul", sea view', roomNumber: '12', wifiPassword: 'p,w;1', line: 1 },
      { name: 'Two\nlines', roomNumber: '13', wifiPassword: undefined, line: 2 },
      { name: 'Last', roomNumber: '14', wifiPassword: undefined, line: 4 },
    ]);
  });

  it('ignores a UTF-8 byte order mark and Windows line ends', () => {
    const result = parseRoomLines('\uFEFFName;Room number;WiFi password\r\nZimmer 1;1;geheim\r\n');
    expect(result.header).toBe(true);
    expect(result.rows.map(({ name, roomNumber, wifiPassword, line }) => ({ name, roomNumber, wifiPassword, line }))).toEqual([
      { name: 'Zimmer 1', roomNumber: '1', wifiPassword: 'geheim', line: 2 },
    ]);
  });

  it('recognises a header in any of the seven languages, in any column order', () => {
    const headers = [
      'Room number,Name,WiFi password',
      'número de habitación,nombre,contraseña',
      'numéro de chambre,nom,mot de passe',
      'Zimmernummer,Name,Passwort',
      'numero camera,nome,password wifi',
      '房间号,名称,密码',
      '部屋番号,名前,パスワード',
    ];
    for (const header of headers) {
      const result = parseRoomLines(`${header}\n7,Garden,pw-7`);
      expect(result.header, header).toBe(true);
      expect(
        result.rows.map(({ name, roomNumber, wifiPassword }) => ({ name, roomNumber, wifiPassword })),
        header,
      ).toEqual([{ name: 'Garden', roomNumber: '7', wifiPassword: 'pw-7' }]);
    }
  });

  it('treats a first line of data as a room, even when a word in it looks like a column name', () => {
    expect(parseRoomLines('Camera,12,pw').header).toBe(false);
    expect(simple('Camera,12,pw')).toEqual([{ name: 'Camera', roomNumber: '12', wifiPassword: 'pw', line: 1 }]);
  });

  it('reports per-row problems: missing name or number, duplicates in the input, too long, already taken', () => {
    const result = parseRoomLines(`,101\nRoom 102,\nRoom 103,103\nAgain,103\nLong,${'9'.repeat(21)}\nTaken,201`, ['201']);
    expect(result.ready).toBe(false);
    expect(result.rows.map((row) => [row.line, row.problems])).toEqual([
      [1, [{ field: 'name', kind: 'missing' }]],
      [2, [{ field: 'roomNumber', kind: 'missing' }]],
      [3, []],
      [4, [{ field: 'roomNumber', kind: 'duplicate', firstLine: 3 }]],
      [5, [{ field: 'roomNumber', kind: 'tooLong', limit: 20 }]],
      [6, [{ field: 'roomNumber', kind: 'taken' }]],
    ]);
  });

  it('names the line of a quote that never closes', () => {
    const result = parseRoomLines('Room 1,1\n"Room 2,2\nRoom 3,3');
    expect(result.unclosedQuoteLines).toEqual([2]);
    expect(result.rows).toHaveLength(2);
  });

  it('gives an empty, not-ready list for empty input', () => {
    expect(parseRoomLines('  \n\n')).toMatchObject({ rows: [], ready: false, header: false });
  });
});
