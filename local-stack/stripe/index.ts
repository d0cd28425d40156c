/**
 * Local Stripe stand-in, mounted by the gateway at `/stripe`. It implements exactly the Stripe API calls
 * our Edge Functions make (api.ts) with Stripe's form-encoded requests, JSON shapes, ids and errors, serves
 * the two pages Stripe hosts (hosted-pages.ts) and delivers signed webhooks (webhooks.ts).
 *
 * It owns the catalogue (catalogue.ts), as Stripe does in production: `announceCatalogue()` sends the
 * `product.*`/`price.*` events that make the `stripe-webhook` function fill `products` and `prices`.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { BodyTooLargeError, header, jsonBodyLimit, readText, sendHtml } from '../http.ts';
import { type StripeContext } from './billing.ts';
import { localCatalogue, type Catalogue } from './catalogue.ts';
import { localStripeSecretKey, localStripeWebhookSecret } from './config.ts';
import { stripeApi } from './api.ts';
import { sendStripeError, sendStripeJson, StripeApiError } from './errors.ts';
import { parseStripeForm } from './form.ts';
import { hostedPages } from './hosted-pages.ts';
import { messagePage } from './pages.ts';
import { openState } from './state.ts';
import { createWebhookSender, type WebhookDelivery } from './webhooks.ts';

export { signStripePayload, type WebhookDelivery } from './webhooks.ts';

export interface StripeStandInOptions {
  /** Where browsers reach the stand-in, e.g. `http://127.0.0.1:54321/stripe` (checkout/portal URLs). */
  publicUrl: string;
  /** Where webhooks go, e.g. `http://127.0.0.1:54321/functions/v1/stripe-webhook`. */
  webhookUrl: string;
  secretKey?: string;
  webhookSecret?: string;
  /** Defaults to RoomGuide's product and three per-room prices. */
  catalogue?: Catalogue;
  /** JSON file keeping customers, subscriptions and what was announced across restarts (omit: memory only). */
  stateFile?: string;
  /** Delay before retry n (ms); Stripe backs off over days, locally a few seconds is enough. */
  retryDelaysMs?: number[];
  log?: (line: string) => void;
}

export interface CatalogueAnnouncement {
  /** Events sent this time (none when the webhook already has the current catalogue). */
  sent: WebhookDelivery[];
  /** Events the webhook did not accept (after retries): their objects are announced again on the next start. */
  failed: WebhookDelivery[];
}

export interface StripeStandIn {
  handle(req: IncomingMessage, res: ServerResponse): Promise<void>;
  /**
   * Sends `product.created`/`price.created` (or `.updated` after a change) for every catalogue object the
   * webhook has not received in its current form, and resolves once they are delivered or given up on.
   */
  announceCatalogue(): Promise<CatalogueAnnouncement>;
  close(): Promise<void>;
  /** Resolves when every queued webhook has been delivered or given up on (tests wait on this). */
  idle(): Promise<void>;
  deliveries(): WebhookDelivery[];
}

export function createStripeStandIn(options: StripeStandInOptions): StripeStandIn {
  const secretKey = options.secretKey ?? localStripeSecretKey;
  const log = options.log ?? (() => {});
  const webhooks = createWebhookSender({
    url: options.webhookUrl,
    secret: options.webhookSecret ?? localStripeWebhookSecret,
    retryDelaysMs: options.retryDelaysMs ?? [250, 500, 1000, 2000, 4000, 8000],
    log,
  });
  const ctx: StripeContext = {
    catalogue: options.catalogue ?? localCatalogue,
    store: openState(options.stateFile),
    webhooks,
    publicUrl: options.publicUrl.replace(/\/$/, ''),
  };

  async function announceCatalogue(): Promise<CatalogueAnnouncement> {
    const { announced } = ctx.store.state;
    const sent: Array<{ delivery: WebhookDelivery; id: string; json: string }> = [];
    // Products first, as Stripe creates them first: a price's product is then already in the database.
    for (const [kind, objects] of [
      ['product', ctx.catalogue.products],
      ['price', ctx.catalogue.prices],
    ] as const) {
      for (const object of objects) {
        const json = JSON.stringify(object);
        if (announced[object.id] === json) continue;
        const type = `${kind}.${announced[object.id] === undefined ? 'created' : 'updated'}`;
        sent.push({ delivery: webhooks.emit(type, object), id: object.id, json });
      }
    }
    await webhooks.idle();
    for (const { delivery, id, json } of sent) if (delivery.status === 'delivered') announced[id] = json;
    ctx.store.save();
    return { sent: sent.map((entry) => entry.delivery), failed: sent.filter((entry) => entry.delivery.status !== 'delivered').map((entry) => entry.delivery) };
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://stripe.local');
    // Mounted by the gateway without its `/stripe` prefix; a test server may pass the whole path.
    if (url.pathname === '/stripe' || url.pathname.startsWith('/stripe/')) url.pathname = url.pathname.slice('/stripe'.length) || '/';
    const method = (req.method ?? 'GET').toUpperCase();
    const body = method === 'GET' || method === 'HEAD' ? '' : await readText(req, jsonBodyLimit);
    const form = parseStripeForm(method === 'GET' || method === 'DELETE' ? `${url.search.slice(1)}&${body}` : body);
    if (url.pathname.startsWith('/v1/')) {
      sendStripeJson(res, 200, stripeApi(ctx, secretKey, method, url.pathname, form, header(req, 'authorization')));
      return;
    }
    if (hostedPages(ctx, method, url, form, res)) return;
    sendHtml(res, 404, messagePage('Not found', `Nothing here: ${url.pathname}`), { 'Cache-Control': 'no-store' });
  }

  return {
    async handle(req, res) {
      try {
        await handle(req, res);
      } catch (error) {
        if (res.headersSent) {
          res.destroy();
          return;
        }
        if (error instanceof StripeApiError) return sendStripeError(res, error);
        if (error instanceof BodyTooLargeError) {
          return sendStripeError(res, new StripeApiError(413, 'invalid_request_error', `Request bodies are limited to ${error.limit} bytes.`));
        }
        log(`[stripe] ${req.method} ${req.url} failed: ${error instanceof Error ? error.stack : String(error)}`);
        sendStripeJson(res, 500, { error: { type: 'api_error', message: 'An unknown error occurred in the local Stripe stand-in.' } });
      }
    },
    announceCatalogue,
    close: () => webhooks.close(),
    idle: () => webhooks.idle(),
    deliveries: () => webhooks.deliveries(),
  };
}
