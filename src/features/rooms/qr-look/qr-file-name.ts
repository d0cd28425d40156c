/** A name lowercased, spaces to hyphens, minus characters no file system accepts. */
export function fileNameSlug(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/[/\\?%*:|"<>]/g, '')
    .replace(/\s+/g, '-');
}

/** `qr-code-{name lowercased, spaces to hyphens}.png`, minus characters no file system accepts. */
export function qrDownloadFileName(name: string): string {
  return `qr-code-${fileNameSlug(name)}.png`;
}

/** The download API of qr-code-styling takes the name without the extension. */
export function qrDownloadBaseName(name: string): string {
  return qrDownloadFileName(name).replace(/\.png$/, '');
}

/** What the QR code encodes: the room's public guide. */
export { guideUrl } from '@/lib/guide-url';
