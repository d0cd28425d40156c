import { describe, expect, it } from 'vitest';
import { entryScriptOf } from '../../features/guide/api/guide-cache';
import { guideTitle, savedPageHtml } from './saved-page';
import { normalizeGuide } from '../../features/guide/lib/normalize-guide';

const shell = `<!doctype html><html lang="en"><head><meta name="theme-color" content="#ffffff" /><title>Room guide</title>
<script>/* loader */</script>
<script data-rg-first-paint>/* first paint */</script>
<link rel="modulepreload" crossorigin href="/assets/guide-123.js" data-rg-entry>
<link rel="modulepreload" crossorigin href="/assets/react-1.js">
<style>.rg-guide{color:red}</style></head>
<body><div id="root"><!--rg-boot--><div class="rg-boot"></div><!--/rg-boot--></div><script id="register">/* sw */</script></body></html>`;

const parse = (html: string) => new DOMParser().parseFromString(html, 'text/html');

const parts = { markup: '<div class="rg-guide">guide</div>', language: 'fr' as const, title: 'Suite · Hotel', themeColor: '#fff8dc' };

describe('savedPageHtml', () => {
  it('puts the painted guide into #root, in its language, titled and coloured', () => {
    const html = savedPageHtml(shell, parts)!;
    expect(html).toContain('<div id="root"><div class="rg-guide">guide</div></div>');
    expect(html).not.toContain('rg-boot');
    expect(html).toContain('<html lang="fr" data-rg-saved>');
    expect(html).toContain('<title>Suite · Hotel</title>');
    expect(html).toContain('<meta name="theme-color" content="#fff8dc" />');
    expect(html).toContain('<style>.rg-guide{color:red}</style>');
    expect(entryScriptOf(html)).toBe('/assets/guide-123.js');
    expect(entryScriptOf(shell)).toBe('/assets/guide-123.js');
  });

  it('leaves out what only a first visit needs: the first-paint script and the early preloads', () => {
    const page = parse(savedPageHtml(shell, parts)!);
    expect(Array.from(page.querySelectorAll('script'), (script) => script.textContent)).toEqual(['/* loader */', '/* sw */']);
    expect(Array.from(page.querySelectorAll('link[rel="modulepreload"]'), (link) => link.getAttribute('href'))).toEqual(['/assets/guide-123.js']);
  });

  it.each(['$&', "$'", '$`', '$$', '$1', '$<x>'])('keeps %s in host texts as text (no replacement pattern)', (pattern) => {
    // Markup as the browser serialises the painted guide: texts escaped.
    const password = document.createElement('dd');
    password.textContent = `Pa${pattern}w0rd`;
    const markup = `<div class="rg-guide">${password.outerHTML}</div>`;
    const title = `Room ${pattern}`;
    const html = savedPageHtml(shell, { ...parts, markup, title })!;
    expect(html).toContain(`<div id="root">${markup}</div>`);
    const page = parse(html);
    expect(page.title).toBe(title);
    expect(page.querySelector('dd')!.textContent).toBe(`Pa${pattern}w0rd`);
    expect(page.querySelectorAll('script')).toHaveLength(2);
    expect(html.match(/<html/g)).toHaveLength(1);
  });

  it('escapes the title', () => {
    const page = parse(savedPageHtml(shell, { ...parts, title: '</title><script>alert(1)</script>' })!);
    expect(page.title).toBe('</title><script>alert(1)</script>');
    expect(page.querySelectorAll('script')).toHaveLength(2);
  });

  it('is null for a shell without the markers (the next opening then takes the usual way)', () => {
    expect(savedPageHtml('<div id="root"></div>', parts)).toBeNull();
  });
});

describe('guideTitle', () => {
  it('names the room and the property', () => {
    expect(guideTitle(normalizeGuide({ id: 'x', name: 'Suite', property_name: 'Hotel' })!)).toBe('Suite · Hotel');
    expect(guideTitle(normalizeGuide({ id: 'x', name: 'Suite' })!)).toBe('Suite');
    expect(guideTitle(normalizeGuide({ id: 'x', name: 'Suite', property_name: 'Hotel', hotel: { name: 'Grand Hotel' } })!)).toBe('Suite · Grand Hotel');
  });
});
