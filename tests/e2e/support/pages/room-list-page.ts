/** A property's rooms (/dashboard/properties/:id/qrcodes, src/features/rooms/room-list/room-list-page.tsx). */
import type { Locator, Page } from 'playwright-core';
import { tickCheckbox } from '../host.ts';
import { ConfirmDialog, toast } from './feedback.ts';

export class RoomListPage {
  constructor(readonly page: Page) {}

  async open(propertyId: string): Promise<void> {
    await this.page.goto(`/dashboard/properties/${propertyId}/qrcodes`);
  }

  async waitFor(): Promise<void> {
    await this.page.getByRole('heading', { name: 'QR Codes', exact: true, level: 1 }).waitFor();
  }

  /** All room cards (cards have no role of their own: their test id). */
  get cards(): Locator {
    return this.page.getByTestId('qr-card');
  }

  /** A room's card, by its heading. */
  card(name: string): RoomCard {
    return new RoomCard(this.page, this.cards.filter({ has: this.page.getByRole('heading', { name, exact: true }) }));
  }

  /** "Room: 2", "Room: 10", … in the order shown. */
  roomNumbers(): Promise<string[]> {
    return this.page.getByTestId('qr-room').allInnerTexts();
  }

  /** The header's New QR Code link (the empty state repeats it). */
  async newRoom(): Promise<void> {
    await this.page.getByRole('link', { name: 'New QR Code', exact: true }).first().click();
  }

  async addManyRooms(): Promise<void> {
    await this.page.getByRole('link', { name: 'Add many rooms', exact: true }).click();
  }

  /** Ticks a room's checkbox, named "Select <name> (room <number>)". */
  async select(name: string, roomNumber: string): Promise<void> {
    await tickCheckbox(this.page, `Select ${name} (room ${roomNumber})`);
  }
}

export class RoomCard {
  constructor(
    readonly page: Page,
    readonly root: Locator,
  ) {}

  async view(): Promise<void> {
    await this.root.getByRole('link', { name: 'View', exact: true }).click();
  }

  async edit(): Promise<void> {
    await this.root.getByRole('link', { name: 'Edit', exact: true }).click();
  }

  /** Deletes the room through the confirm dialog and waits for the success toast. */
  async delete(): Promise<void> {
    await this.root.getByRole('button', { name: 'Delete', exact: true }).click();
    const dialog = new ConfirmDialog(this.page);
    await dialog.waitForMessage('Are you sure you want to delete this QR code?');
    await dialog.confirm('Delete');
    await toast(this.page, 'QR Code deleted successfully').waitFor();
  }
}
