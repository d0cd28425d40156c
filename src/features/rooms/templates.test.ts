import { describe, expect, it } from 'vitest';
import { isGuideTemplate } from '@/lib/guide-fields';
import { contrastRatio, isInverted, minimumScannableContrast, templateColors } from './templates';

describe('templateColors', () => {
  it('uses the spec hues: gold on black, black on white', () => {
    expect(templateColors.luxury).toEqual({ primaryColor: '#D4AF37', backgroundColor: '#000000' });
    expect(templateColors.custom).toEqual({ primaryColor: '#000000', backgroundColor: '#ffffff' });
    expect(templateColors.beach.backgroundColor).toBe('#fff8dc'); // cornsilk
  });

  it('keeps every template scannable', () => {
    for (const { primaryColor, backgroundColor } of Object.values(templateColors)) {
      expect(contrastRatio(primaryColor, backgroundColor)).toBeGreaterThanOrEqual(minimumScannableContrast);
    }
  });

  it('recognises only the four templates', () => {
    expect(isGuideTemplate('beach')).toBe(true);
    expect(isGuideTemplate('forest')).toBe(false);
  });

  it('computes WCAG contrast', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#777777')).toBeCloseTo(1, 5);
  });
});

describe('isInverted', () => {
  it('flags a light code on a dark background', () => {
    expect(isInverted(templateColors.luxury.primaryColor, templateColors.luxury.backgroundColor)).toBe(true);
    expect(isInverted(templateColors.custom.primaryColor, templateColors.custom.backgroundColor)).toBe(false);
    expect(isInverted(templateColors.cabin.primaryColor, templateColors.cabin.backgroundColor)).toBe(false);
  });
});
