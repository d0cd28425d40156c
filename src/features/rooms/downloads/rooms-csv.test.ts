import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { qrImageJobs, type RoomForDownload } from './qr-zip';
import { roomsCsvText } from './rooms-csv';

const headers = { roomNumber: 'Zimmernummer', roomName: 'Zimmername', guideLink: 'Link zum Guide', qrImage: 'QR-Code-Bild' };
const guide = { template: null, style: { primaryColor: null, backgroundColor: null, logoUrl: null } };
const rooms: RoomForDownload[] = [
  { id: '00000000-0000-4000-8000-000000000001', name: 'Suite "Müller", east', roomNumber: '12A', guide },
  { id: '00000000-0000-4000-8000-000000000002', name: '=HYPERLINK("x")', roomNumber: '13', guide },
];

describe('rooms.csv of the ZIP', () => {
  it('has a line per room: number, name, guide link and its PNG in the ZIP, under headers in the host’s language', () => {
    const jobs = qrImageJobs('https://roomguide.app', rooms);
    const text = roomsCsvText(rooms, jobs, headers);
    expect(text.charCodeAt(0)).toBe(0xfeff);
    expect(text).toContain('\r\n');
    const parsed = Papa.parse<string[]>(text.slice(1), { skipEmptyLines: true }).data;
    expect(parsed).toEqual([
      ['Zimmernummer', 'Zimmername', 'Link zum Guide', 'QR-Code-Bild'],
      ['12A', 'Suite "Müller", east', jobs[0].look.data, jobs[0].fileName],
      // A name that starts like a formula stays text in a spreadsheet.
      ['13', `'=HYPERLINK("x")`, jobs[1].look.data, jobs[1].fileName],
    ]);
    expect(jobs[0].look.data).toBe('https://roomguide.app/guide/00000000-0000-4000-8000-000000000001');
  });
});
