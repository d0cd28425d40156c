/**
 * Test harness for the billing functions under Node (Vitest `functions` project). No fakes: a fresh local
 * stack (real PostgreSQL with our migrations, real PostgREST, the Auth service behind the gateway) and the
 * Stripe stand-in. The stand-in used here sends its webhooks to a capture endpoint instead of the
 * function, so a test decides which events reach the webhook handler, in which order and how often.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';
import WebSocket from 'ws';
import { anonKey, serviceRoleKey, stackPaths, stackPorts } from '../../../local-stack/config.ts';
import { readText } from '../../../local-stack/http.ts';
import { startStack, type RunningStack } from '../../../local-stack/stack.ts';
import { localStripeSecretKey, localStripeWebhookSecret } from '../../../local-stack/stripe/config.ts';
import { createStripeStandIn, signStripePayload, type StripeStandIn } from '../../../local-stack/stripe/index.ts';
import { localMailApiKey } from '../../../local-stack/mail/index.ts';

export const siteOrigin = 'http://127.0.0.1:5173';

export interface CapturedEvent {
  id: string;
  type: string;
  payload: string;
  object: { id: string } & Record<string, unknown>;
}

export interface TestHost {
  id: string;
  email: string;
  accessToken: string;
}

export interface BillingHarness {
  stack: RunningStack;
  standIn: StripeStandIn;
  db: pg.Pool;
  /** Events the stand-in emitted so far (delivered to the capture endpoint, not to the function). */
  captured: CapturedEvent[];
  signUp(label: string): Promise<TestHost>;
  /** A signed webhook request for `payload` (Stripe's header unless `signature` is given). */
  webhookRequest(payload: string, signature?: string | null): Request;
  stop(): Promise<void>;
}

export async function startBillingHarness(): Promise<BillingHarness> {
  // supabase-js needs a WebSocket constructor on Node 20 (Deno has one built in).
  (globalThis as { WebSocket?: unknown }).WebSocket ??= WebSocket;

  const base = Number(process.env.ROOMGUIDE_PORT_BASE ?? 55320);
  const ports = stackPorts(base);
  const keep = Boolean(process.env.ROOMGUIDE_DATA_DIR);
  const dataDir = keep ? path.join(process.env.ROOMGUIDE_DATA_DIR!, 'test-functions') : fs.mkdtempSync(path.join(os.tmpdir(), 'roomguide-functions-'));
  const stack = await startStack({ ports, paths: stackPaths(dataDir), fresh: true, app: false, quiet: true });

  const sidePort = base + 7;
  const sideUrl = `http://127.0.0.1:${sidePort}`;
  const captured: CapturedEvent[] = [];
  const standIn = createStripeStandIn({
    publicUrl: `${sideUrl}/stripe`,
    webhookUrl: `${sideUrl}/capture`,
    retryDelaysMs: [],
  });
  const server = http.createServer((req, res) => {
    if (req.url === '/capture') {
      void readText(req).then((payload) => {
        const event = JSON.parse(payload) as { id: string; type: string; data: { object: CapturedEvent['object'] } };
        captured.push({ id: event.id, type: event.type, payload, object: event.data.object });
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"received":true}');
      });
      return;
    }
    void standIn.handle(req, res);
  });
  await new Promise<void>((resolve) => server.listen(sidePort, '127.0.0.1', resolve));

  Object.assign(process.env, {
    SUPABASE_URL: stack.urls.api,
    SUPABASE_ANON_KEY: anonKey,
    SUPABASE_SERVICE_ROLE_KEY: serviceRoleKey,
    SITE_URL: `${siteOrigin},http://localhost:5173`,
    STRIPE_SECRET_KEY: localStripeSecretKey,
    STRIPE_WEBHOOK_SECRET: localStripeWebhookSecret,
    STRIPE_API_BASE: `${sideUrl}/stripe`,
    MAIL_API_URL: `${stack.urls.inbox}/emails`,
    MAIL_API_KEY: localMailApiKey,
  });

  const db = new pg.Pool({ connectionString: stack.urls.db, max: 2 });
  const anon: SupabaseClient = createClient(stack.urls.api, anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });

  return {
    stack,
    standIn,
    db,
    captured,
    async signUp(label) {
      const email = `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@example.test`;
      const { data, error } = await anon.auth.signUp({ email, password: 'password-123' });
      if (error || !data.session || !data.user) throw new Error(`signUp failed: ${error?.message ?? 'no session'}`);
      return { id: data.user.id, email, accessToken: data.session.access_token };
    },
    webhookRequest(payload, signature) {
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      const header = signature === undefined ? signStripePayload(payload, localStripeWebhookSecret) : signature;
      if (header !== null) headers['stripe-signature'] = header;
      return new Request('http://127.0.0.1/functions/v1/stripe-webhook', { method: 'POST', headers, body: payload });
    },
    async stop() {
      await db.end();
      await standIn.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await stack.stop();
      if (!keep) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
