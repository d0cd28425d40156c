/**
 * The public pages: each one renders its content at 1280, 820 and 390 px without horizontal scrolling
 * (screenshots kept in test-results/screenshots), and the contact form reaches the form sink.
 */
import { describe, expect, inject, it } from 'vitest';
import { signedInClient } from './support/api.ts';
import { screenshot, screenshotWidths as shoot, useBrowser } from './support/browser.ts';
import { LoginPage } from './support/pages/login-page.ts';
import { HYDRATED_ATTRIBUTE } from '../../src/first-paint/contract.ts';

interface Submission {
  formId: string;
  fields: Record<string, string>;
}

describe('public pages', () => {
  const browser = useBrowser({ viewport: { width: 1280, height: 900 } });

  it('loads no supabase-js on public pages until a visitor signs in', async () => {
    const page = browser.page;
    const scriptsWithSupabase: string[] = [];
    page.on('response', async (response) => {
      if (response.request().resourceType() !== 'script') return;
      const body = await response.text().catch(() => '');
      if (body.includes('X-Client-Info')) scriptsWithSupabase.push(new URL(response.url()).pathname); // supabase-js sets this header
    });
    for (const path of ['/', '/faq', '/contact', '/login']) {
      await page.goto(path);
      await page.waitForFunction((hydrated) => document.documentElement.hasAttribute(hydrated), HYDRATED_ATTRIBUTE);
    }
    expect(scriptsWithSupabase).toEqual([]);
    // Signing in needs it: the form loads it on submit, and the session then reaches the dashboard.
    const { email, password } = await signedInClient();
    await new LoginPage(page).submitAndWaitForDashboard(email, password);
    await expect.poll(() => scriptsWithSupabase.length).toBeGreaterThan(0);
  });

  it('shows the landing page with features, two testimonials and the pricing promise', async () => {
    const page = browser.page;
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    const pricing = page.getByTestId('pricing');
    await expect.poll(() => pricing.innerText()).toContain('6 €');
    const text = await pricing.innerText();
    for (const promise of ['per room per month', 'All features included', 'No minimum commitment', 'Scale up or down at any time']) {
      expect(text).toContain(promise);
    }
    expect(
      await page
        .getByRole('figure')
        .filter({ has: page.getByRole('blockquote') })
        .count(),
    ).toBe(2);
    expect(await page.getByRole('link', { name: 'Register', exact: true }).count()).toBeGreaterThan(0);
    await shoot(page, 'public-landing');
  });

  it('shows the article, the privacy policy and the FAQ', async () => {
    const page = browser.page;
    await page.goto('/QRinfo');
    await page.getByRole('heading', { name: 'QR codes in hospitality', exact: true }).waitFor();
    await page.getByRole('heading', { name: 'Printing and placement', exact: true }).waitFor();
    await shoot(page, 'public-qrinfo');

    await page.goto('/privacy');
    await page.getByRole('heading', { name: 'Privacy policy', exact: true }).waitFor();
    await page
      .getByText(
        "Each time a guide is opened we add one to that room's scan count and to the count for that day, and note the time of the last scan. We do not store who scanned, their IP address or their device.",
        { exact: true },
      )
      .waitFor();
    await shoot(page, 'public-privacy');

    await page.goto('/faq');
    await page.getByRole('heading', { name: 'Frequently asked questions', exact: true }).waitFor();
    await page.getByRole('button', { name: 'How do I cancel?', exact: true }).click();
    await page
      .getByText(
        'Open the subscription page and manage your plan; there is no minimum commitment. After cancelling, existing guides stay readable for your guests, and creating new codes needs a plan again.',
        { exact: true },
      )
      .waitFor();
    await shoot(page, 'public-faq');
  });

  it('shows the 404 page with a way home', async () => {
    const page = browser.page;
    await page.goto('/no-such-page');
    await page.getByRole('heading', { name: 'Page not found', exact: true }).waitFor();
    await shoot(page, 'public-404');
    await page.getByRole('link', { name: 'Go back home', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/');
  });

  it('shows the pages in the browser language, and long German words still fit a phone', async () => {
    const context = await browser.newContext({ locale: 'ja-JP' });
    const page = await context.newPage();
    await page.goto('/faq');
    await page.getByRole('heading', { name: 'よくある質問', exact: true }).waitFor();

    const german = await (await browser.newContext({ locale: 'de-DE', viewport: { width: 360, height: 800 } })).newPage();
    for (const [path, heading] of [
      ['/', 'Ein QR-Code pro Zimmer'],
      ['/faq', 'Häufige Fragen'],
      ['/privacy', 'Datenschutzerklärung'],
      ['/contact', 'Kontakt'],
    ] as const) {
      await german.goto(path);
      await german.getByRole('heading', { name: heading }).first().waitFor();
      const overflow = await german.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `${path} scrolls horizontally in German at 360 px`).toBeLessThanOrEqual(0);
    }
    await screenshot(german, 'public-contact-de');
  });

  it('sends the contact form to the form sink and keeps the message when sending fails', async () => {
    const page = browser.page;
    await page.goto('/contact');
    await page.getByRole('heading', { name: 'Contact us', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Send Message', exact: true }).click();
    // A click before the page has hydrated is answered once it has (the page is painted from its HTML first).
    await page.getByText('This field is required.', { exact: true }).first().waitFor();
    expect(await page.getByText('This field is required.', { exact: true }).count()).toBe(4);
    await shoot(page, 'public-contact');

    const subject = `Question ${Date.now()}`;
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Ana García');
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill('ana@hotel.example');
    await page.getByRole('textbox', { name: 'Subject', exact: true }).fill(subject);
    await page.getByRole('textbox', { name: 'Message', exact: true }).fill('How many rooms can one plan cover?');
    await page.getByRole('button', { name: 'Send Message', exact: true }).click();
    await page
      .getByRole('status')
      .filter({ has: page.getByText('Message sent successfully!', { exact: true }) })
      .waitFor();
    const submissions = (await (await fetch(`${inject('formSinkUrl')}/api/submissions`)).json()) as Submission[];
    expect(submissions.find((s) => s.fields.subject === subject)?.fields).toEqual({
      name: 'Ana García',
      email: 'ana@hotel.example',
      subject,
      message: 'How many rooms can one plan cover?',
    });

    // The form service answers with an error: the typed message stays for another try.
    await page.route('**/form-sink/f/**', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"ok":false}' }));
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Ana García');
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill('ana@hotel.example');
    await page.getByRole('textbox', { name: 'Subject', exact: true }).fill('Second try');
    await page.getByRole('textbox', { name: 'Message', exact: true }).fill('Still there?');
    await page.getByRole('button', { name: 'Send Message', exact: true }).click();
    await page
      .getByRole('alert')
      .filter({ has: page.getByText('Failed to send message. Please try again.', { exact: true }) })
      .waitFor();
    expect(await page.getByRole('textbox', { name: 'Message', exact: true }).inputValue()).toBe('Still there?');

    // The network fails altogether.
    await page.unroute('**/form-sink/f/**');
    await page.route('**/form-sink/f/**', (route) => route.abort('failed'));
    await page.getByRole('button', { name: 'Send Message', exact: true }).click();
    await page
      .getByRole('alert')
      .filter({ has: page.getByText('An error occurred. Please try again.', { exact: true }) })
      .waitFor();
  });
});
