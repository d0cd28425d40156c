/**
 * File names inside the "Download all" ZIP: each room's PNG is named like its single download
 * (`qr-code-{name lowercased, spaces to hyphens}.png`). Rooms whose names give the same file name get their room
 * number added (`qr-code-double-101.png`, `qr-code-double-102.png`); anything still equal gets -2, -3 …
 */
import { fileNameSlug, qrDownloadFileName } from '../qr-look/qr-file-name';

export interface NamedRoom {
  name: string;
  roomNumber: string;
}

export function qrZipFileNames(rooms: readonly NamedRoom[]): string[] {
  const baseNames = rooms.map((room) => (fileNameSlug(room.name) === '' ? qrDownloadFileName(room.roomNumber) : qrDownloadFileName(room.name)));
  const uses = new Map<string, number>();
  for (const name of baseNames) uses.set(name, (uses.get(name) ?? 0) + 1);
  const taken = new Set<string>();
  return rooms.map((room, index) => {
    const base = baseNames[index];
    const withNumber = uses.get(base) === 1 ? base : base.replace(/\.png$/, `-${fileNameSlug(room.roomNumber)}.png`);
    let candidate = withNumber;
    for (let copy = 2; taken.has(candidate); copy++) candidate = withNumber.replace(/\.png$/, `-${copy}.png`);
    taken.add(candidate);
    return candidate;
  });
}

/** `qr-codes-{property name lowercased, spaces to hyphens}.zip` */
export function qrZipName(propertyName: string): string {
  const slug = fileNameSlug(propertyName);
  return slug === '' ? 'qr-codes.zip' : `qr-codes-${slug}.zip`;
}
