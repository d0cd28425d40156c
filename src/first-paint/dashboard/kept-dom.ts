/**
 * The kept dashboard's tree (store.ts) to and from the DOM. Both directions keep only what draws the page: tags that
 * cannot run code or load anything, and attributes that style or label (no event handlers, no URLs, no ids). Text is
 * text nodes only, so a property named `<img onerror=…>` stays text.
 */
import { NOT_KEPT_ATTRIBUTE } from '../contract';
import type { KeptNode } from './kept-store';

const SVG_NAMESPACE = 'http://www.w3.org/2000/svg';

/** Tags never kept or rebuilt (they run code, load something, or hold no visible text of the page). */
const droppedTags = new Set([
  'script',
  'style',
  'link',
  'meta',
  'base',
  'iframe',
  'frame',
  'object',
  'embed',
  'template',
  'foreignobject',
  'use',
  'image',
  'img',
  'video',
  'audio',
  'source',
  'noscript',
]);

const keptAttribute =
  /^(class|style|role|dir|lang|type|disabled|hidden|tabindex|data-[a-z0-9-]+|aria-[a-z]+|viewbox|d|fill|fill-rule|clip-rule|stroke|stroke-[a-z]+|width|height|x|y|x1|x2|y1|y2|cx|cy|r|rx|ry|points|transform|xmlns|focusable|preserveaspectratio|opacity)$/;

function keepsAttribute(name: string, value: string): boolean {
  // A style may not fetch anything (url(…), image-set(…)) either.
  return keptAttribute.test(name) && !(name === 'style' && /url\(|image-set\(|@import/i.test(value));
}

/** The element's children as a kept tree. */
export function treeOf(element: Element): KeptNode[] {
  const nodes: KeptNode[] = [];
  for (const child of Array.from(element.childNodes)) {
    if (child.nodeType === Node.TEXT_NODE) {
      nodes.push(child.textContent ?? '');
    } else if (child instanceof Element && !droppedTags.has(child.localName.toLowerCase()) && !child.hasAttribute(NOT_KEPT_ATTRIBUTE)) {
      const attributes = Array.from(child.attributes)
        .filter((attribute) => keepsAttribute(attribute.name.toLowerCase(), attribute.value))
        .map((attribute): [string, string] => [attribute.name, attribute.value]);
      nodes.push({
        tag: child.localName,
        ...(child.namespaceURI === SVG_NAMESPACE ? { svg: true as const } : {}),
        attributes,
        children: treeOf(child),
      });
    }
  }
  return nodes;
}

/** Rebuilds a kept tree, leaving out anything treeOf would not have kept (the stored copy is not trusted). */
export function domOf(nodes: readonly KeptNode[], document: Document): DocumentFragment {
  const fragment = document.createDocumentFragment();
  for (const node of nodes) {
    if (typeof node === 'string') {
      fragment.append(document.createTextNode(node));
      continue;
    }
    if (typeof node !== 'object' || node === null || typeof node.tag !== 'string' || !/^[a-z][a-z0-9-]*$/i.test(node.tag)) continue;
    if (droppedTags.has(node.tag.toLowerCase())) continue;
    const element = node.svg ? document.createElementNS(SVG_NAMESPACE, node.tag) : document.createElement(node.tag);
    for (const pair of Array.isArray(node.attributes) ? node.attributes : []) {
      const [name, value] = pair;
      if (typeof name === 'string' && typeof value === 'string' && keepsAttribute(name.toLowerCase(), value)) element.setAttribute(name, value);
    }
    element.append(domOf(Array.isArray(node.children) ? node.children : [], document));
    fragment.append(element);
  }
  return fragment;
}
