import { describe, expect, it } from 'vitest';
import { pageForRepeatVisits } from './repeat-visit-page';

const page = `<!doctype html><html lang="en" data-prerendered><head>
<script type="module" crossorigin src="/assets/main-1.js"></script>
<link rel="modulepreload" crossorigin href="/assets/react-2.js">
<link rel="stylesheet" href="/assets/page-3.css">
<link rel="modulepreload" crossorigin href="/assets/privacy-page-4.js">
<link rel="manifest" href="/manifest.webmanifest">
</head><body><main><h1>Privacy</h1><p>rel="modulepreload" is only text here.</p></main></body></html>`;

describe('pageForRepeatVisits', () => {
  it('leaves out every module preload and keeps the entry script, the other links and the content', () => {
    const kept = pageForRepeatVisits(page);
    expect(kept).not.toMatch(/<link[^>]*modulepreload/);
    expect(kept).toContain('<script type="module" crossorigin src="/assets/main-1.js"></script>');
    expect(kept).toContain('<link rel="stylesheet" href="/assets/page-3.css">');
    expect(kept).toContain('<link rel="manifest" href="/manifest.webmanifest">');
    expect(kept).toContain('<p>rel="modulepreload" is only text here.</p>');
  });

  it('returns a page without module preloads unchanged', () => {
    const plain = '<!doctype html><html><head><title>x</title></head><body><h1>x</h1></body></html>';
    expect(pageForRepeatVisits(plain)).toBe(plain);
  });
});
