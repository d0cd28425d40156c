/**
 * Guessing a password must run into GoTrue's rate limit: Auth keeps a bucket of 30 requests per client address
 * for every /token grant (config.toml [auth.rate_limit] token_refresh, refilled at 150 per 5 minutes), so a
 * burst of wrong passwords gets `429 over_request_rate_limit` once the bucket is empty, and the app tells
 * the user in their language. GoTrue's buckets hold 30, so it is the 31st guess of a burst, not an earlier one.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { anonKey, jwtSecret, stackPorts } from '../../local-stack/config.ts';
import { createAuthService, type AuthService } from '../../local-stack/auth/index.ts';
import { startGateway, type RunningGateway } from '../../local-stack/gateway/index.ts';
import { cliAuthRateLimits } from '../../local-stack/supabase-config.ts';
import { signedInClient, uniqueEmail } from '../e2e/support/api.ts';
import { useBrowser } from '../e2e/support/browser.ts';

const burst = 30;

async function passwordGrant(apiUrl: string, email: string, password: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${apiUrl}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: anonKey, 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01', ...headers },
    body: JSON.stringify({ email, password }),
  });
  return { status: response.status, body: (await response.json()) as { code?: string; message?: string } };
}

/** Wrong passwords until the first 429 (bounded: the bucket refills while requests are answered). */
async function guessUntilRefused(apiUrl: string, email: string, headers: Record<string, string> = {}) {
  const answers: Array<{ status: number; code?: string }> = [];
  for (let attempt = 0; attempt < 400; attempt++) {
    const { status, body } = await passwordGrant(apiUrl, email, `wrong-${attempt}`, headers);
    answers.push({ status, code: body.code });
    if (status === 429) return { answers, refusal: body };
  }
  throw new Error(`No 429 after ${answers.length} wrong passwords`);
}

describe('password guessing', () => {
  it('with the CLI defaults: the first 30 wrong passwords get 400, then 429 over_request_rate_limit, and a forged X-Forwarded-For does not help', async () => {
    // IPv6 loopback when the machine has it: a bucket of its own, so other tests signing in from 127.0.0.1 keep theirs.
    const ipv6 = `http://[::1]:${new URL(inject('apiUrl')).port}`;
    const apiUrl = (await fetch(`${ipv6}/functions/v1/health`).then(
      (response) => response.ok,
      () => false,
    ))
      ? ipv6
      : inject('apiUrl');
    const { email } = await signedInClient(uniqueEmail('guessed'));

    const { answers, refusal } = await guessUntilRefused(apiUrl, email);
    expect(answers.slice(0, burst)).toEqual(Array.from({ length: burst }, () => ({ status: 400, code: 'invalid_credentials' })));
    expect(refusal).toMatchObject({ code: 'over_request_rate_limit', message: 'Request rate limit reached' });

    // Another address in X-Forwarded-For draws on the same, empty bucket: only the guesses it refilled since (one per
    // 2 s) get an answer, where a bucket of its own would answer 30. (Not "the next one is refused": on a busy machine
    // a refill can come between the two requests.)
    const spoofed = await guessUntilRefused(apiUrl, email, { 'x-forwarded-for': '203.0.113.9' });
    expect(spoofed.answers.length - 1).toBeLessThan(burst);
    expect(spoofed.refusal).toMatchObject({ code: 'over_request_rate_limit' });
  });

  describe('in the browser', () => {
    const browser = useBrowser();
    // An Auth service of the stack's own code on a spare port, on the same database, configured with
    // `token_refresh = 0` (buckets that do not refill), so "the bucket is empty" stays true while the browser
    // types: with the default refill a token may come back between the last guess and the click.
    let auth: AuthService;
    let gateway: RunningGateway;

    beforeAll(async () => {
      const port = stackPorts(Number(new URL(inject('apiUrl')).port) - 1).gateway + 7;
      auth = createAuthService({
        databaseUrl: inject('dbUrl'),
        jwtSecret,
        apiExternalUrl: `http://127.0.0.1:${port}/auth/v1`,
        siteUrl: inject('appUrl'),
        additionalRedirectUrls: [],
        mailbox: { send: () => undefined },
        rateLimits: { ...cliAuthRateLimits, tokenRefresh: 0 },
      });
      gateway = await startGateway({ port, postgrestUrl: 'http://127.0.0.1:9', functionsUrl: 'http://127.0.0.1:9', auth });
    });

    afterAll(async () => {
      await gateway?.close();
      await auth?.close();
    });

    it('shows the app’s message when sign-in is refused with 429', async () => {
      const { page } = browser;
      const { email, password } = await signedInClient(uniqueEmail('guessed-ui'));
      await page.route(`${inject('apiUrl')}/auth/v1/token**`, (route) => route.continue({ url: route.request().url().replace(inject('apiUrl'), gateway.url) }));
      const { answers } = await guessUntilRefused(gateway.url, email);
      expect(answers).toHaveLength(burst + 1);

      await page.goto('/login');
      await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
      // Even the right password: the address is over its limit. (The label's text ends in the required marker.)
      await page.getByLabel('Password*', { exact: true }).fill(password);
      await page.getByRole('button', { name: 'Sign In', exact: true }).click();
      await expect.poll(() => page.getByRole('alert').textContent()).toBe('Too many attempts. Please wait a moment and try again.');
      expect(new URL(page.url()).pathname).toBe('/login');

      await page.getByRole('combobox', { name: 'Language', exact: true }).first().selectOption('de');
      await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
      await expect.poll(() => page.getByRole('alert').textContent()).toBe('Zu viele Versuche. Bitte warten Sie einen Moment und versuchen Sie es erneut.');
    });
  });
});
