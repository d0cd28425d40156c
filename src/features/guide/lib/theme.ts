/**
 * The guide's colours: the template's pair (spec: luxury gold on black, beach blue on cornsilk, cabin green on
 * brown, custom black on white), overridden by the host's own style colours, plus the derived colours that keep
 * every text readable (WCAG contrast) whatever the host picked. The shades are the ones the QR form uses
 * (src/features/rooms/templates.ts), so a room's guide matches its printed code.
 */
import { isGuideTemplate, type GuideTemplate } from '@/lib/guide-fields';

export const TEMPLATE_COLORS: Record<GuideTemplate, { primary: string; background: string }> = {
  luxury: { primary: '#d4af37', background: '#000000' },
  beach: { primary: '#1e5aa8', background: '#fff8dc' },
  cabin: { primary: '#1f4d2b', background: '#d2b48c' },
  custom: { primary: '#000000', background: '#ffffff' },
};

export interface GuideTheme {
  primary: string;
  background: string;
  /** Body text on the background. */
  text: string;
  /** Text on a primary-coloured button. */
  onPrimary: string;
  /** Headings, links and icons on the background: the primary colour when it reads well there, else the text colour. */
  accent: string;
}

const HEX_COLOR = /^#([0-9a-f]{6}|[0-9a-f]{3})$/i;

export function normalizeHex(value: unknown): string | null {
  if (typeof value !== 'string' || !HEX_COLOR.test(value.trim())) return null;
  const hex = value.trim().toLowerCase();
  return hex.length === 4 ? `#${hex[1]}${hex[1]}${hex[2]}${hex[2]}${hex[3]}${hex[3]}` : hex;
}

function channel(value: number): number {
  const srgb = value / 255;
  return srgb <= 0.03928 ? srgb / 12.92 : ((srgb + 0.055) / 1.055) ** 2.4;
}

export function relativeLuminance(hex: string): number {
  const n = Number.parseInt(hex.slice(1), 16);
  return 0.2126 * channel((n >> 16) & 255) + 0.7152 * channel((n >> 8) & 255) + 0.0722 * channel(n & 255);
}

export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

const DARK_TEXT = '#1a1a1a';
const LIGHT_TEXT = '#fafafa';

/** Soft black or white; pure black or white on mid-tones where the soft ones fall below 4.5:1. */
export function readableTextOn(background: string): string {
  const darkWins = contrastRatio(DARK_TEXT, background) >= contrastRatio(LIGHT_TEXT, background);
  const soft = darkWins ? DARK_TEXT : LIGHT_TEXT;
  if (contrastRatio(soft, background) >= 4.5) return soft;
  return contrastRatio('#000000', background) >= contrastRatio('#ffffff', background) ? '#000000' : '#ffffff';
}

export function guideTheme(template: unknown, style: { primaryColor?: unknown; backgroundColor?: unknown } = {}): GuideTheme {
  const base = TEMPLATE_COLORS[isGuideTemplate(template) ? template : 'custom'];
  const primary = normalizeHex(style.primaryColor) ?? base.primary;
  const background = normalizeHex(style.backgroundColor) ?? base.background;
  const text = readableTextOn(background);
  // 3:1 is WCAG's minimum for large text and UI components, which is how the accent is used.
  const accent = contrastRatio(primary, background) >= 3 ? primary : text;
  return { primary, background, text, onPrimary: readableTextOn(primary), accent };
}
