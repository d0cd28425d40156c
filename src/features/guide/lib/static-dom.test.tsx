import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import type { ReactNode } from 'react';
import { staticGuide } from '../components/guide-view';
import { translator } from './i18n';
import { normalizeGuide } from './normalize-guide';
import { staticDom, staticHtml } from './static-dom';
import { guideTheme } from './theme';
import type { GuideLanguage } from './language';
import { COPY_ANSWERS_ATTRIBUTE } from '@/first-paint/contract';

/** A node as tag, attributes (style written one way) and merged text, to compare DOM built two ways. */
function describeNode(node: Node): unknown {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent;
  if (!(node instanceof Element)) return null;
  const attributes = Array.from(node.attributes)
    .map((attribute) => [attribute.name, attribute.name === 'style' ? attribute.value.replace(/\s*([:;])\s*/g, '$1').replace(/;$/, '') : attribute.value])
    .sort(([a], [b]) => a.localeCompare(b));
  return { tag: node.localName, namespace: node.namespaceURI, attributes, children: Array.from(node.childNodes).map(describeNode) };
}

function describeTree(container: Element): unknown {
  container.normalize(); // adjacent text nodes, as a parser would have made one
  return Array.from(container.childNodes).map(describeNode);
}

function fromReact(tree: ReactNode): unknown {
  const container = document.createElement('div');
  container.innerHTML = renderToStaticMarkup(tree);
  // React's server renderer adds preload hints for the images; the DOM itself is what must match.
  container.querySelectorAll(':scope > link[rel="preload"]').forEach((link) => link.remove());
  return describeTree(container);
}

function fromStaticDom(tree: ReactNode): unknown {
  const container = document.createElement('div');
  container.append(staticDom(tree));
  return describeTree(container);
}

const hostile = `<img src=x onerror="window.hacked=1"> & "quotes" $& $' $\` 日本語 🛏️ مرحبا`;

const guides = {
  full: normalizeGuide({
    id: '7b0c6f3e-1111-4222-8333-944445555666',
    name: 'Sea View Suite',
    room_number: '204',
    template: 'beach',
    property_name: 'Hotel Azul',
    style: { primaryColor: '#1565c0', logoUrl: 'https://cdn.example/logo.png', roomPhotoUrl: 'https://cdn.example/room.jpg' },
    content: { wifi: { network: 'Seaside Guest', password: 'waves;2026' } },
    hotel: { name: 'Hotel Azul', phone: '+34 971 12 34 56', website: 'https://hotel-azul.example', description: 'Family hotel' },
    area: { location: 'Palma', activities: ['Beach', 'Old town'], businessLink: 'https://palma.example' },
    images: ['https://cdn.example/room.jpg', 'https://cdn.example/b.jpg'],
  })!,
  bare: normalizeGuide({ id: 'x', name: 'Loft' })!,
  openNetworkNoActions: normalizeGuide({
    id: 'y',
    name: 'Cabin',
    content: { wifi: { network: 'Cabin' } },
    hotel: { name: 'Pines', phone: 'ask at the desk' },
  })!,
  notices: normalizeGuide({
    id: 'n',
    name: 'Attic',
    notices: [
      { id: 'now', text: hostile, starts_at: new Date(Date.now() - 3600_000).toISOString(), ends_at: new Date(Date.now() + 3600_000).toISOString() },
      { id: 'ended', text: 'The lift was out of order', starts_at: '2020-01-01T00:00:00Z', ends_at: '2020-01-02T00:00:00Z' },
    ],
  })!,
  hostile: normalizeGuide({
    id: 'z',
    name: hostile,
    room_number: hostile,
    property_name: hostile,
    content: { wifi: { network: hostile, password: hostile } },
    hotel: { name: hostile, description: hostile, phone: hostile },
    area: { location: hostile, activities: [hostile, '</script><script>alert(1)</script>'] },
  })!,
};

const tree = (name: keyof typeof guides, language: GuideLanguage = 'en') => {
  const guide = guides[name];
  return staticGuide({ guide, language, t: translator(language), theme: guideTheme(guide.template, guide.style) });
};

describe('staticDom', () => {
  it.each(Object.keys(guides) as (keyof typeof guides)[])('builds the DOM React renders for the %s guide', (name) => {
    expect(fromStaticDom(tree(name))).toEqual(fromReact(tree(name)));
  });

  it('builds it in any language, with the chosen one selected in the language menu', () => {
    expect(fromStaticDom(tree('full', 'ja'))).toEqual(fromReact(tree('full', 'ja')));
    const container = document.createElement('div');
    container.append(staticDom(tree('full', 'ja')));
    expect(container.querySelector('option[selected]')!.getAttribute('value')).toBe('ja');
    expect(container.querySelector('h1')!.textContent).toBe('Sea View Suiteへようこそ');
  });

  it('puts host texts in as text only: no element, handler or script comes out of them', () => {
    const container = document.createElement('div');
    container.innerHTML = staticHtml(tree('hostile'));
    expect(container.querySelectorAll('script')).toHaveLength(0);
    expect(container.querySelectorAll('img')).toHaveLength(0);
    expect(container.querySelectorAll('[onerror]')).toHaveLength(0);
    expect(container.querySelector('[data-testid="wifi-password"]')!.textContent).toBe(hostile);
    expect(container.querySelector('h1')!.textContent).toBe(`Welcome to ${hostile}`);
    expect(Array.from(container.querySelectorAll('.rg-list li'), (item) => item.textContent)).toEqual([hostile, '</script><script>alert(1)</script>']);
  });

  it('paints the notices of the moment, as text, and none that has ended', () => {
    const container = document.createElement('div');
    container.innerHTML = staticHtml(tree('notices'));
    expect(Array.from(container.querySelectorAll('.rg-notices li'), (item) => item.textContent)).toEqual([hostile]);
    expect(container.querySelectorAll('img')).toHaveLength(0);
  });

  it('offers the WiFi card\'s buttons with what "Copy password" answers, no menu until React replaces it, and leaves out what only the live page has', () => {
    const container = document.createElement('div');
    container.append(staticDom(tree('full')));
    expect(container.querySelector('.rg-guide')!.getAttribute('data-static')).toBe('true');
    // The WiFi card's taps are answered before the guide is live (src/first-paint/guide/early-taps.ts).
    const wifi = container.querySelector('.rg-wifi')!;
    expect(Array.from(wifi.querySelectorAll('button'), (button) => button.closest('[inert]'))).toEqual([null, null]);
    expect(JSON.parse(wifi.getAttribute(COPY_ANSWERS_ATTRIBUTE)!)).toEqual({
      button: '✓ Password copied',
      status: 'Password copied',
      failed: expect.stringContaining("Couldn't copy"),
    });
    // The language menu would render the guide again: it works once React has replaced the paint.
    expect(container.querySelector('select')!.closest('[inert]')).not.toBeNull();
    expect(container.querySelector('[data-testid="wifi-password"]')!.closest('[inert]')).toBeNull(); // text stays readable
    expect(container.querySelector('.rg-note')).toBeNull();
    expect(container.querySelector('.rg-install')).toBeNull();
    expect(container.querySelector('[aria-expanded]')!.getAttribute('aria-expanded')).toBe('false');
  });
});
