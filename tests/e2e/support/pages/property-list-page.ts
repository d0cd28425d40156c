/** The dashboard's property list (/dashboard, src/features/properties/components/property-list-page.tsx). */
import type { Locator, Page } from 'playwright-core';
import { ConfirmDialog, toast } from './feedback.ts';
import { DASHBOARD_COPY_ATTRIBUTE, KEPT_DASHBOARD_STORAGE_KEY } from '../../../../src/first-paint/contract.ts';

export class PropertyListPage {
  constructor(readonly page: Page) {}

  async open(): Promise<void> {
    await this.page.goto('/dashboard');
  }

  get emptyTitle(): Locator {
    return this.page.getByRole('heading', { name: 'No properties yet', exact: true });
  }

  get emptyText(): Locator {
    return this.page.getByText('Get started by adding your first property.', { exact: true });
  }

  /** The header's Add Property link (the empty state repeats it). */
  async addProperty(): Promise<void> {
    await this.page.getByRole('link', { name: 'Add Property', exact: true }).first().click();
  }

  /** A property's card, by its heading (cards have no role of their own: their test id, narrowed by the heading). */
  card(name: string): PropertyCard {
    return new PropertyCard(this.page, this.page.getByTestId('property-card').filter({ has: this.page.getByRole('heading', { name, exact: true }) }));
  }

  /**
   * The list painted before the app's code runs (src/first-paint/dashboard/painter.ts), removed when the live list
   * replaces it. It is hidden from assistive technology (the live page takes its place), so it has no
   * roles to find it by: its marker attribute.
   */
  get keptCopy(): Locator {
    return this.page.locator(`div[${DASHBOARD_COPY_ATTRIBUTE}]`);
  }

  /** A property's name in the kept copy (its cards' headings; no roles, see keptCopy). */
  keptPropertyNames(): Promise<string[]> {
    return this.keptCopy.locator('[data-testid=property-card] h2').allInnerTexts();
  }

  /** Waits until the list as shown, with `name` in it, is kept for the next visit. */
  async waitUntilKept(name: string): Promise<void> {
    await this.page.waitForFunction(({ shown, key }) => localStorage.getItem(key)?.includes(shown) ?? false, { shown: name, key: KEPT_DASHBOARD_STORAGE_KEY });
  }

  /** The navbar's Sign Out (on every dashboard screen); waits for /login. */
  async signOut(): Promise<void> {
    await this.page.getByRole('button', { name: 'Sign Out', exact: true }).click();
    await this.page.waitForURL('**/login');
  }

  async waitForToast(title: string): Promise<void> {
    await toast(this.page, title).waitFor();
  }
}

export class PropertyCard {
  constructor(
    readonly page: Page,
    readonly root: Locator,
  ) {}

  async waitFor(): Promise<void> {
    await this.root.waitFor();
  }

  text(): Promise<string> {
    return this.root.innerText();
  }

  /** "2 rooms" */
  roomCount(): Promise<string> {
    return this.root.getByTestId('room-count').innerText();
  }

  /** The card's one action on its face. */
  viewQrCodesLink(): Locator {
    return this.root.getByRole('link', { name: 'View QR Codes', exact: true });
  }

  /** Picks one of the card's "More actions". */
  async choose(item: 'Create Hotel QR' | 'Create room QR' | 'Add many rooms' | 'Edit' | 'Shared guide' | 'Translations' | 'Scans' | 'Delete'): Promise<void> {
    await this.root.getByRole('button', { name: 'More actions', exact: true }).click();
    await this.page.getByRole('menu').getByRole('menuitem', { name: item, exact: true }).click();
  }

  async viewRooms(): Promise<void> {
    await this.viewQrCodesLink().click();
  }

  async createRoom(): Promise<void> {
    await this.choose('Create Hotel QR');
  }

  /**
   * Deletes the property through the confirm dialog, which asks exactly `message` (a property with rooms adds how
   * many codes stop working), and waits for the success toast.
   */
  async delete(message = 'Are you sure you want to delete this property?'): Promise<void> {
    await this.choose('Delete');
    const dialog = new ConfirmDialog(this.page);
    await dialog.waitForMessage(message);
    await dialog.confirm('Delete');
    await toast(this.page, '✅ Property deleted successfully').waitFor();
  }
}
