/**
 * Build time only (src/first-paint/app/prerender.tsx): the part of Chakra's global CSS (resets, base styles, ~500 design tokens,
 * ~30 keyframes; ~48 KB) that one prerendered page needs before the app runs.
 *
 * The browser parses every inline `<style>` in the page's `<head>` before it reaches the body, and on a repeat visit
 * (the HTML straight from the service worker's cache) that parse was most of the time before the content painted. The
 * page's own rules only refer to a few dozen tokens, so the prerendered copy keeps the custom properties that are
 * referenced — by the page's rules, its markup, the global rules, or a kept property (transitively) — and the
 * keyframes that something kept names. The whole global CSS is the theme stylesheet the page links at its end
 * (prerender.config.ts), which the screens opened next rely on.
 *
 * The input is Emotion's (stylis') minified output: blocks and declarations, no comments.
 */

interface Declaration {
  kind: 'declaration';
  property: string;
  value: string;
}

interface Block {
  kind: 'block';
  prelude: string;
  children: Node[];
}

interface Statement {
  kind: 'statement';
  text: string;
}

type Node = Declaration | Block | Statement;

/** Index of the `close` matching the `open` at `start`, skipping quoted strings. */
function matchingClose(css: string, start: number, open: string, close: string): number {
  let depth = 0;
  for (let index = start; index < css.length; index++) {
    const char = css[index];
    if (char === '"' || char === "'") index = css.indexOf(char, index + 1);
    else if (char === open) depth++;
    else if (char === close && --depth === 0) return index;
    if (index < 0) break;
  }
  throw new Error(`Unbalanced ${open}${close} in the global CSS near: ${css.slice(start, start + 80)}`);
}

/** Where the next `;`, `{` or `}` outside strings and parentheses is. */
function nextDelimiter(css: string, start: number): number {
  for (let index = start; index < css.length; index++) {
    const char = css[index];
    if (char === '"' || char === "'") {
      index = css.indexOf(char, index + 1);
      if (index < 0) break;
    } else if (char === '(') index = matchingClose(css, index, '(', ')');
    else if (char === ';' || char === '{' || char === '}') return index;
  }
  return css.length;
}

function parse(css: string): Node[] {
  const nodes: Node[] = [];
  let index = 0;
  while (index < css.length) {
    const delimiter = nextDelimiter(css, index);
    const text = css.slice(index, delimiter).trim();
    if (css[delimiter] === '{') {
      const close = matchingClose(css, delimiter, '{', '}');
      nodes.push({ kind: 'block', prelude: text, children: parse(css.slice(delimiter + 1, close)) });
      index = close + 1;
      continue;
    }
    if (text) {
      const colon = text.indexOf(':');
      // A selector never ends with `;`: what has no block is a declaration, or a statement such as `@layer a,b;`.
      if (text.startsWith('@') || colon < 0) nodes.push({ kind: 'statement', text });
      else nodes.push({ kind: 'declaration', property: text.slice(0, colon).trim(), value: text.slice(colon + 1) });
    }
    index = delimiter + 1;
  }
  return nodes;
}

function serialize(nodes: Node[]): string {
  return nodes
    .map((node) => {
      if (node.kind === 'declaration') return `${node.property}:${node.value};`;
      if (node.kind === 'statement') return `${node.text};`;
      return `${node.prelude}{${serialize(node.children)}}`;
    })
    .join('');
}

// Token names carry escapes: `--chakra-spacing-1\.5`.
const customPropertyReferences = (text: string) => [...text.matchAll(/var\(\s*(--(?:[\w-]|\\.)+)/g)].map((match) => match[1]);
const keyframesName = (block: Block) => /^@(?:-\w+-)?keyframes\s+([\w-]+)/.exec(block.prelude)?.[1] ?? null;
const isCustomProperty = (declaration: Declaration) => declaration.property.startsWith('--');

/** Every declaration outside @keyframes, and every @keyframes block, of the tree. */
function collect(nodes: Node[], declarations: Declaration[], keyframes: Block[]): void {
  for (const node of nodes) {
    if (node.kind === 'declaration') declarations.push(node);
    else if (node.kind === 'block') {
      if (keyframesName(node)) keyframes.push(node);
      else collect(node.children, declarations, keyframes);
    }
  }
}

/** What the page uses of the global CSS: the referenced custom properties and the named keyframes. */
function usedNames(tree: Node[], pageText: string): { properties: Set<string>; keyframes: Set<string> } {
  const declarations: Declaration[] = [];
  const keyframeBlocks: Block[] = [];
  collect(tree, declarations, keyframeBlocks);
  const definitions = new Map<string, string[]>();
  for (const declaration of declarations.filter(isCustomProperty))
    definitions.set(declaration.property, [...(definitions.get(declaration.property) ?? []), declaration.value]);

  const properties = new Set<string>();
  const keyframes = new Set<string>();
  // Text whose references count: the page's own, the global rules' ordinary declarations, and then what gets kept.
  const pending = [pageText, ...declarations.filter((declaration) => !isCustomProperty(declaration)).map((declaration) => declaration.value)];
  const keptText: string[] = [];
  while (pending.length > 0) {
    const text = pending.pop()!;
    keptText.push(text);
    for (const name of customPropertyReferences(text)) {
      if (properties.has(name)) continue;
      properties.add(name);
      pending.push(...(definitions.get(name) ?? []));
    }
    if (pending.length > 0) continue;
    // Animations name their keyframes in plain words (`spin 1s linear infinite`), often through a kept token.
    const words = new Set(keptText.join(' ').match(/[\w-]+/g));
    for (const block of keyframeBlocks) {
      const name = keyframesName(block)!;
      if (keyframes.has(name) || !words.has(name)) continue;
      keyframes.add(name);
      pending.push(serialize(block.children));
    }
  }
  return { properties, keyframes };
}

function pruned(nodes: Node[], used: { properties: Set<string>; keyframes: Set<string> }): Node[] {
  const kept: Node[] = [];
  for (const node of nodes) {
    if (node.kind === 'declaration') {
      if (!isCustomProperty(node) || used.properties.has(node.property)) kept.push(node);
    } else if (node.kind === 'statement') kept.push(node);
    else {
      const name = keyframesName(node);
      if (name) {
        if (used.keyframes.has(name)) kept.push(node);
        continue;
      }
      const children = pruned(node.children, used);
      if (children.length > 0) kept.push({ ...node, children });
    }
  }
  return kept;
}

/**
 * `globalCss` without the custom properties and keyframes that nothing in `pageText` (the page's own CSS and markup)
 * or in the global rules themselves uses, directly or through another kept custom property.
 */
export function themeCssForPage(globalCss: string, pageText: string): string {
  const tree = parse(globalCss);
  return serialize(pruned(tree, usedNames(tree, pageText)));
}
