/**
 * The developer's mail inbox holds password-reset links: a page on any other site open in the developer's
 * browser must not be able to read it (ask for a reset, read the email, follow the link to a session). It
 * lives on its own port, never behind the API gateway, and answers no CORS, as the Supabase CLI's mail
 * catcher does; the form submissions listing with it.
 */
import { describe, expect, inject, it } from 'vitest';
import { anonClient, signedInClient, uniqueEmail } from '../e2e/support/api.ts';
import { readInbox } from '../e2e/support/inbox.ts';
import { useBrowser } from '../e2e/support/browser.ts';
import { rawRequest } from './raw-request.ts';

const corsHeaderNames = (headers: Headers): string[] => {
  const names: string[] = [];
  headers.forEach((_value, name) => {
    if (name.startsWith('access-control-')) names.push(name);
  });
  return names;
};

describe('the mail inbox from another origin', () => {
  const browser = useBrowser();

  it('is not on the API gateway', async () => {
    for (const path of ['/inbox', '/inbox/api/messages', '/form-sink/api/submissions', '/form-sink/']) {
      const response = await fetch(`${inject('apiUrl')}${path}`, { headers: { Origin: 'https://attacker.example' } });
      expect(response.status, path).toBe(404);
      expect(response.headers.get('access-control-allow-origin'), path).toBeNull();
    }
  });

  it('answers no CORS, neither to a request nor to a preflight', async () => {
    const inbox = inject('inboxUrl');
    for (const url of [`${inbox}/api/messages`, `${inject('formSinkUrl')}/api/submissions`]) {
      const read = await fetch(url, { headers: { Origin: 'https://attacker.example' } });
      expect(read.status).toBe(200);
      expect(corsHeaderNames(read.headers)).toEqual([]);
      const preflight = await fetch(url, {
        method: 'OPTIONS',
        headers: { Origin: 'https://attacker.example', 'Access-Control-Request-Method': 'DELETE' },
      });
      expect(corsHeaderNames(preflight.headers)).toEqual([]);
    }
  });

  it('refuses a Host that is not its own (a DNS name rebound to 127.0.0.1)', async () => {
    const answer = await rawRequest(inject('inboxUrl'), '/api/messages', { headers: { host: 'attacker.example' } });
    expect(answer.status).toBe(421);
    expect(answer.body).not.toContain('@');
  });

  it('cannot be read by a page on another origin, even right after that page asked for a reset email', async () => {
    const { page } = browser;
    const { email } = await signedInClient(uniqueEmail('inbox-victim'));
    // The app's own origin stands in for "another site": it is not the inbox's origin either.
    await page.goto('/');
    const attempt = await page.evaluate(
      async ({ inboxUrl, formSinkUrl, apiUrl, victim }) => {
        const tryRead = async (url: string) => {
          try {
            const response = await fetch(url);
            return `read ${response.status}: ${(await response.text()).slice(0, 80)}`;
          } catch (error) {
            return `blocked: ${(error as Error).name}`;
          }
        };
        return {
          inbox: await tryRead(`${inboxUrl}/api/messages?to=${encodeURIComponent(victim)}`),
          page: await tryRead(`${inboxUrl}/?to=${encodeURIComponent(victim)}`),
          submissions: await tryRead(`${formSinkUrl}/api/submissions`),
          throughGateway: await tryRead(`${apiUrl}/inbox/api/messages?to=${encodeURIComponent(victim)}`),
        };
      },
      { inboxUrl: inject('inboxUrl'), formSinkUrl: inject('formSinkUrl'), apiUrl: inject('apiUrl'), victim: email },
    );
    await anonClient().auth.resetPasswordForEmail(email, { redirectTo: `${inject('appUrl')}/reset-password` });
    expect(attempt).toEqual({
      inbox: 'blocked: TypeError',
      page: 'blocked: TypeError',
      submissions: 'blocked: TypeError',
      throughGateway: 'blocked: TypeError',
    });
    // The email is there for the developer, on the inbox's own origin.
    await expect.poll(async () => (await readInbox(email)).length).toBe(1);
  });

  it('cannot be framed by another page', async () => {
    const response = await fetch(inject('inboxUrl'));
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('cross-origin-resource-policy')).toBe('same-origin');
  });
});
