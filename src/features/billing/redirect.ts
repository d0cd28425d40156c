/** Leaves the app for Stripe's hosted pages (one place, so component tests can observe it). */
export function redirectTo(url: string): void {
  window.location.assign(url);
}
