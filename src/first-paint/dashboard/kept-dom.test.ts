import { describe, expect, it } from 'vitest';
import { domOf, treeOf } from './kept-dom';
import type { KeptNode } from './kept-store';
import { NOT_KEPT_ATTRIBUTE } from '../contract';

function rebuilt(nodes: KeptNode[]): HTMLElement {
  const container = document.createElement('div');
  container.append(domOf(nodes, document));
  return container;
}

describe('the kept dashboard’s tree', () => {
  it('keeps the markup, the styling attributes and the text, and rebuilds the same markup', () => {
    const page = document.createElement('div');
    page.innerHTML =
      '<div class="css-card" data-testid="property-card"><h2 class="css-h">Hotel <b>Miramar</b></h2>' +
      '<svg viewBox="0 0 24 24" aria-hidden="true"><path d="M0 0h24"></path></svg></div>';
    const copy = rebuilt(treeOf(page));
    expect(copy.innerHTML).toBe(page.innerHTML);
    expect(copy.querySelector('svg')?.namespaceURI).toBe('http://www.w3.org/2000/svg');
  });

  it('leaves out what could run code, load something or point elsewhere', () => {
    const page = document.createElement('div');
    page.innerHTML =
      '<a href="/dashboard/properties/1/qrcodes" id="x" onclick="alert(1)" class="btn">View</a>' +
      '<img src="/photo.jpg"><script>alert(1)</script><span style="background:url(https://example.com/t)">t</span>';
    expect(rebuilt(treeOf(page)).innerHTML).toBe('<a class="btn">View</a><span>t</span>');
  });

  it('leaves out what the page shows only for the moment (the reconnecting note)', () => {
    const page = document.createElement('div');
    page.innerHTML = `<div role="status" ${NOT_KEPT_ATTRIBUTE}=""><strong>Reconnecting…</strong></div><h1>Your Properties</h1>`;
    expect(rebuilt(treeOf(page)).innerHTML).toBe('<h1>Your Properties</h1>');
  });

  it('treats stored text as text and drops stored tags and attributes it would not have kept', () => {
    const stored: KeptNode[] = [
      '<img src=x onerror=alert(1)>',
      { tag: 'script', attributes: [], children: ['alert(1)'] },
      {
        tag: 'div',
        attributes: [
          ['onmouseover', 'alert(1)'],
          ['class', 'ok'],
          ['href', 'javascript:alert(1)'],
        ],
        children: ['Hotel'],
      },
      { tag: 'img src=x', attributes: [], children: [] },
    ];
    const copy = rebuilt(stored);
    expect(copy.innerHTML).toBe('&lt;img src=x onerror=alert(1)&gt;<div class="ok">Hotel</div>');
    expect(copy.querySelector('img, script')).toBeNull();
  });
});
