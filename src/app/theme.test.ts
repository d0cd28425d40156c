/**
 * The theme keeps only the recipes of the Chakra components the app uses (theme.ts): every component imported from
 * '@chakra-ui/react' anywhere in src that has a recipe in Chakra's full theme must find it in ours, or it would
 * render unstyled; so must every recipe read by its key (`useSlotRecipe({ key: 'menu' })`).
 */
import fs from 'node:fs';
import path from 'node:path';
import { createSystem, defaultConfig } from '@chakra-ui/react';
import { describe, expect, it } from 'vitest';
import { system, UNUSED_PALETTES } from './theme';

const fullSystem = createSystem(defaultConfig);
/** Components styled by another component's recipe. */
const recipeOf: Record<string, string> = { CloseButton: 'button', IconButton: 'button', Toaster: 'toast' };

function sourceFiles(folder: string): string[] {
  return fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

/** The recipes the app's source uses: its Chakra components' (by their names) and those it reads by key. */
function usedRecipeKeys(): { components: Set<string>; keys: Set<string> } {
  const components = new Set<string>();
  const keys = new Set<string>();
  for (const file of sourceFiles(path.resolve(__dirname, '..'))) {
    const source = fs.readFileSync(file, 'utf8');
    for (const match of source.matchAll(/import\s*\{([^}]*)\}\s*from\s*'@chakra-ui\/react'/g)) {
      for (const part of match[1].split(',')) {
        const name = part.replace(/^\s*type\s+/, '').trim();
        if (/^[A-Z]/.test(name)) components.add(name);
      }
    }
    for (const match of source.matchAll(/use(?:Slot)?Recipe\(\{\s*key:\s*'(\w+)'/g)) keys.add(match[1]);
  }
  for (const name of components) keys.add(recipeOf[name] ?? name[0].toLowerCase() + name.slice(1));
  return { components, keys };
}

describe('the theme’s recipes', () => {
  it('has the recipe of every Chakra component the app imports', () => {
    const { components, keys } = usedRecipeKeys();
    // The scan finds the components and the keys (a broken pattern would find none and prove nothing).
    expect(components).toContain('Button');
    expect(components).toContain('Tabs');
    expect(keys).toContain('menu'); // src/components/popover-menu.tsx
    const missing = [...keys]
      .filter((key) => fullSystem.isRecipe(key) || fullSystem.isSlotRecipe(key))
      .filter((key) => !system.isRecipe(key) && !system.isSlotRecipe(key));
    expect(missing).toEqual([]);
  });

  it('leaves out the recipes of components the app does not use', () => {
    expect(fullSystem.isSlotRecipe('carousel')).toBe(true);
    expect(system.isSlotRecipe('carousel')).toBe(false);
    expect(system.isSlotRecipe('menu')).toBe(true);
  });
});

describe('the theme’s colour palettes', () => {
  /** Chakra's palettes (gray, red, …, pink): the token groups with a `solid` shade. */
  const palettes = Object.keys(fullSystem._config.theme?.semanticTokens?.colors ?? {}).filter((name) => fullSystem.token(`colors.${name}.solid`));

  it('has every palette the app names, in its source or through Chakra’s recipes (an alert’s status, say)', () => {
    const recipes = JSON.stringify(system._config.theme?.recipes) + JSON.stringify(system._config.theme?.slotRecipes);
    // Every source file but this theme, which names the palettes it leaves out.
    const sources = sourceFiles(path.resolve(__dirname, '..'))
      .filter((file) => file !== path.resolve(__dirname, 'theme.ts'))
      .map((file) => fs.readFileSync(file, 'utf8'));
    const named = palettes.filter((palette) => {
      const quoted = new RegExp(`['"\`]${palette}['"\`]`);
      return quoted.test(recipes) || sources.some((source) => quoted.test(source));
    });
    // The scan finds them (teal everywhere, blue through the alert's `info` status and a plan's `trialing` badge).
    expect(named).toEqual(expect.arrayContaining(['teal', 'red', 'blue', 'gray']));
    expect(named.filter((palette) => !system.token(`colors.${palette}.solid`))).toEqual([]);
  });

  it('leaves out the palettes nothing uses', () => {
    expect(palettes).toEqual(expect.arrayContaining([...UNUSED_PALETTES]));
    expect(UNUSED_PALETTES.filter((palette) => system.token(`colors.${palette}.solid`) || system.token(`colors.${palette}.500`))).toEqual([]);
  });
});
