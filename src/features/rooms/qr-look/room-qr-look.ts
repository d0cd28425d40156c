/**
 * The QR look of a room for print sheets and "Download all": its guide URL in the colours and logo its guests see,
 * read from the merged guide (the `guide` computed field of qr_codes, the room's fields over its property's).
 * Colours the guide leaves empty come from its template, as the create form fills them.
 */
import { guideUrl } from './qr-file-name';
import type { QrLook } from './qr-styling-options';
import { isGuideTemplate } from '@/lib/guide-fields';
import { templateColors } from '../templates';

/** The part of the merged guide JSON the look needs. */
export interface GuideLook {
  template: string | null;
  style: { primaryColor?: string | null; backgroundColor?: string | null; logoUrl?: string | null } | null;
}

/** The look of a `guide` computed field's JSON, read defensively. */
export function guideLookOf(guide: unknown): GuideLook {
  const object = guide !== null && typeof guide === 'object' ? (guide as Record<string, unknown>) : {};
  const style = object.style !== null && typeof object.style === 'object' ? (object.style as GuideLook['style']) : null;
  return { template: typeof object.template === 'string' ? object.template : null, style };
}

/**
 * Share of the side kept clear for a logo on the print sheet and in "Download all": a little more than
 * qr-code-styling hides, so the logo has a margin.
 */
export const logoClearShare = 0.1;

const colourPattern = /^#[0-9a-fA-F]{6}$/;
const colour = (value: string | null | undefined, fallback: string) => (value && colourPattern.test(value) ? value : fallback);

export function roomQrLook(origin: string, roomId: string, guide: GuideLook): QrLook {
  const fallback = templateColors[isGuideTemplate(guide.template) ? guide.template : 'custom'];
  const logoUrl = guide.style?.logoUrl?.trim();
  return {
    data: guideUrl(origin, roomId),
    primaryColor: colour(guide.style?.primaryColor, fallback.primaryColor),
    backgroundColor: colour(guide.style?.backgroundColor, fallback.backgroundColor),
    ...(logoUrl ? { logoUrl } : {}),
  };
}
