/**
 * Serving one port of the stack on the loopback addresses only: 127.0.0.1, and ::1 where the machine has
 * it (`localhost` may resolve to ::1 first in browsers and Node 20).
 */
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { declaresBody } from './http.ts';
import { StackStartError } from './process-utils.ts';

export interface LoopbackServer {
  close(): Promise<void>;
}

/** How long a connection is read (and dropped) after an answer that came before the whole body had arrived. */
const lingeringTimeMs = 30_000;

/**
 * How long an idle keep-alive connection stays open. Node's default (5 s) raced clients that reuse a connection just
 * as the server drops it: undici closes its idle sockets a second before the timeout the server announces, and on a
 * loaded machine that second was not always enough (a browser test's service call failed with "other side closed").
 * A minute leaves room; closing the stack still ends every connection at once.
 */
const keepAliveTimeoutMs = 60_000;

/**
 * An answer sent before the request body was read (a 413, a refusal) ends the connection as nginx does: it says
 * `Connection: close` (a client must not send its next request on it), goes out with a FIN, and what the client
 * still sends is read and dropped for a while, so it sees the answer rather than a reset, and no body is ever kept.
 */
function lingerAfterEarlyAnswer(req: IncomingMessage, res: ServerResponse): void {
  // Every writer ends in writeHead (explicitly or through the first write): decide keep-alive there, when it is known
  // whether the body has been read.
  const writeHead = res.writeHead;
  res.writeHead = function writeHeadClosingEarly(this: ServerResponse, ...args: Parameters<ServerResponse['writeHead']>) {
    // A request without a body may be answered before the parser marks it complete (in its own 'request' event).
    if (!req.complete && declaresBody(req)) {
      res.shouldKeepAlive = false;
      // Node destroys a socket whose answer said `close` as soon as the answer is out; a client still sending its
      // body would then get a reset, which can discard the answer before it is read. Half-close instead, and let
      // the lingering below end the connection.
      const socket = req.socket;
      socket.destroySoon = () => void socket.end();
    }
    return writeHead.apply(this, args);
  } as ServerResponse['writeHead'];
  res.once('finish', () => {
    if (req.complete) return;
    const socket = req.socket;
    const timer = setTimeout(() => socket.destroy(), lingeringTimeMs);
    socket.once('close', () => clearTimeout(timer));
    socket.once('end', () => socket.destroy());
    socket.end();
    req.resume();
    socket.resume();
  });
}

/** Takes over a connection that asked to upgrade (a WebSocket); it owns `socket` from then on. */
export type UpgradeListener = (req: IncomingMessage, socket: Duplex, head: Buffer) => void;

export async function listenOnLoopback(
  port: number,
  name: string,
  listener: (req: IncomingMessage, res: ServerResponse) => void,
  onUpgrade?: UpgradeListener,
): Promise<LoopbackServer> {
  const servers: http.Server[] = [];
  const listen = (host: string): Promise<http.Server> =>
    new Promise((resolve, reject) => {
      const server = http.createServer((req, res) => {
        lingerAfterEarlyAnswer(req, res);
        listener(req, res);
      });
      server.keepAliveTimeout = keepAliveTimeoutMs;
      // Without a listener Node closes upgrade requests at once.
      if (onUpgrade) server.on('upgrade', onUpgrade);
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
