/**
 * `npm run stack:reset`: deletes the local stack's data folder (database, stored files, logs) so the next
 * `npm start` creates the database again from the migrations and the seed. Refuses while a stack runs on it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { stackPaths } from './config.ts';
import { runningStackPid } from './stack.ts';

const paths = stackPaths();
const pid = runningStackPid(paths);
if (pid !== null) {
  console.error(`✖ A stack (pid ${pid}) is running on ${paths.dataDir}. Stop it (Ctrl-C) before resetting.`);
  process.exit(1);
}
// A database left running by a crashed stack still holds postmaster.pid with a live pid.
const postmasterPid = path.join(paths.pgData, 'postmaster.pid');
if (fs.existsSync(postmasterPid)) {
  const pgPid = Number(fs.readFileSync(postmasterPid, 'utf8').split('\n')[0]);
  let alive = false;
  try {
    if (pgPid > 0) {
      process.kill(pgPid, 0);
      alive = true;
    }
  } catch {
    alive = false;
  }
  if (alive) {
    console.error(`✖ PostgreSQL (pid ${pgPid}) is still running on ${paths.pgData}. Stop it before resetting.`);
    process.exit(1);
  }
}
if (!fs.existsSync(paths.dataDir)) {
  console.log(`Nothing to reset: ${paths.dataDir} does not exist.`);
} else {
  fs.rmSync(paths.dataDir, { recursive: true, force: true });
  console.log(`Removed ${paths.dataDir}. The next npm start creates a fresh database.`);
}
