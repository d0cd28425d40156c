/** One room's code (/dashboard/properties/:propertyId/qrcodes/:id, src/features/rooms/room-detail/room-detail-page.tsx). */
import type { Download, Locator, Page } from 'playwright-core';

export class RoomDetailPage {
  constructor(readonly page: Page) {}

  async open(propertyId: string, roomId: string): Promise<void> {
    await this.page.goto(`/dashboard/properties/${propertyId}/qrcodes/${roomId}`);
  }

  /** Waits for the page of the room named `name` (its heading). */
  async waitFor(name: string): Promise<void> {
    await this.page.getByRole('heading', { name, exact: true, level: 1 }).waitFor();
  }

  get totalScansLabel(): Locator {
    return this.page.getByText('Total Scans', { exact: true });
  }

  /** The Total Scans figure (a Stat value with no role: its test id). */
  totalScans(): Promise<string> {
    return this.page.getByTestId('total-scans').innerText();
  }

  get downloadButton(): Locator {
    return this.page.getByRole('button', { name: 'Download QR Code', exact: true });
  }

  async download(): Promise<Download> {
    const download = this.page.waitForEvent('download');
    await this.downloadButton.click();
    return download;
  }

  /** The card printed with the page: aria-hidden (the screen shows the same QR), so only its id finds it. */
  get printCard(): Locator {
    return this.page.locator('#room-print-card');
  }

  async edit(): Promise<void> {
    await this.page.getByRole('link', { name: 'Edit', exact: true }).click();
  }

  async back(): Promise<void> {
    await this.page.getByRole('button', { name: 'Back', exact: true }).click();
  }

  /** The refusal shown instead of the room (role "alert"), e.g. 'QR code not found'. */
  error(message: string): Locator {
    return this.page.getByRole('alert').filter({ has: this.page.getByText(message, { exact: true }) });
  }
}
