import { appShellPageFor, languageFromAcceptLanguage, notFoundPage, pageCacheKey, prerenderedFile, publicPageFor, publicPages } from './public-pages';

describe('public pages made at build time', () => {
  it('finds the page for each public route, as the router matches it (case and a trailing slash do not matter)', () => {
    expect(publicPageFor('/')?.name).toBe('landing');
    expect(publicPageFor('/login')?.name).toBe('login');
    expect(publicPageFor('/QRinfo')?.name).toBe('qrinfo');
    expect(publicPageFor('/qrinfo')?.name).toBe('qrinfo');
    expect(publicPageFor('/faq/')?.name).toBe('faq');
    expect(publicPageFor('/forgot-password')?.name).toBe('forgot-password');
  });

  it('gives unknown paths the 404 page, and leaves app screens, the guide and files alone', () => {
    expect(publicPageFor('/no-such-page')).toBe(notFoundPage);
    expect(publicPageFor('/login/extra')).toBe(notFoundPage);
    for (const path of [
      '/dashboard',
      '/dashboard/',
      '/dashboard/properties/new',
      '/reset-password',
      '/guide/abc',
      '/guide',
      '/robots.txt',
      '/assets/main-1a2b.js',
    ]) {
      expect(publicPageFor(path), path).toBeNull();
    }
  });

  it('names one file per page and language', () => {
    expect(prerenderedFile(publicPageFor('/privacy')!, 'de')).toBe('/pages/de/privacy.html');
    expect(new Set(publicPages.map((page) => page.name)).size).toBe(publicPages.length);
  });

  it('picks the language from Accept-Language by preference, then order', () => {
    expect(languageFromAcceptLanguage('de-CH,de;q=0.9,en;q=0.8')).toBe('de');
    expect(languageFromAcceptLanguage('pt-BR,pt;q=0.9,ja;q=0.8,en;q=0.7')).toBe('ja');
    expect(languageFromAcceptLanguage('en;q=0.5,zh-Hans-CN;q=0.9')).toBe('zh');
    expect(languageFromAcceptLanguage('fr;q=0,it')).toBe('it');
    expect(languageFromAcceptLanguage('pt-BR')).toBeNull();
    expect(languageFromAcceptLanguage('')).toBeNull();
    expect(languageFromAcceptLanguage(undefined)).toBeNull();
  });

  it('keeps a visited page under its own path, every unknown path under one key, and the dashboard shell', () => {
    expect(pageCacheKey('/faq/')).toBe('/faq');
    expect(pageCacheKey('/nowhere')).toBe('/pages/404');
    expect(pageCacheKey('/dashboard')).toBe('/dashboard');
    expect(appShellPageFor('/dashboard/')?.name).toBe('dashboard');
    expect(appShellPageFor('/dashboard/subscription')).toBeNull();
    expect(pageCacheKey('/dashboard/subscription')).toBeNull();
    expect(pageCacheKey('/guide/abc')).toBeNull();
  });
});
