/**
 * Webhook delivery as Stripe does it: one event at a time in order, signed with the endpoint's secret
 * (`Stripe-Signature: t=<unix>,v1=<hex HMAC-SHA256(secret, "<t>.<payload>")>`), retried on failure.
 */
import { createHmac } from 'node:crypto';
import { stripeApiVersion } from './config.ts';
import { nowSeconds, stripeId, type StripeEvent } from './objects.ts';

export interface WebhookDelivery {
  event: StripeEvent;
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  lastStatus: number | null;
}

export function signStripePayload(payload: string, secret: string, timestamp = nowSeconds()): string {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${signature}`;
}

export interface WebhookSender {
  emit(type: string, object: unknown, previousAttributes?: Record<string, unknown>): WebhookDelivery;
  /** Resolves when every queued event has been delivered or given up on. */
  idle(): Promise<void>;
  deliveries(): WebhookDelivery[];
  close(): Promise<void>;
}

export function createWebhookSender(opts: {
  url: string;
  secret: string;
  /** Delay before retry n (ms); Stripe backs off over days, locally a few seconds is enough. */
  retryDelaysMs: number[];
  log: (line: string) => void;
}): WebhookSender {
  const deliveries: WebhookDelivery[] = [];
  const queue: WebhookDelivery[] = [];
  const timers = new Set<NodeJS.Timeout>();
  let draining: Promise<void> | null = null;
  let closed = false;

  function sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        resolve();
      }, ms);
      timers.add(timer);
    });
  }

  async function deliver(delivery: WebhookDelivery): Promise<void> {
    const payload = JSON.stringify(delivery.event, null, 2);
    const { type, id } = delivery.event;
    for (let attempt = 0; attempt <= opts.retryDelaysMs.length && !closed; attempt++) {
      if (attempt > 0) await sleep(opts.retryDelaysMs[attempt - 1]!);
      if (closed) return;
      delivery.attempts++;
      try {
        const response = await fetch(opts.url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json; charset=utf-8',
            'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
            'stripe-signature': signStripePayload(payload, opts.secret),
          },
          body: payload,
        });
        delivery.lastStatus = response.status;
        await response.arrayBuffer();
        if (response.ok) {
          delivery.status = 'delivered';
          opts.log(`[stripe] ${type} ${id} → ${response.status}`);
          return;
        }
        opts.log(`[stripe] ${type} ${id} → ${response.status} (attempt ${delivery.attempts})`);
        // Stripe retries every non-2xx; a 4xx here means the endpoint rejected the event itself (a bad
        // signature), which no retry fixes, so locally only server errors are retried.
        if (response.status < 500) break;
      } catch (error) {
        delivery.lastStatus = null;
        opts.log(`[stripe] ${type} ${id} failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    delivery.status = 'failed';
  }

  function drain(): void {
    if (draining || closed) return;
    draining = (async () => {
      while (queue.length > 0 && !closed) await deliver(queue.shift()!);
    })().finally(() => {
      draining = null;
    });
  }

  return {
    emit(type, object, previousAttributes) {
      const event: StripeEvent = {
        id: stripeId('evt'),
        object: 'event',
        api_version: stripeApiVersion,
        created: nowSeconds(),
        data: previousAttributes ? { object, previous_attributes: previousAttributes } : { object },
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type,
      };
      const delivery: WebhookDelivery = { event, status: 'pending', attempts: 0, lastStatus: null };
      deliveries.push(delivery);
      queue.push(delivery);
      drain();
      return delivery;
    },
    async idle() {
      while (draining) await draining;
    },
    deliveries: () => deliveries,
    async close() {
      closed = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      await draining;
    },
  };
}
