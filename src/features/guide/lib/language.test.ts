import { describe, expect, it } from 'vitest';
import { matchLanguage, pickLanguage } from './language';

describe('pickLanguage', () => {
  it('follows the browser on a first visit', () => {
    expect(pickLanguage(null, ['es-ES', 'en'])).toBe('es');
    expect(pickLanguage(null, ['zh-Hant-TW'])).toBe('zh');
    expect(pickLanguage(null, ['ja'])).toBe('ja');
  });

  it('takes the first supported language in the browser order', () => {
    expect(pickLanguage(null, ['nl-NL', 'pt', 'de-CH', 'fr'])).toBe('de');
  });

  it('falls back to English', () => {
    expect(pickLanguage(null, ['nl', 'ko'])).toBe('en');
    expect(pickLanguage(null, [])).toBe('en');
  });

  it('keeps a remembered choice over the browser', () => {
    expect(pickLanguage('it', ['es-ES'])).toBe('it');
  });

  it('ignores a remembered value that is not a guide language', () => {
    expect(pickLanguage('xx', ['fr-CA'])).toBe('fr');
  });
});

describe('matchLanguage', () => {
  it('reads the primary subtag case-insensitively', () => {
    expect(matchLanguage('FR_ca')).toBe('fr');
    expect(matchLanguage('pt-BR')).toBeNull();
  });
});
