import jsQR from 'jsqr';
import { qrPath } from '@/lib/qr-path';
import { rasterizeQrPath } from '@/testing/rasterize-qr-path';
import { demoGuide, demoGuideUrl } from './demo-guide';

it('is a real QR code that opens the seeded demo guide', () => {
  const { pixels, width } = rasterizeQrPath(qrPath(demoGuideUrl));
  expect(jsQR(pixels, width, width)?.data).toBe(demoGuideUrl);
  expect(demoGuideUrl).toMatch(new RegExp(`^https?://[^/]+/guide/${demoGuide.id}$`));
});
