import jsQR from 'jsqr';
import { env } from '@/lib/env';
import { qrPath } from '@/lib/qr-path';
import { rasterizeQrPath } from '@/testing/rasterize-qr-path';
import { demoGuide, demoGuideUrlOn } from './demo-guide';
import { demoGuideQr } from './demo-guide-qr';

it('is a real QR code that opens the seeded demo guide', () => {
  const demoGuideUrl = demoGuideUrlOn(env.siteUrl);
  const { pixels, width } = rasterizeQrPath(qrPath(demoGuideUrl));
  expect(jsQR(pixels, width, width)?.data).toBe(demoGuideUrl);
  expect(demoGuideUrl).toMatch(new RegExp(`^https?://[^/]+/guide/${demoGuide.id}$`));
});

it('is drawn at build time as the app would draw it, for the site the app is built for', () => {
  expect(demoGuideQr).toEqual(qrPath(demoGuideUrlOn(env.siteUrl)));
  const { pixels, width } = rasterizeQrPath(demoGuideQr);
  expect(jsQR(pixels, width, width)?.data).toBe(demoGuideUrlOn(env.siteUrl));
});
