/** Create and edit one room's QR code (src/features/rooms/room-form/room-form-page.tsx). */
import type { Locator, Page } from 'playwright-core';
import { toast } from './feedback.ts';

/** The form's text fields by their labels (the required marker is aria-hidden, so the accessible name is the label). */
export type RoomTextField =
  | 'Name'
  | 'Room Number'
  | 'WiFi network'
  | 'WiFi password'
  | 'Room photo URL'
  | 'QR code colour'
  | 'Background colour'
  | 'Logo URL'
  | 'Hotel name'
  | 'Phone'
  | 'Website'
  | 'Description'
  | 'Location'
  | 'Activities'
  | 'Business link';

export class RoomFormPage {
  constructor(readonly page: Page) {}

  async waitForNew(): Promise<void> {
    await this.page.getByRole('heading', { name: 'New QR Code', exact: true }).waitFor();
  }

  async waitForEdit(): Promise<void> {
    await this.page.getByRole('heading', { name: 'Edit QR Code', exact: true }).waitFor();
  }

  /**
   * A text field. 'Activities' is the new-activity input. A colour ('QR code colour', 'Background colour') is its hex
   * text: the colour picker beside it has the same name and Playwright counts an input of type color as a textbox too.
   */
  field(label: RoomTextField): Locator {
    return this.page.getByRole('textbox', { name: label, exact: true }).and(this.page.locator('input:not([type="color"]), textarea'));
  }

  get template(): Locator {
    return this.page.getByRole('combobox', { name: 'Template', exact: true });
  }

  /** "QR Codes Used: 0 / 0" in the header. */
  usage(text: string): Locator {
    return this.page.getByText(text, { exact: true });
  }

  /** An inline message under a field (validation before sending, or the database's refusal). */
  fieldError(message: string): Locator {
    return this.page.getByText(message, { exact: true });
  }

  /** The line under the form saying where values come from (the property's shared guide). */
  get inheritIntro(): Locator {
    return this.page.getByRole('status').filter({ hasText: "Hotel, area, QR look and WiFi come from the property's shared guide." });
  }

  /** The refusal shown above the save button (role "alert"), e.g. the database's quota refusal. */
  saveError(message: string): Locator {
    return this.page.getByRole('alert').filter({ has: this.page.getByText(message, { exact: true }) });
  }

  toast(title: string): Locator {
    return toast(this.page, title);
  }

  async fill(values: Partial<Record<RoomTextField, string>>): Promise<void> {
    for (const [label, value] of Object.entries(values) as [RoomTextField, string][]) await this.field(label).fill(value);
  }

  /** Makes a shared field this room's own ("Override for this room: <field>"). */
  async override(field: string): Promise<void> {
    await this.page.getByRole('button', { name: `Override for this room: ${field}`, exact: true }).click();
  }

  async addActivity(activity: string): Promise<void> {
    await this.field('Activities').fill(activity);
    await this.page.getByRole('button', { name: 'Add', exact: true }).click();
    await this.activity(activity).waitFor();
  }

  /** One of the room's own activities (a row with no role of its own: its test id). */
  activity(text: string): Locator {
    return this.page.getByTestId('list-item').filter({ has: this.page.getByText(text, { exact: true }) });
  }

  /** The hidden file input behind "Add photos" (named by its aria-label). */
  get photoInput(): Locator {
    return this.page.getByLabel('Add photos', { exact: true });
  }

  async uploadPhoto(file: { name: string; mimeType: string; buffer: Buffer }): Promise<void> {
    await this.photoInput.setInputFiles(file);
  }

  /** Uploaded photos (tiles with no role of their own: their test id). */
  get uploadedPhotos(): Locator {
    return this.page.getByTestId('uploaded-image');
  }

  /** The guide link printed under the preview QR. */
  previewUrl(): Promise<string> {
    return this.page.getByTestId('preview-url').innerText();
  }

  async submitNew(): Promise<void> {
    await this.page.getByRole('button', { name: 'Create QR Code', exact: true }).click();
  }

  async save(): Promise<void> {
    await this.page.getByRole('button', { name: 'Save Changes', exact: true }).click();
  }
}
