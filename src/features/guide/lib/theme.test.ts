import { describe, expect, it } from 'vitest';
import { contrastRatio, guideTheme, normalizeHex } from './theme';

describe('guideTheme', () => {
  it('luxury is gold on black with light text', () => {
    expect(guideTheme('luxury')).toEqual({ primary: '#d4af37', background: '#000000', text: '#fafafa', onPrimary: '#1a1a1a', accent: '#d4af37' });
  });

  it('beach is blue on cornsilk with dark text', () => {
    const theme = guideTheme('beach');
    expect(theme).toMatchObject({ primary: '#1e5aa8', background: '#fff8dc', text: '#1a1a1a', accent: '#1e5aa8' });
  });

  it('cabin is forest green on tan brown', () => {
    expect(guideTheme('cabin')).toMatchObject({ primary: '#1f4d2b', background: '#d2b48c', text: '#1a1a1a', onPrimary: '#fafafa', accent: '#1f4d2b' });
  });

  it('an accent too faint on the background falls back to the text colour', () => {
    const theme = guideTheme('custom', { primaryColor: '#2e7d32', backgroundColor: '#5d4037' });
    expect(theme.accent).toBe(theme.text);
  });

  it('custom and unknown templates are black on white', () => {
    expect(guideTheme('custom')).toMatchObject({ primary: '#000000', background: '#ffffff', text: '#1a1a1a' });
    expect(guideTheme('disco')).toMatchObject({ primary: '#000000', background: '#ffffff' });
  });

  it('the host style colours override the template', () => {
    expect(guideTheme('luxury', { primaryColor: '#FF0000', backgroundColor: '#fff' })).toMatchObject({
      primary: '#ff0000',
      background: '#ffffff',
      text: '#1a1a1a',
      accent: '#ff0000',
    });
  });

  it('ignores style values that are not colours', () => {
    expect(guideTheme('beach', { primaryColor: 'red; background:url(x)', backgroundColor: 42 })).toMatchObject({
      primary: '#1e5aa8',
      background: '#fff8dc',
    });
  });

  it('always gives body text at least 4.5:1 contrast', () => {
    for (const background of ['#000000', '#ffffff', '#777777', '#5d4037', '#fff8dc', '#0000ff', '#ffff00']) {
      const theme = guideTheme('custom', { backgroundColor: background });
      expect(contrastRatio(theme.text, theme.background)).toBeGreaterThanOrEqual(4.5);
    }
  });
});

describe('normalizeHex', () => {
  it('expands short forms and lower-cases', () => {
    expect(normalizeHex('#ABC')).toBe('#aabbcc');
    expect(normalizeHex('abc')).toBeNull();
  });
});
