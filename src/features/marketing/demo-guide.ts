/**
 * The demo guide the landing page's room card points at: the seeded demo hotel's room 101 (supabase/seed.sql),
 * which exists after `npm start` and in any project seeded with `db push --include-seed`.
 */
import { env } from '@/lib/env';
import { guidePath, guideUrl } from '@/lib/guide-url';

export const demoGuide = { id: '33333333-3333-4333-8333-333333333101', roomName: 'Sea View Double', roomNumber: '101' } as const;

export const demoGuidePath = guidePath(demoGuide.id);

/** The absolute URL the printed code encodes: the site's origin is known at build time (VITE_SITE_URL). */
export const demoGuideUrl = guideUrl(env.siteUrl, demoGuide.id);
