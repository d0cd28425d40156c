/** What a host does on many screens, done the way a host does it (role-based, exact names). */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** Signs in on /login and waits for the dashboard. */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await page.getByLabel('Password*', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.waitForURL('**/dashboard');
}

/** Ticks a checkbox on its visible box (Chakra's input is visually hidden under it) and waits until it is ticked. */
export async function tickCheckbox(page: Page, name: string): Promise<void> {
  const checkbox = page.getByRole('checkbox', { name, exact: true });
  await page.locator('label', { has: checkbox }).click();
  await expect.poll(() => checkbox.isChecked()).toBe(true);
}
