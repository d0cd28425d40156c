/** /login and /register (src/features/auth): the email textbox, the password (no ARIA role: its exact label) and the submit button. */
import type { Locator, Page } from 'playwright-core';

abstract class CredentialsPage {
  constructor(readonly page: Page) {}

  protected abstract readonly path: string;
  protected abstract readonly submitLabel: string;

  /** The email input, by its accessible name (the required marker is aria-hidden). */
  get email(): Locator {
    return this.page.getByRole('textbox', { name: 'Email', exact: true });
  }

  /**
   * The password input by its label's exact text, which ends in the required marker (*). Password inputs have no ARIA
   * role, and an exact label keeps toasts and headings that mention "password" out.
   */
  get password(): Locator {
    return this.page.getByLabel('Password*', { exact: true });
  }

  get submitButton(): Locator {
    return this.page.getByRole('button', { name: this.submitLabel, exact: true });
  }

  async open(): Promise<void> {
    await this.page.goto(this.path);
  }

  async fill(email: string, password: string): Promise<void> {
    await this.email.fill(email);
    await this.password.fill(password);
  }

  /** Fills the form on the current page and submits it (waits for nothing: the answer may be a refusal). */
  async submit(email: string, password: string): Promise<void> {
    await this.fill(email, password);
    await this.submitButton.click();
  }

  /** Fills the form on the current page, submits and waits for the dashboard. */
  async submitAndWaitForDashboard(email: string, password: string): Promise<void> {
    await this.submit(email, password);
    await this.page.waitForURL('**/dashboard');
  }
}

export class LoginPage extends CredentialsPage {
  protected readonly path = '/login';
  protected readonly submitLabel = 'Sign In';

  /** Opens /login, signs in and waits for the dashboard. */
  async signIn(email: string, password: string): Promise<void> {
    await this.open();
    await this.submitAndWaitForDashboard(email, password);
  }
}

export class RegisterPage extends CredentialsPage {
  protected readonly path = '/register';
  protected readonly submitLabel = 'Create Account';

  /** Opens /register, creates the account and waits for the dashboard (autoconfirm is on locally). */
  async register(email: string, password: string): Promise<void> {
    await this.open();
    await this.submitAndWaitForDashboard(email, password);
  }
}
