/**
 * Reading requests and writing answers for every in-process service of the local stack (gateway, Auth,
 * Storage, the Stripe stand-in, the form sink, the dev inbox). Bodies are always read against a size cap,
 * as the services behind Supabase's gateway do: one oversized request must never grow the stack process,
 * which hosts all of them.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

/** The cap for JSON and form bodies (GoTrue, the Stripe API and hosted form services refuse far less). */
export const jsonBodyLimit = 1024 * 1024;

export class BodyTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`Request body too large (max ${limit} bytes)`);
    this.name = 'BodyTooLargeError';
  }
}

/**
 * The whole body, or a BodyTooLargeError as soon as it passes `limit` bytes (at once when Content-Length says
 * so). What is left of an oversized body is read and dropped rather than kept, so the caller can still send
 * its 413 on the same connection and memory stays flat whatever the client sends.
 */
export function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > limit) {
      req.resume();
      reject(new BodyTooLargeError(limit));
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer | string): void => {
      const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      size += buffer.length;
      if (size > limit) {
        req.off('data', onData);
        req.off('end', onEnd);
        chunks.length = 0;
        req.resume();
        reject(new BodyTooLargeError(limit));
        return;
      }
      chunks.push(buffer);
    };
    const onEnd = (): void => resolve(Buffer.concat(chunks));
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', reject);
  });
}

export async function readText(req: IncomingMessage, limit = jsonBodyLimit): Promise<string> {
  return (await readBody(req, limit)).toString('utf8');
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const payload = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(payload), ...headers });
  res.end(payload);
}

export function sendHtml(res: ServerResponse, status: number, html: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Length': Buffer.byteLength(html), ...headers });
  res.end(html);
}

export function redirect(res: ServerResponse, location: string): void {
  res.writeHead(303, { Location: location, 'Content-Length': 0 });
  res.end();
}

/** Whether the request says a body follows (Content-Length above 0, or chunked). */
export function declaresBody(req: IncomingMessage): boolean {
  return req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;
}

/** One request header as a string (the first, when a client sent it twice). */
export function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

const htmlEntities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => htmlEntities[char]!);
}
