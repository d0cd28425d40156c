/**
 * The landing card's QR code, drawn when the app is built (build/demo-guide-qr.ts defines `__DEMO_GUIDE_QR__`): the
 * landing page neither loads qrcode-generator nor runs it while it hydrates (60–230 ms of a phone's main thread
 * before the page answered a tap, measured with 4× CPU slowdown).
 */
import type { QrPath } from '@/lib/qr-path';

declare const __DEMO_GUIDE_QR__: QrPath;

export const demoGuideQr: QrPath = __DEMO_GUIDE_QR__;
