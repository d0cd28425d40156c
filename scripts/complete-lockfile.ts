/**
 * Adds lockfile entries for other platforms' optional binaries that the registry mirror of our build
 * machines does not serve (it answers 404 for e.g. @rollup/rollup-darwin-arm64, so `npm install` leaves them
 * out of package-lock.json). Without them `npm ci` refuses the lockfile as "out of sync" ("Missing: … from
 * lock file"). The added entries carry the os/cpu/libc npm needs to skip them on other platforms and, with no
 * `resolved`, are fetched from the configured registry by name and version where that platform is used.
 *
 * Run after any `npm install` that changes dependencies: `npx tsx scripts/complete-lockfile.ts`.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

interface LockEntry {
  version?: string;
  dev?: boolean;
  optional?: boolean;
  os?: string[];
  cpu?: string[];
  libc?: string[];
  optionalDependencies?: Record<string, string>;
  [key: string]: unknown;
}

interface Lockfile {
  packages: Record<string, LockEntry>;
  [key: string]: unknown;
}

const osNames: Record<string, string> = {
  darwin: 'darwin',
  linux: 'linux',
  win32: 'win32',
  windows: 'win32',
  android: 'android',
  freebsd: 'freebsd',
  openbsd: 'openbsd',
  openharmony: 'openharmony',
};
const cpuNames: Record<string, string> = {
  x64: 'x64',
  arm64: 'arm64',
  arm: 'arm',
  ia32: 'ia32',
  loong64: 'loong64',
  ppc64: 'ppc64',
  riscv64: 'riscv64',
  s390x: 's390x',
};

/** Reads os, cpu and libc from a platform package's name (`rollup-linux-arm64-musl`, `cli-windows-x64`, …). */
export function platformOf(name: string): Pick<LockEntry, 'os' | 'cpu' | 'libc'> | null {
  const words = name.replace(/^@[^/]+\//, '').split('-');
  const os = words.map((word) => osNames[word]).find(Boolean);
  const cpu = words.map((word) => (word === 'eabi' ? undefined : cpuNames[word])).find(Boolean);
  if (!os || !cpu) return null;
  const libc = os === 'linux' ? (words.some((w) => w.startsWith('musl')) ? ['musl'] : ['glibc']) : undefined;
  return { os: [os], cpu: [cpu], ...(libc ? { libc } : {}) };
}

function main(): void {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const file = path.join(root, 'package-lock.json');
  const lock = JSON.parse(readFileSync(file, 'utf8')) as Lockfile;
  const added: string[] = [];
  for (const [parentPath, parent] of Object.entries(lock.packages)) {
    for (const [name, spec] of Object.entries(parent.optionalDependencies ?? {})) {
      const nested = `${parentPath ? `${parentPath}/` : ''}node_modules/${name}`;
      if (lock.packages[nested] || lock.packages[`node_modules/${name}`]) continue;
      const platform = platformOf(name);
      if (!platform) continue;
      lock.packages[`node_modules/${name}`] = {
        version: spec.replace(/^[v=^~]+/, ''),
        ...(parent.dev ? { dev: true } : {}),
        optional: true,
        ...platform,
      };
      added.push(name);
    }
  }
  lock.packages = Object.fromEntries(Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))));
  writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
  console.log(added.length ? `Added ${added.length} platform entries: ${added.join(', ')}` : 'Lockfile already complete.');
}

main();
