/**
 * Small helpers the stack's child processes share: spawning in their own process group (so one signal
 * stops a process and everything it started), waiting for a port, reading a log tail for error messages.
 */
import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

/** A startup failure that `npm start` prints as one line plus the tail of `logFile`, not a stack trace. */
export class StackStartError extends Error {
  constructor(
    message: string,
    readonly logFile?: string,
  ) {
    super(message);
    this.name = 'StackStartError';
  }
}

export interface ManagedProcess {
  child: ChildProcess;
  logFile: string;
  /** Resolves when the process has exited (immediately if it already has). */
  exited: Promise<number | null>;
  /** The same moment, said for people: "exit code 137" or "signal SIGKILL". */
  ended: Promise<string>;
  /** SIGTERM to the whole process group, SIGKILL after `graceMs`; resolves once it is gone. */
  stop(graceMs?: number): Promise<void>;
}

/**
 * Spawns `command` detached into its own process group with stdout/stderr appended to `logFile`.
 * Detached children do not receive the terminal's Ctrl-C, so the stack stops them in order instead.
 */
export function spawnManaged(
  command: string,
  args: string[],
  options: SpawnOptions & {
    logFile: string;
    /** Give the child a stdin pipe that closes when this process dies. */
    stdinPipe?: boolean;
  },
): ManagedProcess {
  fs.mkdirSync(path.dirname(options.logFile), { recursive: true });
  const logFd = fs.openSync(options.logFile, 'a');
  const { logFile: _logFile, stdinPipe, ...spawnOptions } = options;
  void _logFile;
  const child = spawn(command, args, { ...spawnOptions, detached: true, stdio: [stdinPipe ? 'pipe' : 'ignore', logFd, logFd] });
  child.stdin?.on('error', () => {});
  fs.closeSync(logFd);
  const ended = new Promise<{ code: number | null; how: string }>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve({ code: child.exitCode, how: describeExit(child.exitCode, child.signalCode) });
    child.once('exit', (code, signal) => resolve({ code, how: describeExit(code, signal) }));
    child.once('error', (error) => resolve({ code: null, how: `could not run: ${error.message}` }));
  });
  const exited = ended.then(({ code }) => code);
  const stop = async (graceMs = 5000): Promise<void> => {
    if (child.pid === undefined) return;
    if (child.exitCode === null && child.signalCode === null) {
      killGroup(child.pid, 'SIGTERM');
      const timer = setTimeout(() => killGroup(child.pid!, 'SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
    }
    // The leader is gone (stopped, or crashed on its own): make sure nothing it started is left in the group (a
    // wrapper's stdin watcher), and let go of the pipe to it.
    killGroup(child.pid, 'SIGKILL');
    child.stdin?.destroy();
  };
  return { child, logFile: options.logFile, exited, ended: ended.then(({ how }) => how), stop };
}

export function describeExit(code: number | null, signal: NodeJS.Signals | null): string {
  return signal ? `signal ${signal}` : `exit code ${code}`;
}

/**
 * For programs that cannot watch their stdin themselves (PostgREST): runs `command args…` under /bin/sh
 * with a watcher that kills it when the stdin pipe from this process reaches EOF, i.e. when the stack's
 * Node process is gone, even after SIGKILL. Use with `stdinPipe: true`.
 */
export function exitWithParent(command: string, args: string[]): { command: string; args: string[] } {
  const script = ['exec 3<&0', '"$@" </dev/null & child=$!', '(cat <&3 >/dev/null; kill $child 2>/dev/null) &', 'exec 3<&-', 'wait $child'].join('\n');
  return { command: '/bin/sh', args: ['-c', script, path.basename(command), command, ...args] };
}

function killGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // ESRCH: the group is already gone.
  }
}

/** True when nothing accepts connections on host:port. */
export function isPortFree(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen({ port, host, exclusive: true }, () => server.close(() => resolve(true)));
  });
}

function canConnect(port: number, host: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * Polls until `check` says ready, the process exits (then it throws with the log), or `timeoutMs` passes.
 * The poll interval grows from 50 ms to 250 ms: fast when the service is quick, cheap when it is not.
 */
export async function waitUntil(what: string, check: () => Promise<boolean>, opts: { timeoutMs: number; process?: ManagedProcess }): Promise<void> {
  const deadline = Date.now() + opts.timeoutMs;
  let exitedWith: number | null | undefined;
  void opts.process?.exited.then((code) => (exitedWith = code));
  let delay = 50;
  for (;;) {
    if (exitedWith !== undefined) {
      throw new StackStartError(`${what} exited during startup (code ${exitedWith})`, opts.process?.logFile);
    }
    if (await check().catch(() => false)) return;
    if (Date.now() > deadline) {
      throw new StackStartError(`${what} did not become ready within ${Math.round(opts.timeoutMs / 1000)} s`, opts.process?.logFile);
    }
    await new Promise((r) => setTimeout(r, delay));
    delay = Math.min(delay + 50, 250);
  }
}

export function waitForPort(what: string, port: number, opts: { timeoutMs: number; process?: ManagedProcess }): Promise<void> {
  return waitUntil(what, () => canConnect(port, '127.0.0.1'), opts);
}

/** The last `lines` lines of a log file ('' when it does not exist). */
export function logTail(file: string, lines = 12): string {
  try {
    const text = fs.readFileSync(file, 'utf8');
    return text.trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
}
