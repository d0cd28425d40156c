/**
 * Who runs PostgreSQL, and from where. As root the local stack runs PostgreSQL as the `postgres` system user, who must be able to enter every folder above
 * its binaries. A checkout inside a private folder (`mktemp -d` makes 0700 folders) hides node_modules from that user,
 * and initdb then fails with a bare `spawn … EACCES`. When that is so, the binaries' folder is copied once per machine
 * and version into the system's temporary folder, where every user can reach it, and run from there.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { DatabaseError, firstLine } from './errors.ts';

const execFileAsync = promisify(execFile);

export interface RunAs {
  uid: number;
  gid: number;
}

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

/** PostgreSQL refuses to run as root: as root, run it as a `postgres` system user (created if missing). */
export async function systemUserForPostgres(): Promise<RunAs | undefined> {
  if (!isRoot()) return undefined;
  const lookup = async (): Promise<RunAs> => {
    const [uid, gid] = await Promise.all([execFileAsync('id', ['-u', 'postgres']), execFileAsync('id', ['-g', 'postgres'])]);
    return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
  };
  try {
    return await lookup();
  } catch {
    try {
      await execFileAsync('groupadd', ['postgres']).catch(() => undefined);
      await execFileAsync('useradd', ['-g', 'postgres', 'postgres']);
      return await lookup();
    } catch (error) {
      throw new DatabaseError(`Running as root, and could not create the 'postgres' system user PostgreSQL needs: ${firstLine(error)}`);
    }
  }
}

/** The package's folder holding bin/, lib/ and share/. */
const installOf = (postgres: string) => path.dirname(path.dirname(postgres));

/** Whether `runAs` can run the file (it enters every folder above it and may execute it). */
export async function canRun(file: string, runAs: RunAs): Promise<boolean> {
  try {
    await execFileAsync(file, ['--version'], { uid: runAs.uid, gid: runAs.gid });
    return true;
  } catch {
    return false;
  }
}

/** Copies `install` to a folder every user can read, named by its version; the copy is made once and renamed in place. */
async function publicCopyOf(install: string, postgres: string): Promise<string> {
  const { stdout } = await execFileAsync(postgres, ['--version']);
  const version = createHash('sha256').update(`${install}\n${stdout}`).digest('hex').slice(0, 12);
  const target = path.join(os.tmpdir(), `roomguide-postgres-${version}`);
  if (existsSync(path.join(target, 'bin', 'postgres'))) return target;
  const staging = `${target}.${process.pid}.${Date.now()}`;
  await fs.cp(install, staging, { recursive: true, preserveTimestamps: true, verbatimSymlinks: true });
  await fs.chmod(staging, 0o755);
  // Several stacks may start at once: the first rename wins and the others use its copy.
  await fs.rename(staging, target).catch(async (error: unknown) => {
    await fs.rm(staging, { recursive: true, force: true });
    if (!existsSync(path.join(target, 'bin', 'postgres'))) throw error;
  });
  return target;
}

/** The binaries as `runAs` can run them: where they are when it can, else from a copy in the temporary folder. */
export async function reachableBinaries<T extends { initdb: string; postgres: string }>(binaries: T, runAs: RunAs | undefined): Promise<T> {
  if (!runAs || (await canRun(binaries.postgres, runAs))) return binaries;
  const install = installOf(binaries.postgres);
  let copy: string;
  try {
    copy = await publicCopyOf(install, binaries.postgres);
  } catch (error) {
    throw new DatabaseError(
      `PostgreSQL runs as the 'postgres' user, who cannot reach ${install} (a folder above it is private), and copying it to ${os.tmpdir()} failed: ${firstLine(error)}. Make the checkout's folders readable by others (chmod o+rx) or clone it elsewhere.`,
    );
  }
  const moved = (file: string) => path.join(copy, path.relative(install, file));
  const relocated = { ...binaries, initdb: moved(binaries.initdb), postgres: moved(binaries.postgres) };
  if (!(await canRun(relocated.postgres, runAs))) {
    throw new DatabaseError(`PostgreSQL runs as the 'postgres' user, who cannot run it from ${install} nor from its copy in ${copy}.`);
  }
  return relocated;
}
