import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailbox, extractLinks, type MailMessage } from './index.ts';

describe('extractLinks', () => {
  it('finds http(s) hrefs (entity-decoded) and bare URLs in the text, without duplicates', () => {
    expect(extractLinks('<a href="http://a/x?y=1&amp;z=2">go</a> <a href="mailto:x@y">m</a>', 'Open http://a/x?y=1&z=2 or https://b/c')).toEqual([
      'http://a/x?y=1&z=2',
      'https://b/c',
    ]);
  });
});

describe('mailbox over HTTP', () => {
  const mailbox = createMailbox();
  let server: http.Server;
  let base = '';

  beforeAll(async () => {
    server = http.createServer((req, res) => void mailbox.handle(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    mailbox.send({ to: 'one@example.com', subject: 'First', html: '<p><a href="http://x/1">one</a></p>', text: 'http://x/1' });
    mailbox.send({ to: 'Two@Example.com', subject: 'Second <b>', html: '<p>two</p>', text: 'two' });
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('lists messages newest first as JSON, filtered by recipient case-insensitively', async () => {
    const all = (await (await fetch(`${base}/api/messages`)).json()) as MailMessage[];
    expect(all.map((message) => message.subject)).toEqual(['Second <b>', 'First']);
    const filtered = (await (await fetch(`${base}/api/messages?to=two@example.com`)).json()) as MailMessage[];
    expect(filtered).toHaveLength(1);
    expect(filtered[0]).toMatchObject({ to: 'Two@Example.com', links: [], text: 'two' });
    expect(filtered[0]!.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(Number.isNaN(Date.parse(filtered[0]!.receivedAt))).toBe(false);
  });

  it('renders an escaped, phone-friendly inbox page that says it is an in-memory dev inbox', async () => {
    const response = await fetch(`${base}/`);
    expect(response.headers.get('content-type')).toContain('text/html');
    const page = await response.text();
    expect(page).toContain('name="viewport"');
    expect(page).toContain('in-memory inbox for development');
    expect(page).toContain('Second &lt;b&gt;');
    expect(page).toContain('<a href="http://x/1">http://x/1</a>');
    expect(page.indexOf('Second &lt;b&gt;')).toBeLessThan(page.indexOf('>First<'));
  });

  it('empties on DELETE and answers 404 with a hint for unknown paths', async () => {
    expect((await fetch(`${base}/nope`)).status).toBe(404);
    expect((await fetch(`${base}/api/messages`, { method: 'DELETE' })).status).toBe(204);
    expect(mailbox.messages()).toEqual([]);
    expect(await (await fetch(`${base}/`)).text()).toContain('No email yet.');
  });
});
