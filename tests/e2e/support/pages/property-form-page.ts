/** Add and edit a property (src/features/properties/components/property-form-page.tsx). */
import type { Locator, Page } from 'playwright-core';

export class PropertyFormPage {
  constructor(readonly page: Page) {}

  async waitForNew(): Promise<void> {
    await this.page.getByRole('heading', { name: 'Add New Property', exact: true }).waitFor();
  }

  get name(): Locator {
    return this.page.getByRole('textbox', { name: 'Property Name', exact: true });
  }

  get type(): Locator {
    return this.page.getByRole('combobox', { name: 'Property Type', exact: true });
  }

  get address(): Locator {
    return this.page.getByRole('textbox', { name: 'Address', exact: true });
  }

  /** An inline message under a field (validation before sending, or the database's refusal). */
  fieldError(message: string): Locator {
    return this.page.getByText(message, { exact: true });
  }

  async fill(values: { name: string; type: 'hotel' | 'other'; address?: string }): Promise<void> {
    await this.name.fill(values.name);
    await this.type.selectOption(values.type);
    if (values.address !== undefined) await this.address.fill(values.address);
  }

  async submitNew(): Promise<void> {
    await this.page.getByRole('button', { name: 'Create Property', exact: true }).click();
  }
}
