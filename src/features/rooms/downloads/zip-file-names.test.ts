import { describe, expect, it } from 'vitest';
import { qrDownloadFileName } from '../qr-look/qr-file-name';
import { qrZipFileNames, qrZipName } from './zip-file-names';

describe('qrZipFileNames', () => {
  it('names each PNG like its single download', () => {
    expect(
      qrZipFileNames([
        { name: 'Sea View Suite', roomNumber: '10' },
        { name: 'Garden Room', roomNumber: '2' },
      ]),
    ).toEqual([qrDownloadFileName('Sea View Suite'), 'qr-code-garden-room.png']);
  });

  it('adds the room number to rooms whose names give the same file name', () => {
    expect(
      qrZipFileNames([
        { name: 'Double', roomNumber: '101' },
        { name: 'double ', roomNumber: '102' },
        { name: 'Single', roomNumber: '103' },
      ]),
    ).toEqual(['qr-code-double-101.png', 'qr-code-double-102.png', 'qr-code-single.png']);
  });

  it('keeps every name unique, even for rooms with the same name and number', () => {
    const names = qrZipFileNames([
      { name: 'Loft', roomNumber: '7' },
      { name: 'Loft', roomNumber: '7' },
      { name: 'Loft', roomNumber: '7' },
      { name: 'Loft 7', roomNumber: '8' },
    ]);
    expect(names).toEqual(['qr-code-loft-7.png', 'qr-code-loft-7-2.png', 'qr-code-loft-7-3.png', 'qr-code-loft-7-4.png']);
    expect(new Set(names).size).toBe(names.length);
  });

  it('uses the room number when the name leaves nothing for a file name', () => {
    expect(qrZipFileNames([{ name: '???', roomNumber: '12B' }])).toEqual(['qr-code-12b.png']);
  });
});

describe('qrZipName', () => {
  it('names the archive after the property', () => {
    expect(qrZipName('Hotel Miramar')).toBe('qr-codes-hotel-miramar.zip');
    expect(qrZipName('***')).toBe('qr-codes.zip');
  });
});
