/**
 * The files generated from the migrations (`npm run db:types`, `npm run db:schema`): each is made from a throw-away
 * database holding exactly the migrations (so a developer's local data or experiments never leak into it), then
 * written, or with `--check` compared with the committed file (exit 1 when it differs).
 *
 * Ports: ROOMGUIDE_PORT_BASE, else 55380 (beside the tests' 55320, away from `npm start`'s 54320).
 * With DATABASE_URL set, that database is used as it is (a generated file is never a reason to wipe a server).
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { projectRoot, stackPaths, stackPorts } from '../config.ts';
import { startDatabase } from './index.ts';

async function withMigratedDatabase<T>(work: (databaseUrl: string) => Promise<T>): Promise<T> {
  const external = process.env.DATABASE_URL;
  if (external) return work(external);
  const base = Number(process.env.ROOMGUIDE_PORT_BASE ?? 55380);
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'roomguide-generated-'));
  try {
    const database = await startDatabase({ ports: stackPorts(base), paths: stackPaths(dataDir), fresh: true });
    try {
      return await work(database.url);
    } finally {
      await database.stop();
    }
  } finally {
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

/** Writes `file` from `generate`, or with `--check` only compares; `script` names the command that regenerates it. */
export async function writeGeneratedFile(file: string, script: string, generate: (databaseUrl: string) => Promise<string>): Promise<void> {
  const check = process.argv.includes('--check');
  const generated = await withMigratedDatabase(generate);
  const committed = await fs.readFile(file, 'utf8').catch(() => '');
  const name = path.relative(projectRoot, file);
  if (check) {
    if (committed !== generated) {
      console.error(`${name} is out of date: run ${script} and commit it.`);
      process.exitCode = 1;
    } else {
      console.log(`${name} matches the migrations.`);
    }
  } else if (committed === generated) {
    console.log(`${name} is already up to date.`);
  } else {
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.writeFile(file, generated);
    console.log(`Wrote ${name}.`);
  }
}
