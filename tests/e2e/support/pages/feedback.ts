/**
 * What every dashboard screen shows the same way: toasts (Chakra/Zag: role "status", named by their title) and the
 * confirm dialog (role "alertdialog"). Exact names, so a toast never matches a field's label or an inline message.
 */
import type { Locator, Page } from 'playwright-core';

/** The toast titled exactly `title` (the first, when the same message was shown twice). */
export function toast(page: Page, title: string): Locator {
  return page.getByRole('status', { name: title, exact: true }).first();
}

/** The confirm dialog (src/components/confirm-dialog.tsx). */
export class ConfirmDialog {
  readonly root: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByRole('alertdialog');
  }

  /** Waits for the dialog to ask exactly `message`. */
  async waitForMessage(message: string): Promise<void> {
    await this.root.getByText(message, { exact: true }).waitFor();
  }

  async confirm(label: string): Promise<void> {
    await this.root.getByRole('button', { name: label, exact: true }).click();
  }
}
