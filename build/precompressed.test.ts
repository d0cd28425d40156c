/**
 * The build's Brotli copies and the preview server's middleware that sends them, on a real HTTP server (127.0.0.1).
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveBrotliFiles, writeBrotliFiles } from './precompressed.ts';

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

let dir: string;
let server: http.Server;
let port: number;
const script = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, index) => `word-${index}`))};\n`;

function request(pathname: string, headers: Record<string, string>, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const outgoing = http.request({ host: '127.0.0.1', port, path: pathname, method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'roomguide-precompressed-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'assets', 'app-1a2b.js'), script);
  fs.writeFileSync(path.join(dir, 'assets', 'tiny.js'), 'export {};\n');
  fs.writeFileSync(path.join(dir, 'logo.png'), Buffer.alloc(4096));
  const middleware = serveBrotliFiles(dir);
  server = http.createServer((req, res) => {
    res.setHeader('Cache-Control', 'public, max-age=31536000, immutable'); // an earlier middleware's header
    middleware(req, res, () => {
      res.statusCode = 299; // "the next middleware", here a marker
      res.end('next');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('the Brotli copies of the build', () => {
  it('are written for text files from 1 KB up, and decompress to the file', async () => {
    expect(await writeBrotliFiles(dir)).toBe(1);
    const copy = fs.readFileSync(path.join(dir, 'assets', 'app-1a2b.js.br'));
    expect(copy.length).toBeLessThan(script.length / 3);
    expect(zlib.brotliDecompressSync(copy).toString()).toBe(script);
    expect(fs.existsSync(path.join(dir, 'assets', 'tiny.js.br'))).toBe(false);
    expect(fs.existsSync(path.join(dir, 'logo.png.br'))).toBe(false);
  });

  it('are sent to a browser that accepts Brotli, with the type, the earlier headers and a validator', async () => {
    const answer = await request('/assets/app-1a2b.js?v=1', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(answer.headers.vary).toBe('Accept-Encoding');
    expect(zlib.brotliDecompressSync(answer.body).toString()).toBe(script);

    const again = await request('/assets/app-1a2b.js', { 'accept-encoding': 'br', 'if-none-match': String(answer.headers.etag) });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);

    const head = await request('/assets/app-1a2b.js', { 'accept-encoding': 'br' }, 'HEAD');
    expect(head.headers['content-length']).toBe(String(fs.statSync(path.join(dir, 'assets', 'app-1a2b.js.br')).size));
  });

  it('are left to the next middleware without Brotli, without a copy, for other methods and outside the build', async () => {
    expect((await request('/assets/app-1a2b.js', { 'accept-encoding': 'gzip' })).body.toString()).toBe('next');
    expect((await request('/assets/tiny.js', { 'accept-encoding': 'br' })).body.toString()).toBe('next');
    expect((await request('/assets/app-1a2b.js', { 'accept-encoding': 'br' }, 'POST')).body.toString()).toBe('next');
    expect((await request('/assets/%2e%2e/%2e%2e/etc/passwd', { 'accept-encoding': 'br' })).body.toString()).toBe('next');
    expect((await request('/assets/%E0%A4%A', { 'accept-encoding': 'br' })).body.toString()).toBe('next');
  });
});
