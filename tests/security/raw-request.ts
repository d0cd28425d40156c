/**
 * Requests exactly as an attacker writes them: node:http sends the request target byte for byte (fetch and
 * browsers resolve `..` and re-encode before sending), and bodies can be streamed without a length.
 */
import http from 'node:http';

export interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export function rawRequest(
  baseUrl: string,
  target: string,
  opts: { method?: string; headers?: Record<string, string>; host?: string; localAddress?: string } = {},
): Promise<RawAnswer> {
  const base = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: opts.host ?? base.hostname.replace(/^\[|\]$/g, ''),
        port: base.port,
        method: opts.method ?? 'GET',
        path: target,
        headers: opts.headers,
        localAddress: opts.localAddress,
        agent: false,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks).toString('utf8') }));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end();
  });
}
