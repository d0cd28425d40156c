/**
 * Bad input to Storage gets Storage's own answers: a body of the wrong shape is a 400 naming the field (not a 500),
 * an object key outside Storage's allowed characters is refused with InvalidKey and nothing is stored, paths with
 * encoded dots or separators are answered (never a dropped connection), and an answer sent before the body was read
 * says `Connection: close`, since the server then closes the connection.
 */
import http from 'node:http';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { anonKey, jwtSecret } from '../../local-stack/config.ts';
import { signHs256 } from '../../local-stack/jwt.ts';
import { signedInClient } from '../e2e/support/api.ts';

interface Answer {
  status: number;
  connection: string | undefined;
  body: Record<string, unknown>;
}

let token: string;
let userId: string;

/** One request on a keep-alive connection, with the target sent byte for byte. */
function send(method: string, target: string, body: Buffer | string = '', headers: Record<string, string> = {}, shared?: http.Agent): Promise<Answer> {
  const api = new URL(inject('apiUrl'));
  const payload = typeof body === 'string' ? Buffer.from(body) : body;
  const agent = shared ?? new http.Agent({ keepAlive: true });
  return new Promise<Answer>((resolve, reject) => {
    const request = http.request(
      {
        host: api.hostname,
        port: api.port,
        method,
        path: target,
        agent,
        headers: { apikey: anonKey, authorization: `Bearer ${token}`, 'content-length': String(payload.length), ...headers },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({
            status: response.statusCode ?? 0,
            connection: response.headers.connection,
            body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
          });
        });
      },
    );
    request.on('error', reject);
    request.end(payload);
  }).finally(() => {
    if (!shared) agent.destroy();
  });
}

const json = { 'content-type': 'application/json' };

beforeAll(async () => {
  const user = await signedInClient();
  userId = user.userId;
  token = (await user.client.auth.getSession()).data.session!.access_token;
});

describe('Storage bad input', () => {
  it.each([
    ['/storage/v1/object/list/qr_images', { prefix: 42 }, 'body/prefix must be string'],
    ['/storage/v1/object/list/qr_images', { prefix: '', limit: 'ten' }, 'body/limit must be integer'],
    ['/storage/v1/object/list/qr_images', { prefix: '', sortBy: 'name' }, 'body/sortBy must be object'],
    ['/storage/v1/object/list/qr_images', { prefix: '', sortBy: { column: ['name'] } }, 'body/sortBy/column must be string'],
    ['/storage/v1/object/sign/qr_images', { expiresIn: 60, paths: [1] }, 'body/paths/0 must be string'],
  ])('POST %s with %j is a 400 naming the field', async (target, body, message) => {
    const answer = await send('POST', target, JSON.stringify(body), json);
    expect(answer).toMatchObject({ status: 400, body: { statusCode: '400', code: 'InvalidRequest', message } });
  });

  it('a remove list holding something other than paths is a 400', async () => {
    const answer = await send('DELETE', '/storage/v1/object/qr_images', JSON.stringify({ prefixes: [{ path: 'x' }] }), json);
    expect(answer).toMatchObject({ status: 400, body: { statusCode: '400', code: 'InvalidRequest', message: 'body/prefixes/0 must be string' } });
  });

  it.each(['key%01rule.png', 'key%7Frule.png', 'per%25cent.png', 'hash%23.png', 'caf%C3%A9.png'])(
    'an object key %s outside Storage’s characters is refused and not stored',
    async (name) => {
      const answer = await send('POST', `/storage/v1/object/qr_images/${userId}/${name}`, 'png', { 'content-type': 'image/png' });
      expect(answer).toMatchObject({ status: 400, body: { statusCode: '400', code: 'InvalidKey' } });
      const listed = await send('POST', '/storage/v1/object/list/qr_images', JSON.stringify({ prefix: userId }), json);
      expect(listed.body).toEqual([]);
    },
  );

  it('a move to a key outside Storage’s characters is refused', async () => {
    expect((await send('POST', `/storage/v1/object/qr_images/${userId}/ok.png`, 'png', { 'content-type': 'image/png' })).status).toBe(200);
    const answer = await send(
      'POST',
      '/storage/v1/object/move',
      JSON.stringify({ bucketId: 'qr_images', sourceKey: `${userId}/ok.png`, destinationKey: `${userId}/bad\u0001.png` }),
      json,
    );
    expect(answer).toMatchObject({ status: 400, body: { code: 'InvalidKey' } });
  });

  it.each(['[false]', '"text"', '42', 'null'])(
    'user metadata %s that is JSON but not an object is stored, not a 500 (the fuzz suite found it)',
    async (metadata) => {
      const form = new FormData();
      form.append('metadata', metadata);
      form.append('', new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' }), 'm.png');
      const response = await fetch(
        `${inject('apiUrl')}/storage/v1/object/qr_images/${userId}/metadata-${encodeURIComponent(metadata.replace(/\W/g, ''))}.png`,
        {
          method: 'POST',
          headers: { apikey: anonKey, authorization: `Bearer ${token}` },
          body: form,
        },
      );
      expect(response.status).toBe(200);
    },
  );

  it('a validly signed token whose sub is not a uuid is a 400, not a 500 (the fuzz suite found it)', async () => {
    // jose types `sub` as a string; a token signed elsewhere can carry any JSON value there.
    const odd = await signHs256({ role: 'authenticated', sub: 0 as unknown as string, exp: Math.floor(Date.now() / 1000) + 3600 }, jwtSecret);
    const answer = await send('POST', '/storage/v1/object/list/qr_images', JSON.stringify({ prefix: '' }), { ...json, authorization: `Bearer ${odd}` });
    expect(answer).toMatchObject({ status: 400, body: { statusCode: '400', code: 'InvalidRequest' } });
  });

  const encodedPaths = [
    'qr_images/%2e%2e/x.png',
    'qr_images/a%2e%2e/x.png',
    'qr_images/%2e%2e%2fx.png',
    'qr_images/a%2Fb.png',
    'qr_images/..%2F..%2Fetc%2Fpasswd',
    '%2e%2e/qr_images/x.png',
    'qr_images/%252e%252e/x.png',
  ];

  it.each(encodedPaths)('an upload to …/object/%s is answered, not dropped', async (path) => {
    for (const size of [16, 4 * 1024 * 1024]) {
      const answer = await send('POST', `/storage/v1/object/${path}`, Buffer.alloc(size, 1), { 'content-type': 'image/png' });
      expect(answer.status).toBeGreaterThanOrEqual(400);
      expect(answer.status).toBeLessThan(500);
      expect(answer.body).toHaveProperty('message');
    }
  });

  it.each(encodedPaths)('a download of …/object/authenticated/%s is answered, not dropped', async (path) => {
    const answer = await send('GET', `/storage/v1/object/authenticated/${path}`);
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.status).toBeLessThan(500);
  });

  it('an answer sent before the body was read says Connection: close', async () => {
    const tooLarge = await send('POST', '/storage/v1/object/list/qr_images', Buffer.alloc(2 * 1024 * 1024, 32), json);
    expect(tooLarge.status).toBe(400);
    expect(tooLarge.body).toMatchObject({ statusCode: '413' });
    expect(tooLarge.connection).toBe('close');
    const refused = await send('POST', '/storage/v1/object/qr_images/a%2Fb.png', Buffer.alloc(1024 * 1024, 1), { 'content-type': 'image/png' });
    expect(refused.connection).toBe('close');
    // A request whose body was read keeps its connection.
    const read = await send('POST', '/storage/v1/object/list/qr_images', JSON.stringify({ prefix: userId }), json);
    expect(read.connection).toBe('keep-alive');
  });

  it('a client that keeps its connections gets an answer to its next request after an early refusal', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      for (const path of encodedPaths) {
        const refused = await send('POST', `/storage/v1/object/${path}`, Buffer.alloc(256 * 1024, 1), { 'content-type': 'image/png' }, agent);
        expect(refused.status).toBeGreaterThanOrEqual(400);
        const next = await send('POST', '/storage/v1/object/list/qr_images', JSON.stringify({ prefix: userId }), json, agent);
        expect(next.status).toBe(200);
      }
    } finally {
      agent.destroy();
    }
  });
});
