/**
 * The stack's children as the operating system sees them: the test kills the real processes (PostgREST's binary,
 * not its shell wrapper; Deno; the PostgreSQL postmaster), found among the descendants of the process that runs the
 * stack.
 */
import fs from 'node:fs';
import path from 'node:path';

interface ProcessInfo {
  pid: number;
  parent: number;
  argv: string[];
}

function processes(): ProcessInfo[] {
  const found: ProcessInfo[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid)) continue;
    try {
      // The command name in `stat` is in parentheses and may hold spaces: the fields after it are plain.
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const argv = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
      found.push({ pid, parent, argv });
    } catch {
      // Gone while reading.
    }
  }
  return found;
}

function descendants(root: number): ProcessInfo[] {
  const all = processes();
  const inTree = new Set([root]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const info of all) {
      if (!inTree.has(info.pid) && inTree.has(info.parent)) {
        inTree.add(info.pid);
        grew = true;
      }
    }
  }
  return all.filter((info) => info.pid !== root && inTree.has(info.pid));
}

export type Child = 'postgrest' | 'deno' | 'postgres';

/** The pid of the stack's running `child`; throws when there is not exactly one. */
export function childPid(stackPid: number, child: Child): number {
  const matches = descendants(stackPid).filter(({ argv }) => {
    const program = path.basename(argv[0] ?? '');
    if (child === 'postgres') return program === 'postgres' && argv.includes('-D');
    return program === child;
  });
  if (matches.length !== 1) throw new Error(`Expected one ${child} under pid ${stackPid}, found ${matches.map((m) => m.pid).join(', ') || 'none'}`);
  return matches[0]!.pid;
}
