/**
 * /dashboard/subscription (src/features/billing) and the local Stripe stand-in's checkout and portal pages
 * (local-stack/stripe/pages.ts) that it sends the host to.
 */
import type { Locator, Page } from 'playwright-core';

export class SubscriptionPage {
  constructor(readonly page: Page) {}

  get choosePlanHeading(): Locator {
    return this.page.getByRole('heading', { name: 'Choose Your Plan', exact: true, level: 1 });
  }

  /** The navbar's plan button (the phone layout renders a second one inside its menu, hence visible only). */
  get navbarPlanButton(): Locator {
    return this.page.getByTestId('plan-button').filter({ visible: true });
  }

  /** "Number of rooms" */
  get quantity(): Locator {
    return this.page.getByRole('spinbutton', { name: 'Number of rooms', exact: true });
  }

  /** A plan's card, by its heading ("Monthly Plan", "Yearly Plan"); its figures have no role: their test ids. */
  plan(name: string): { price: Locator; total: Locator; subscribe: Locator } {
    const card = this.page.getByTestId('plan-card').filter({ has: this.page.getByRole('heading', { name, exact: true }) });
    return {
      price: card.getByTestId('plan-price'),
      total: card.getByTestId('plan-total'),
      subscribe: card.getByRole('button', { name: 'Subscribe', exact: true }),
    };
  }

  /** The current plan's card (a ContentCard with no role: its test id) and its room count. */
  get currentPlan(): Locator {
    return this.page.getByTestId('current-plan');
  }

  currentPlanRooms(): Promise<string | null> {
    return this.page.getByTestId('current-plan-rooms').textContent();
  }

  /** Opens the Stripe Billing Portal (the local stand-in) and waits for it. */
  async openPortal(): Promise<StripePortalPage> {
    await this.page.getByRole('button', { name: 'Manage subscription', exact: true }).click();
    await this.page.waitForURL(/\/stripe\/portal\/bps_/);
    return new StripePortalPage(this.page);
  }
}

/** The local Stripe Checkout page. */
export class StripeCheckoutPage {
  constructor(readonly page: Page) {}

  async waitFor(): Promise<void> {
    await this.page.waitForURL(/\/stripe\/checkout\/cs_test_/);
  }

  quantity(): Promise<string | null> {
    return this.page.getByTestId('checkout-quantity').textContent();
  }

  total(): Promise<string | null> {
    return this.page.getByTestId('checkout-total').textContent();
  }

  /** Pays the shown total ("Pay 18.00 EUR"). */
  async pay(total: string): Promise<void> {
    await this.page.getByRole('button', { name: `Pay ${total}`, exact: true }).click();
  }
}

/** The local Stripe Billing Portal page. */
export class StripePortalPage {
  constructor(readonly page: Page) {}

  async updateRooms(rooms: number): Promise<void> {
    await this.page.getByRole('spinbutton', { name: 'Number of rooms', exact: true }).fill(String(rooms));
    await this.page.getByRole('button', { name: 'Update rooms', exact: true }).click();
  }

  async cancelSubscription(): Promise<void> {
    await this.page.getByRole('button', { name: 'Cancel subscription', exact: true }).click();
  }

  /** The portal's notice after a change (role "status"). */
  notice(text: string): Locator {
    return this.page.getByRole('status').filter({ has: this.page.getByText(text, { exact: true }) });
  }

  async returnToApp(): Promise<void> {
    await this.page.getByRole('link', { name: 'Return to RoomGuide', exact: true }).click();
  }
}
