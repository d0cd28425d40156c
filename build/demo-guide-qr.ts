/**
 * The landing card's QR code as a build constant (`__DEMO_GUIDE_QR__`, read by src/features/marketing/demo-guide-qr.ts):
 * the demo guide's address on the site's origin (VITE_SITE_URL), drawn once here instead of in every visitor's browser.
 * The app's build, the prerendering of its pages and the unit tests define it alike.
 */
import { demoGuideUrlOn } from '../src/features/marketing/demo-guide.ts';
import { siteUrlFrom } from '../src/lib/env-defaults.ts';
import { qrPath } from '../src/lib/qr-path.ts';

export function demoGuideQrDefine(siteUrl: string | undefined): Record<string, string> {
  return { __DEMO_GUIDE_QR__: JSON.stringify(qrPath(demoGuideUrlOn(siteUrlFrom(siteUrl)))) };
}
