/**
 * Serving one port of the stack on the loopback addresses only: 127.0.0.1, and ::1 where the machine has
 * it (`localhost` may resolve to ::1 first in browsers and Node 20).
 */
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import { StackStartError } from './process-utils.ts';

export interface LoopbackServer {
  close(): Promise<void>;
}

export async function listenOnLoopback(port: number, name: string, listener: (req: IncomingMessage, res: ServerResponse) => void): Promise<LoopbackServer> {
  const servers: http.Server[] = [];
  const listen = (host: string): Promise<http.Server> =>
    new Promise((resolve, reject) => {
      const server = http.createServer(listener);
      server.once('error', reject);
      server.listen({ port, host, exclusive: true }, () => {
        server.off('error', reject);
        resolve(server);
      });
    });

  try {
    servers.push(await listen('127.0.0.1'));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new StackStartError(code === 'EADDRINUSE' ? `Port ${port} (${name}) is already in use` : `The ${name} could not listen on ${port}: ${String(error)}`);
  }
  try {
    servers.push(await listen('::1'));
  } catch {
    // No IPv6 loopback on this machine, or the port is taken there: 127.0.0.1 is enough.
  }
  return {
    async close() {
      await Promise.all(
        servers.map(
          (server) =>
            new Promise<void>((resolve) => {
              server.close(() => resolve());
              server.closeAllConnections();
            }),
        ),
      );
    },
  };
}
