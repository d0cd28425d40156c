/** The public bucket that holds room photos and logos (docs/architecture.md §3). */
export const roomImagesBucket = 'qr_images';
