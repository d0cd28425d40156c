import { describe, expect, it } from 'vitest';
import { guideUrl, qrDownloadBaseName, qrDownloadFileName } from './qr-file-name';

describe('qrDownloadFileName', () => {
  it('lowercases the name and turns spaces into hyphens', () => {
    expect(qrDownloadFileName('Sea View Suite')).toBe('qr-code-sea-view-suite.png');
    expect(qrDownloadFileName('Room 101')).toBe('qr-code-room-101.png');
  });

  it('trims and drops characters a file system refuses', () => {
    expect(qrDownloadFileName('  Room 1/2: "Loft"  ')).toBe('qr-code-room-12-loft.png');
  });

  it('keeps non-Latin names', () => {
    expect(qrDownloadFileName('Chambre Été')).toBe('qr-code-chambre-été.png');
    expect(qrDownloadFileName('桜の間')).toBe('qr-code-桜の間.png');
  });

  it('gives the base name without extension for the download API', () => {
    expect(qrDownloadBaseName('Room 7')).toBe('qr-code-room-7');
  });
});

describe('guideUrl', () => {
  it('points at the public guide of the room', () => {
    expect(guideUrl('https://roomguide.app/', 'abc')).toBe('https://roomguide.app/guide/abc');
  });
});
