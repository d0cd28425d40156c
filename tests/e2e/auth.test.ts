/**
 * The host's auth journeys in the production build against the local stack: register, sign out,
 * sign in, the wrong-password message, forgot → inbox → reset → sign in with the new password, the
 * protected-route redirect, and screenshots of the auth screens and the dashboard at three widths.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { collectPageErrors, screenshot, useBrowser } from './support/browser.ts';
import { signedInClient, uniqueEmail } from './support/api.ts';
import { verifyLink, waitForEmail } from './support/inbox.ts';
import { LoginPage, RegisterPage } from './support/pages/login-page.ts';

/** The email input, by its accessible name (the required marker is aria-hidden). */
const emailField = (page: Page) => page.getByRole('textbox', { name: 'Email', exact: true });
/**
 * A password input by its label's exact text, which ends in the required marker (*). Password inputs have no
 * ARIA role, and an exact label keeps toasts and headings that mention "password" out.
 */
const passwordField = (page: Page, label = 'Password') => page.getByLabel(`${label}*`, { exact: true });
const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });

describe('auth journeys', () => {
  const browser = useBrowser();

  it('registers, shows the email in the navbar, signs out, refuses a wrong password and signs back in', async () => {
    const { page } = browser;
    const email = uniqueEmail('register');
    const password = 'first-password-1';

    await page.goto('/register');
    await new RegisterPage(page).submit(email, password);
    await page.waitForURL('**/dashboard');
    await expect.poll(() => page.getByTestId('navbar-email').first().textContent()).toBe(email);
    await expect.poll(() => page.getByTestId('welcome-line').textContent()).toBe(`Welcome, ${email}`);
    await expect.poll(() => page.getByTestId('plan-button').first().textContent()).toBe('Subscribe');

    await button(page, 'Sign Out').click();
    await page.waitForURL('**/login');
    await expect.poll(() => page.getByTestId('navbar-email').count()).toBe(0);

    await new LoginPage(page).submit(email, 'not-the-password');
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('Incorrect email or password.');
    expect(new URL(page.url()).pathname).toBe('/login');

    await passwordField(page).fill(password);
    await button(page, 'Sign In').click();
    await page.waitForURL('**/dashboard');
    await expect.poll(() => page.getByTestId('navbar-email').first().textContent()).toBe(email);
  });

  it('refuses a second account with the same email', async () => {
    const { page } = browser;
    const { email } = await signedInClient(uniqueEmail('taken'));
    await page.goto('/register');
    await new RegisterPage(page).submit(email, 'another-password');
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('Email is already in use.');
  });

  it('resets a forgotten password through the emailed link and signs in with the new one', async () => {
    const { page } = browser;
    const { email } = await signedInClient(uniqueEmail('forgot'), 'old-password-1');
    const newPassword = 'new-password-2';
    const requestedAt = Date.now();

    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?', exact: true }).click();
    await page.waitForURL('**/forgot-password');
    // The login form's Email field is still on screen until the forgot-password screen replaces it.
    await page.getByRole('heading', { name: 'Reset your password', exact: true }).waitFor();
    await emailField(page).fill(email);
    await button(page, 'Send Reset Link').click();
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Reset link sent!' }).textContent()).toBe('Reset link sent! Check your email.');
    await screenshot(page, 'auth-forgot-sent');
    // Editing the email clears the success message (docs/product-spec.md §4).
    await emailField(page).fill(`${email}x`);
    await expect.poll(() => page.getByText('Reset link sent! Check your email.', { exact: true }).count()).toBe(0);

    const message = await waitForEmail(email, (candidate) => Date.parse(candidate.receivedAt) >= requestedAt - 1000);
    const link = verifyLink(message);
    await page.goto(link);
    await page.waitForURL('**/reset-password**');
    await page.getByRole('heading', { name: 'Choose a new password', exact: true }).waitFor();
    await passwordField(page, 'New password').fill(newPassword);
    await passwordField(page, 'Confirm new password').fill(`${newPassword}-typo`);
    await button(page, 'Update Password').click();
    await expect.poll(() => page.getByText('Passwords do not match.', { exact: true }).count()).toBe(1);
    await screenshot(page, 'auth-reset-mismatch');
    await passwordField(page, 'Confirm new password').fill(newPassword);
    await button(page, 'Update Password').click();
    await page.waitForURL('**/dashboard');
    await expect.poll(() => page.getByTestId('navbar-email').first().textContent()).toBe(email);

    await button(page, 'Sign Out').click();
    await page.waitForURL('**/login');
    await new LoginPage(page).submit(email, 'old-password-1');
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('Incorrect email or password.');
    await passwordField(page).fill(newPassword);
    await button(page, 'Sign In').click();
    await page.waitForURL('**/dashboard');

    // The link works once: opened again it lands on a clear message with a way to ask for a new one.
    const fresh = await browser.newContext();
    const second = await fresh.newPage();
    await second.goto(link);
    await second.waitForURL('**/reset-password**');
    await expect.poll(() => second.getByRole('heading', { level: 1 }).textContent()).toBe('This reset link is invalid or has expired');
    expect(await second.getByRole('link', { name: 'Request a new link', exact: true }).getAttribute('href')).toBe('/forgot-password');
    await screenshot(second, 'auth-reset-invalid');
  });

  it('sends a signed-out visit to the dashboard to /login and returns there after sign-in', async () => {
    const { page } = browser;
    const { email, password } = await signedInClient(uniqueEmail('redirect'));
    await page.goto('/dashboard');
    await page.waitForURL('**/login');
    await page.goto('/dashboard/subscription');
    await page.waitForURL('**/login');
    await new LoginPage(page).submit(email, password);
    await page.waitForURL('**/dashboard/subscription');
  });

  it('switches the language from the navbar and remembers it on the next visit', async () => {
    const { page } = browser;
    await page.goto('/login');
    await button(page, 'Sign In').waitFor();
    await page.getByRole('combobox', { name: 'Language', exact: true }).first().selectOption('de');
    await page.getByRole('heading', { name: 'Willkommen zurück', exact: true }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('de');
    await page.reload();
    await button(page, 'Anmelden').waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('de');
    await passwordField(page, 'Passwort').fill('x');
    await button(page, 'Anmelden').click();
    await expect.poll(() => page.getByText('Bitte geben Sie Ihre E-Mail-Adresse ein.', { exact: true }).count()).toBe(1);
  });

  it('lays out login, register and the dashboard at 1280, 820 and 390 px without horizontal scrolling', async () => {
    const { page } = browser;
    const problems = collectPageErrors(page);
    const { email, password } = await signedInClient(uniqueEmail('layout'));
    const widths = [1280, 820, 390];
    const horizontalOverflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

    for (const width of widths) {
      await page.setViewportSize({ width, height: width > 1000 ? 900 : width > 600 ? 1180 : 844 });
      await page.goto('/login');
      await button(page, 'Sign In').waitFor();
      expect(await horizontalOverflow()).toBeLessThanOrEqual(0);
      await screenshot(page, 'auth-login');
      await page.goto('/register');
      await button(page, 'Create Account').waitFor();
      expect(await horizontalOverflow()).toBeLessThanOrEqual(0);
      await screenshot(page, 'auth-register');
    }

    await page.goto('/login');
    await new LoginPage(page).submit(email, password);
    await page.waitForURL('**/dashboard');
    for (const width of widths) {
      await page.setViewportSize({ width, height: width > 1000 ? 900 : width > 600 ? 1180 : 844 });
      await page.getByTestId('welcome-line').waitFor();
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.waitForLoadState('networkidle');
      await expect.poll(() => page.getByTestId('page-spinner').count()).toBe(0);
      expect(await horizontalOverflow()).toBeLessThanOrEqual(0);
      await screenshot(page, 'auth-dashboard');
    }

    // On a phone the links live behind the menu button, each at least 44 px tall.
    await page.setViewportSize({ width: 360, height: 780 });
    expect(await horizontalOverflow()).toBeLessThanOrEqual(0);
    await button(page, 'Menu').click();
    const faq = page.getByRole('link', { name: 'FAQ', exact: true }).last();
    expect((await faq.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(44);
    await screenshot(page, 'auth-dashboard-menu');
    expect(problems).toEqual([]);
  });
});
