/**
 * The theme keeps only the recipes of the Chakra components the app uses (theme.ts): every component imported from
 * '@chakra-ui/react' anywhere in src that has a recipe in Chakra's full theme must find it in ours, or it would
 * render unstyled.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createSystem, defaultConfig } from '@chakra-ui/react';
import { describe, expect, it } from 'vitest';
import { system } from './theme';

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

function importedChakraNames(): Set<string> {
  const names = new Set<string>();
  for (const file of sourceFiles(path.resolve(__dirname, '..'))) {
    for (const match of fs.readFileSync(file, 'utf8').matchAll(/import\s*\{([^}]*)\}\s*from\s*'@chakra-ui\/react'/g)) {
      for (const part of match[1].split(',')) {
        const name = part.replace(/^\s*type\s+/, '').trim();
        if (/^[A-Z]/.test(name)) names.add(name);
      }
    }
  }
  return names;
}

describe('the theme’s recipes', () => {
  it('has the recipe of every Chakra component the app imports', () => {
    const names = importedChakraNames();
    // The scan finds the components (a broken pattern would find none and prove nothing).
    expect(names).toContain('Button');
    expect(names).toContain('Menu');
    const missing = [...names]
      .map((name) => recipeOf[name] ?? name[0].toLowerCase() + name.slice(1))
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
