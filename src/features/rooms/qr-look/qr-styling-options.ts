import type { Options } from 'qr-code-styling';

export interface QrLook {
  /** What the code encodes: the room's guide URL. */
  data: string;
  primaryColor?: string;
  backgroundColor?: string;
  logoUrl?: string;
  size?: number;
}

/** A room code's image: its side in pixels, and the light margin around the modules. */
export const QR_IMAGE_SIZE = 300;
export const QR_IMAGE_MARGIN = 8;

/**
 * qr-code-styling options for a room's code: highest error correction (H) so a small centre logo and
 * wear on a printed card still scan; style colours with black on white as the default; square modules,
 * which every phone camera reads.
 */
export function qrStylingOptions(look: QrLook, type: 'canvas' | 'svg' = 'canvas'): Partial<Options> {
  const size = look.size ?? QR_IMAGE_SIZE;
  const logo = look.logoUrl?.trim();
  return {
    width: size,
    height: size,
    type,
    data: look.data,
    margin: QR_IMAGE_MARGIN,
    qrOptions: { errorCorrectionLevel: 'H' },
    dotsOptions: { color: look.primaryColor || '#000000', type: 'square' },
    cornersSquareOptions: { color: look.primaryColor || '#000000', type: 'square' },
    cornersDotOptions: { color: look.primaryColor || '#000000', type: 'square' },
    backgroundOptions: { color: look.backgroundColor || '#ffffff' },
    image: logo ? logo : undefined,
    // About 8 % of the side (≈ 24 px on a 300 px code): small enough that error correction H absorbs it.
    imageOptions: { crossOrigin: 'anonymous', hideBackgroundDots: true, imageSize: 0.06, margin: 2 },
  };
}
