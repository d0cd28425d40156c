import fs from 'node:fs';
import path from 'node:path';
import * as contract from './contract';

const root = path.resolve(__dirname, '../..');
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');

/** The contract's string values (attributes, ids, keys, cache names, markers, marks, the message type). */
const names: [string, string][] = Object.entries(contract).flatMap(([name, value]): [string, string][] => (typeof value === 'string' ? [[name, value]] : []));

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

describe('the first paint contract', () => {
  it('is where each name is written: no other source file spells one out', () => {
    const files = [...sourceFiles('src'), 'prerender.config.ts', 'pwa.config.ts', 'vite.config.ts'].filter(
      (file) => !file.endsWith(path.join('first-paint', 'contract.ts')),
    );
    const spelled = files.flatMap((file) => {
      // Comments may name them; code may not.
      const text = read(file)
        .split('\n')
        .filter((line) => !/^\s*(\*|\/\/|\/\*)/.test(line))
        .join('\n');
      return names
        .filter(([, value]) => new RegExp(`['"\`]${value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}['"\`]`).test(text))
        .map(([name]) => `${file}: ${name}`);
    });
    expect(spelled).toEqual([]);
  });

  it("matches what index.html, guide.html and the guide's stylesheet say without importing it", () => {
    const appPage = read('index.html');
    expect(appPage).toContain(contract.APP_BOOT_SCRIPT_MARKER);
    expect(appPage).toContain(`html[${contract.RELANG_ATTRIBUTE}] #${contract.APP_ROOT_ID}`);
    expect(appPage).toContain(`html[${contract.LEAVING_ATTRIBUTE}] body`);
    expect(appPage).toContain(`html[${contract.SIGNED_IN_ATTRIBUTE}] [${contract.VISITOR_ONLY_ATTRIBUTE}]`);
    expect(appPage).toContain(`<div id="${contract.APP_ROOT_ID}"></div>`);
    const guidePage = read('guide.html');
    expect(guidePage).toContain(contract.BOOT_SCRIPTS_MARKER);
    expect(guidePage).toContain(`id="${contract.APP_ROOT_ID}"`);
    expect(read('src/features/guide/guide-controls.css')).toContain(`.rg-guide[data-static] [${contract.TAPPED_ATTRIBUTE}]`);
  });

  it('gives every attribute, key and cache its own name', () => {
    const values = names.map(([, value]) => value);
    expect(new Set(values).size).toBe(values.length);
    const caches = names.filter(([name]) => name.endsWith('_CACHE')).map(([, value]) => value);
    expect(caches).toHaveLength(6);
    expect(caches.every((name) => name.startsWith('roomguide-'))).toBe(true);
    expect(contract.RETIRED_CACHES.filter((name) => caches.includes(name))).toEqual([]);
  });
});
