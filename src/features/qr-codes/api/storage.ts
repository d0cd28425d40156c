/** The public bucket that holds room photos and logos (docs/architecture.md §3). */
export const qrImagesBucket = 'qr_images';
