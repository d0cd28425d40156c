import { describe, expect, it } from 'vitest';
import { prerenderGuideHtml } from './prerender-html';
import { normalizeGuide } from './lib/normalize-guide';

const shell = '<html lang="en"><body><!--rg-prerendered-data--><div id="root"><!--rg-boot--><div class="rg-boot"></div><!--/rg-boot--></div></body></html>';
const guide = normalizeGuide({
  id: '7b0c6f3e-1111-4222-8333-944445555666',
  name: 'Suite </script><script>alert(1)</script>',
  room_number: '7',
  template: 'luxury',
  content: { wifi: { network: 'Net', password: 'p@ss;1' } },
})!;

describe('prerenderGuideHtml', () => {
  it('puts the rendered guide into #root, in the chosen language, with its data for hydration', () => {
    const html = prerenderGuideHtml(shell, { id: guide.id, guide, language: 'fr' })!;
    expect(html).toContain('<html lang="fr">');
    expect(html).not.toContain('rg-boot');
    expect(html).toContain('p@ss;1');
    expect(html).toContain('Chambre 7');
    const data = /<script type="application\/json" id="rg-prerendered">(.*?)<\/script>/.exec(html)![1];
    expect(JSON.parse(data)).toMatchObject({ id: guide.id, language: 'fr', guide: { name: guide.name } });
  });

  it('never lets guide text close the data script', () => {
    const html = prerenderGuideHtml(shell, { id: guide.id, guide, language: 'en' })!;
    expect(html.match(/<script/g)).toHaveLength(1);
  });

  it('returns null for a shell without the markers (the plain shell is served instead)', () => {
    expect(prerenderGuideHtml('<div id="root"></div>', { id: guide.id, guide, language: 'en' })).toBeNull();
  });
});
