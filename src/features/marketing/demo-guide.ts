/**
 * The demo guide the landing page's room card points at: the seeded demo hotel's room 101 (supabase/seed.sql),
 * which exists after `npm start` and in any project seeded with `db push --include-seed`.
 */
import qrcode from 'qrcode-generator';
import { env } from '@/lib/env';

export const demoGuide = { id: '33333333-3333-4333-8333-333333333101', roomName: 'Sea View Double', roomNumber: '101' } as const;

export const demoGuidePath = `/guide/${demoGuide.id}`;

/** The absolute URL the printed code encodes: the site's origin is known at build time (VITE_SITE_URL). */
export const demoGuideUrl = `${env.siteUrl}${demoGuidePath}`;

/** A QR code as one SVG path (each run of dark modules in a row is one rectangle), `size` modules square. */
export function qrPath(text: string): { size: number; path: string } {
  const qr = qrcode(0, 'M');
  qr.addData(text);
  qr.make();
  const size = qr.getModuleCount();
  let path = '';
  for (let row = 0; row < size; row++) {
    for (let column = 0; column < size; column++) {
      if (!qr.isDark(row, column)) continue;
      let run = 1;
      while (column + run < size && qr.isDark(row, column + run)) run++;
      path += `M${column} ${row}h${run}v1h-${run}z`;
      column += run - 1;
    }
  }
  return { size, path };
}
