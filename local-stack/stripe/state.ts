/**
 * The stand-in's memory: customers, Checkout and portal sessions, subscriptions, and which catalogue objects
 * were announced to the webhook. Kept in a JSON file in the stack's data folder so a restart keeps them, as
 * Stripe would.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { StripeCheckoutSession, StripeCustomer, StripePortalSession, StripeSubscription } from './objects.ts';

export interface State {
  customers: Record<string, StripeCustomer>;
  sessions: Record<string, StripeCheckoutSession>;
  subscriptions: Record<string, StripeSubscription>;
  portals: Record<string, StripePortalSession>;
  /** Catalogue object id → the JSON last delivered for it in a `product.*`/`price.*` event. */
  announced: Record<string, string>;
}

export interface StateStore {
  state: State;
  save(): void;
}

function emptyState(): State {
  return { customers: {}, sessions: {}, subscriptions: {}, portals: {}, announced: {} };
}

/** `file` omitted: the state lives in memory only (tests). */
export function openState(file: string | undefined): StateStore {
  let state = emptyState();
  if (file && fs.existsSync(file)) {
    try {
      state = { ...state, ...(JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<State>) };
    } catch {
      // A damaged file (an interrupted write) starts over rather than stopping the stack.
    }
  }
  return {
    state,
    save() {
      if (!file) return;
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, JSON.stringify(state));
    },
  };
}
