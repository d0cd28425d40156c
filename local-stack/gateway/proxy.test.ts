import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { proxy } from './proxy.ts';

/**
 * An upstream that answers the first request on each connection and then drops the connection without a word when
 * the next one arrives on it: what a server that closes idle kept-alive connections looks like to a client that reuses
 * one at that moment.
 */
async function upstreamDroppingReusedConnections(): Promise<{ url: string; requests: string[]; close(): Promise<void> }> {
  const requests: string[] = [];
  const served = new WeakSet<object>();
  const server = http.createServer((req, res) => {
    if (served.has(req.socket)) {
      req.socket.destroy();
      return;
    }
    served.add(req.socket);
    requests.push(`${req.method} ${req.url}`);
    req.resume();
    req.on('end', () => res.end('ok'));
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A gateway-like server that proxies everything to `target` through one kept-alive agent. */
async function gatewayTo(target: string): Promise<{ url: string; close(): Promise<void> }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const server = http.createServer((req, res) => {
    void proxy({ agent, req, res, target, pathAndQuery: req.url ?? '/', headers: req.headers, bodyLimit: 1024 });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise((resolve) => {
        agent.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

describe('proxy over kept-alive upstream connections', () => {
  it('sends a request without a body again when its reused connection was closed by the upstream', async () => {
    const upstream = await upstreamDroppingReusedConnections();
    const gateway = await gatewayTo(upstream.url);
    closers.push(gateway.close, upstream.close);
    expect((await fetch(`${gateway.url}/first`)).status).toBe(200);
    const second = await fetch(`${gateway.url}/second`);
    expect(second.status).toBe(200);
    expect(await second.text()).toBe('ok');
    expect(upstream.requests).toEqual(['GET /first', 'GET /second']);
  });

  it('does not send a request with a body twice: it answers 503 with Retry-After', async () => {
    const upstream = await upstreamDroppingReusedConnections();
    const gateway = await gatewayTo(upstream.url);
    closers.push(gateway.close, upstream.close);
    expect((await fetch(`${gateway.url}/first`)).status).toBe(200);
    const write = await fetch(`${gateway.url}/write`, { method: 'POST', body: '{"a":1}', headers: { 'content-type': 'application/json' } });
    expect(write.status).toBe(503);
    expect(write.headers.get('retry-after')).toBe('1');
    expect(upstream.requests).toEqual(['GET /first']);
  });
});
