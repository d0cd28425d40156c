import type { GuideTemplate } from '@/lib/guide-fields';

/**
 * The colours each template applies to the QR code (modules on background). The spec names the hues
 * (luxury gold on black, beach blue on cornsilk, cabin green on brown, custom black on white); the exact
 * shades are picked so every template keeps enough contrast for a phone camera to read the code.
 */
export const templateColors: Record<GuideTemplate, { primaryColor: string; backgroundColor: string }> = {
  custom: { primaryColor: '#000000', backgroundColor: '#ffffff' },
  luxury: { primaryColor: '#D4AF37', backgroundColor: '#000000' },
  beach: { primaryColor: '#1e5aa8', backgroundColor: '#fff8dc' },
  cabin: { primaryColor: '#1f4d2b', backgroundColor: '#d2b48c' },
};

export function relativeLuminance(hex: string): number {
  const channels = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
  const [r, g, b] = channels.map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio between two `#rrggbb` colours (1 … 21). */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** Below this ratio many phone cameras fail to read a QR code; the form warns the host. */
export const minimumScannableContrast = 3;

/** A light code on a dark background (like the luxury template): most phones read it, some older ones do not. */
export function isInverted(primaryColor: string, backgroundColor: string): boolean {
  return relativeLuminance(primaryColor) > relativeLuminance(backgroundColor);
}
