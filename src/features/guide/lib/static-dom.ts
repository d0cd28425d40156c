/**
 * Builds the DOM of a React element tree without React, for the guide's static paints: guide.html's inline
 * first-paint script (before React has downloaded) and the page the guide saves for its next opening. The tree is
 * the screen's own components (components/guide-view.tsx), so both paints show exactly what React shows.
 *
 * Only what those components use: host elements (HTML and SVG), hook-free function components called with their
 * props, fragments, text, `className`/`htmlFor`, style objects, booleans and ARIA/data attributes as React writes
 * them, and a select's `value`. Event handlers are left out: React replaces this DOM with its own, live one. Data
 * becomes text nodes and attribute values only, never markup.
 */
import type { ReactElement, ReactNode } from 'react';

const SVG_NAMESPACE = 'http://www.w3.org/2000/svg';
const FRAGMENT = Symbol.for('react.fragment');

/** React prop names whose attribute is spelled differently. */
const ATTRIBUTE_NAMES: Record<string, string> = {
  className: 'class',
  htmlFor: 'for',
  fetchPriority: 'fetchpriority',
  crossOrigin: 'crossorigin',
  tabIndex: 'tabindex',
};

const SKIPPED_PROPS = new Set(['children', 'key', 'ref', 'defaultValue', 'dangerouslySetInnerHTML']);

type Props = Record<string, unknown> & { children?: ReactNode };

function isElement(node: unknown): node is ReactElement<Props> {
  return typeof node === 'object' && node !== null && 'type' in node && 'props' in node;
}

const cssName = (name: string) => (name.startsWith('--') ? name : name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`));

function setAttributes(element: Element, props: Props): void {
  for (const [name, value] of Object.entries(props)) {
    if (SKIPPED_PROPS.has(name) || /^on[A-Z]/.test(name) || value === undefined || value === null) continue;
    // A select's value marks one of its options (build() below), as React does; an option's is an attribute.
    if (name === 'value' && element.localName !== 'option') continue;
    if (name === 'style' && typeof value === 'object') {
      const style = (element as HTMLElement | SVGElement).style;
      for (const [property, propertyValue] of Object.entries(value as Record<string, unknown>)) {
        if (propertyValue === undefined || propertyValue === null || propertyValue === '') continue;
        style.setProperty(cssName(property), typeof propertyValue === 'number' ? `${propertyValue}px` : String(propertyValue));
      }
      continue;
    }
    const attribute = ATTRIBUTE_NAMES[name] ?? name;
    if (typeof value === 'boolean' && !/^(aria|data)-/.test(attribute)) {
      if (value) element.setAttribute(attribute, '');
      continue;
    }
    element.setAttribute(attribute, String(value));
  }
}

interface Context {
  svg: boolean;
  /** The value of the select being built, which marks its option as selected. */
  selectValue?: string;
}

function build(node: ReactNode, parent: Node, context: Context): void {
  if (node === null || node === undefined || typeof node === 'boolean') return;
  if (typeof node === 'string' || typeof node === 'number' || typeof node === 'bigint') {
    parent.appendChild(document.createTextNode(String(node)));
    return;
  }
  if (Array.isArray(node)) {
    for (const child of node) build(child as ReactNode, parent, context);
    return;
  }
  if (!isElement(node)) throw new Error('static-dom: unsupported node');
  const { type, props } = node;
  if ((type as unknown) === FRAGMENT) {
    build(props.children, parent, context);
    return;
  }
  if (typeof type === 'function') {
    build((type as (props: Props) => ReactNode)(props), parent, context);
    return;
  }
  if (typeof type !== 'string') throw new Error('static-dom: unsupported element type');
  if (props.dangerouslySetInnerHTML) throw new Error('static-dom: no raw HTML');
  const svg = context.svg || type === 'svg';
  const element = svg ? document.createElementNS(SVG_NAMESPACE, type) : document.createElement(type);
  setAttributes(element, props);
  const value = props.value ?? props.defaultValue;
  if (type === 'option' && value !== undefined && context.selectValue === String(value)) element.setAttribute('selected', '');
  const childContext: Context = { svg, selectValue: type === 'select' && value !== undefined ? String(value) : context.selectValue };
  build(props.children, element, childContext);
  parent.appendChild(element);
}

/** The element tree as DOM nodes, in a fragment ready to insert. */
export function staticDom(tree: ReactNode): DocumentFragment {
  const fragment = document.createDocumentFragment();
  build(tree, fragment, { svg: false });
  return fragment;
}

/** The element tree as HTML (serialised by the browser, which escapes every text and attribute). */
export function staticHtml(tree: ReactNode): string {
  const container = document.createElement('div');
  container.append(staticDom(tree));
  return container.innerHTML;
}
