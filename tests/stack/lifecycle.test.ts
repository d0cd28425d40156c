/**
 * Starting and stopping the stack itself (what `npm start`, Ctrl-C and the test setups rely on): clear
 * one-line refusals instead of stack traces, and nothing left listening after stop().
 */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { stackPaths, stackPorts, type StackPorts } from '../../local-stack/config.ts';
import { isPortFree, StackStartError } from '../../local-stack/process-utils.ts';
import { startStack } from '../../local-stack/stack.ts';
import { apiUrl } from './support.ts';

/**
 * A port base next to the test stack's, inside the same block of 100 ports, whose ports are all free now. Several
 * candidates, because these ports lie in Linux's ephemeral range, where another process's outgoing connection can
 * hold one for a while.
 */
async function spareBase(): Promise<number> {
  const testStackBase = Number(new URL(apiUrl()).port) - 1;
  for (const offset of [50, 60, 70, 80, 90]) {
    if (await allFree(stackPorts(testStackBase + offset))) return testStackBase + offset;
  }
  throw new Error(`No free port base in ${testStackBase + 50}–${testStackBase + 90}`);
}

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function tempDataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'roomguide-lifecycle-'));
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

async function occupy(port: number): Promise<void> {
  const server = net.createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
}

async function allFree(ports: StackPorts): Promise<boolean> {
  const results = await Promise.all([ports.gateway, ports.db, ports.postgrest, ports.inbox, ports.functions].map((port) => isPortFree(port)));
  return results.every(Boolean);
}

describe('stack lifecycle', () => {
  it('refuses a taken port with a one-line reason naming the port and its service', async () => {
    const ports = stackPorts(await spareBase());
    await occupy(ports.gateway);
    const error = await startStack({ ports, paths: stackPaths(tempDataDir()), app: false, quiet: true }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(StackStartError);
    expect((error as Error).message).toBe(
      `Port ${ports.gateway} (API gateway) is already in use: is another stack running? Stop it, or choose other ports with ROOMGUIDE_PORT_BASE=<base>.`,
    );
    expect(await isPortFree(ports.db)).toBe(true);
  });

  it('refuses a data folder another live stack is using', async () => {
    const dataDir = tempDataDir();
    // The parent of this test process is alive, so its pid stands in for "another stack".
    fs.writeFileSync(path.join(dataDir, 'stack.pid'), JSON.stringify({ pid: process.ppid }));
    const error = await startStack({ ports: stackPorts(await spareBase()), paths: stackPaths(dataDir), app: false, quiet: true }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(StackStartError);
    expect((error as Error).message).toContain(`Another stack (pid ${process.ppid}) is using the data folder ${dataDir}`);
  });

  it('starts a second stack on other ports, serves, and frees every port on stop()', async () => {
    const ports = stackPorts(await spareBase());
    const stack = await startStack({ ports, paths: stackPaths(tempDataDir()), app: false, quiet: true });
    let stopped = false;
    cleanups.push(async () => {
      if (!stopped) await stack.stop();
    });
    const health = await fetch(`${stack.urls.api}/functions/v1/health`);
    expect(health.status).toBe(200);
    expect(await allFree(ports)).toBe(false);

    await stack.stop();
    stopped = true;
    expect(await allFree(ports)).toBe(true);
  });
});
