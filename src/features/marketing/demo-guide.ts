/**
 * The demo guide the landing page's room card points at: the seeded demo hotel's room 101 (supabase/seed.sql),
 * which exists after `npm start` and in any project seeded with `db push --include-seed`. No imports but the guide's
 * address: the build draws the card's code from it (build/demo-guide-qr.ts).
 */
import { guidePath, guideUrl } from '../../lib/guide-url.ts';

export const demoGuide = { id: '33333333-3333-4333-8333-333333333101', roomName: 'Sea View Double', roomNumber: '101' } as const;

export const demoGuidePath = guidePath(demoGuide.id);

/** The absolute URL the printed code encodes, on the site's origin (VITE_SITE_URL, known at build time). */
export const demoGuideUrlOn = (siteUrl: string) => guideUrl(siteUrl, demoGuide.id);
