/**
 * The local stack's mailbox: the Auth stand-in "sends" its emails here instead of to an SMTP server (the
 * Supabase CLI uses Inbucket/Mailpit for the same job). Messages live in memory only. Served on the inbox
 * port (../inbox-server.ts): the inbox page at `/`, JSON at `/api/messages?to=<email>` (newest first), and
 * `DELETE /api/messages` to empty it. `POST /emails` takes an email the way Resend's API does (the Edge Functions'
 * mail sender, MAIL_API_URL: the team invitation), with `Authorization: Bearer <localMailApiKey>`.
 */
import crypto from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readText, sendJson } from '../http.ts';
import { renderInboxPage } from './page.ts';

export interface OutgoingMail {
  to: string;
  subject: string;
  html: string;
  text: string;
}

export interface MailMessage extends OutgoingMail {
  id: string;
  links: string[];
  receivedAt: string;
}

export interface Mailbox {
  send(msg: OutgoingMail): MailMessage;
  handle(req: IncomingMessage, res: ServerResponse): Promise<void>;
  /** Every message, newest first. */
  messages(): MailMessage[];
}

/** Every http(s) link in the message: hrefs of the HTML part first, then bare URLs of the text part. */
export function extractLinks(html: string, text: string): string[] {
  const decode = (value: string): string =>
    value
      .replace(/&amp;/g, '&')
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>');
  const links: string[] = [];
  for (const match of html.matchAll(/href\s*=\s*(?:"([^"]*)"|'([^']*)')/gi)) {
    const link = decode(match[1] ?? match[2] ?? '');
    if (/^https?:\/\//i.test(link)) links.push(link);
  }
  for (const match of text.matchAll(/https?:\/\/[^\s<>"']+/gi)) links.push(match[0]);
  return [...new Set(links)];
}

const maxMessages = 500;

/** The key the local Edge Functions send mail with (MAIL_API_KEY); any other is refused as Resend refuses it. */
export const localMailApiKey = 're_local_roomguide';

/** Resend's `POST /emails` body: `to` is one address or several. */
function readResendEmail(body: unknown): { to: string[]; subject: string; html: string; text: string } | null {
  if (typeof body !== 'object' || body === null) return null;
  const { to, subject, html, text } = body as Record<string, unknown>;
  const recipients = typeof to === 'string' ? [to] : Array.isArray(to) && to.every((item) => typeof item === 'string') ? (to as string[]) : null;
  if (!recipients || recipients.length === 0 || typeof subject !== 'string' || subject === '') return null;
  if (typeof html !== 'string' && typeof text !== 'string') return null;
  return { to: recipients, subject, html: typeof html === 'string' ? html : '', text: typeof text === 'string' ? text : '' };
}

export function createMailbox(): Mailbox {
  const stored: MailMessage[] = [];

  function send(msg: OutgoingMail): MailMessage {
    const message: MailMessage = {
      id: crypto.randomUUID(),
      to: msg.to,
      subject: msg.subject,
      html: msg.html,
      text: msg.text,
      links: extractLinks(msg.html, msg.text),
      receivedAt: new Date().toISOString(),
    };
    stored.unshift(message);
    // A long-running `npm start` should not grow without bound.
    if (stored.length > maxMessages) stored.length = maxMessages;
    return message;
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://inbox');
    const method = req.method ?? 'GET';
    const path = url.pathname.replace(/\/+$/, '') || '/';
    const to = url.searchParams.get('to')?.trim().toLowerCase() ?? '';
    const selected = to ? stored.filter((message) => message.to.toLowerCase() === to) : stored;

    if (path === '/api/messages' && method === 'GET') return sendJson(res, 200, selected, { 'Cache-Control': 'no-store' });
    if (path === '/api/messages' && method === 'DELETE') {
      stored.length = 0;
      res.writeHead(204);
      res.end();
      return;
    }
    if (path === '/emails' && method === 'POST') {
      if (req.headers.authorization !== `Bearer ${localMailApiKey}`) return sendJson(res, 401, { name: 'missing_api_key', message: 'API key is invalid' });
      let email: ReturnType<typeof readResendEmail> = null;
      try {
        email = readResendEmail(JSON.parse(await readText(req)));
      } catch {
        email = null;
      }
      if (!email) return sendJson(res, 422, { name: 'validation_error', message: 'to, subject and html or text are required' });
      const sent = email.to.map((to) => send({ to, subject: email.subject, html: email.html, text: email.text }));
      return sendJson(res, 200, { id: sent[0]!.id });
    }
    if (path === '/' && (method === 'GET' || method === 'HEAD')) {
      const page = renderInboxPage(selected, to);
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store', 'Content-Length': Buffer.byteLength(page) });
      res.end(method === 'HEAD' ? undefined : page);
      return;
    }
    sendJson(res, 404, { message: `Not found: ${method} ${url.pathname}. The inbox is at / and its JSON at /api/messages?to=<email>.` });
  }

  return { send, handle, messages: () => [...stored] };
}
