import { describe, expect, it } from 'vitest';
import { GUIDE_LANGUAGES } from './language';
import { interpolate, translator } from './i18n';

describe('translator', () => {
  it('fills placeholders', () => {
    expect(translator('en')('welcome', { name: 'Hotel Azul' })).toBe('Welcome to Hotel Azul');
    expect(translator('ja')('welcome', { name: '204号室' })).toBe('204号室へようこそ');
  });

  it('has every spec message in every language', () => {
    for (const language of GUIDE_LANGUAGES) {
      const t = translator(language);
      for (const key of ['notFoundTitle', 'returnHome', 'missingId', 'loadFailed', 'removed', 'wifiTitle'] as const) {
        expect(t(key), `${language}.${key}`).toMatch(/\S/);
      }
    }
    expect(translator('es')('notFoundTitle')).toBe('Guía no encontrada');
  });

  it('leaves unknown placeholders visible rather than blank', () => {
    expect(interpolate('Hi {{who}}', {})).toBe('Hi {{who}}');
  });
});
