/** The public bucket that holds room photos and logos (DESIGN.md §3). */
export const qrImagesBucket = 'qr_images';
