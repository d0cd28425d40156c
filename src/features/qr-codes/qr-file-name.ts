/** `qr-code-{name lowercased, spaces to hyphens}.png`, minus characters no file system accepts. */
export function qrDownloadFileName(name: string): string {
  const slug = name
    .trim()
    .toLowerCase()
    .replace(/[/\\?%*:|"<>]/g, '')
    .replace(/\s+/g, '-');
  return `qr-code-${slug}.png`;
}

/** The download API of qr-code-styling takes the name without the extension. */
export function qrDownloadBaseName(name: string): string {
  return qrDownloadFileName(name).replace(/\.png$/, '');
}

/** What the QR code encodes: the room's public guide. */
export function guideUrl(origin: string, qrCodeId: string): string {
  return `${origin.replace(/\/+$/, '')}/guide/${qrCodeId}`;
}
