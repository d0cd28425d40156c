/**
 * Draws a room's QR look as PNG bytes in the browser, with the same library and options as the single download
 * (qr-code-styling, error correction H), loaded on first use.
 */
import { qrStylingOptions, type QrLook } from '../qr-look/qr-styling-options';
import type { RenderQrPng } from './qr-zip';

export const renderQrPng: RenderQrPng = async (look: QrLook) => {
  const { default: QRCodeStyling } = await import('qr-code-styling');
  const data = await new QRCodeStyling(qrStylingOptions(look, 'canvas')).getRawData('png');
  if (!(data instanceof Blob)) throw new Error('The QR code could not be drawn.');
  return new Uint8Array(await data.arrayBuffer());
};
