/**
 * Stands in for the third-party contact-form service (`VITE_CONTACT_FORM_ENDPOINT` points at the real
 * one in production). Mounted at /form-sink by the gateway; `req.url` arrives without that prefix.
 *
 *   POST /f/<formId>          multipart, urlencoded or JSON → 200 {"ok":true} (JSON when Accept asks for it,
 *                             otherwise a small thank-you page, as hosted form services do)
 *   GET  /api/submissions     → [{id, formId, fields, receivedAt}] newest first (?formId= filters)
 *   GET  /                    → a page listing the submissions
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

export interface FormSubmission {
  id: string;
  formId: string;
  fields: Record<string, string>;
  receivedAt: string;
}

export interface FormSink {
  handle(req: IncomingMessage, res: ServerResponse): Promise<void>;
  submissions(): FormSubmission[];
}

const MAX_BODY_BYTES = 1024 * 1024;
const MAX_SUBMISSIONS = 500;

export function createFormSink(): FormSink {
  const stored: FormSubmission[] = [];

  async function receive(req: IncomingMessage, res: ServerResponse, formId: string): Promise<void> {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of req as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        return sendJson(res, 413, { ok: false, error: 'The form submission is too large.' });
      }
      chunks.push(chunk);
    }
    const body = Buffer.concat(chunks);
    const contentType = req.headers['content-type'] ?? '';
    const fields: Record<string, string> = {};
    try {
      if (/^application\/json/i.test(contentType)) {
        const parsed: unknown = JSON.parse(body.toString('utf8') || '{}');
        if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error('not an object');
        for (const [key, value] of Object.entries(parsed)) fields[key] = String(value);
      } else if (/^(multipart\/form-data|application\/x-www-form-urlencoded)/i.test(contentType)) {
        // Node's built-in WHATWG parser handles both encodings.
        const form = await new Request('http://form-sink/', { method: 'POST', headers: { 'content-type': contentType }, body: new Uint8Array(body) }).formData();
        form.forEach((value, key) => {
          fields[key] = typeof value === 'string' ? value : `[file ${value.name}, ${value.size} bytes]`;
        });
      } else {
        return sendJson(res, 415, { ok: false, error: 'Send the form as multipart/form-data, urlencoded or JSON.' });
      }
    } catch {
      return sendJson(res, 400, { ok: false, error: 'The form submission could not be read.' });
    }
    stored.unshift({ id: randomUUID(), formId, fields, receivedAt: new Date().toISOString() });
    stored.splice(MAX_SUBMISSIONS);
    if ((req.headers.accept ?? '').includes('application/json')) return sendJson(res, 200, { ok: true });
    sendHtml(res, 200, page('Thank you', '<p>Your message was received.</p>'));
  }

  function listPage(): string {
    const rows = stored
      .map(
        (submission) => `<article><h2>${escapeHtml(submission.formId)} <small>${escapeHtml(submission.receivedAt)}</small></h2><dl>${Object.entries(
          submission.fields,
        )
          .map(([key, value]) => `<dt>${escapeHtml(key)}</dt><dd>${escapeHtml(value)}</dd>`)
          .join('')}</dl></article>`,
      )
      .join('');
    return page('Form submissions', rows || '<p>No submissions yet. Send the contact form in the app and reload.</p>');
  }

  return {
    submissions: () => [...stored],
    async handle(req, res) {
      const url = new URL(req.url ?? '/', 'http://form-sink');
      const form = /^\/f\/([^/]+)\/?$/.exec(url.pathname);
      if (form && req.method === 'POST') return receive(req, res, decodeURIComponent(form[1]!));
      if (url.pathname === '/api/submissions' && req.method === 'GET') {
        const formId = url.searchParams.get('formId');
        return sendJson(res, 200, formId ? stored.filter((submission) => submission.formId === formId) : stored);
      }
      if ((url.pathname === '/' || url.pathname === '') && req.method === 'GET') return sendHtml(res, 200, listPage());
      sendJson(res, 404, { ok: false, error: 'Not found' });
    },
  };
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const payload = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(payload) });
  res.end(payload);
}

function sendHtml(res: ServerResponse, status: number, html: string): void {
  res.writeHead(status, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Length': Buffer.byteLength(html) });
  res.end(html);
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · RoomGuide form sink</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem}article{border:1px solid #ddd;border-radius:8px;padding:.5rem 1rem;margin:1rem 0}h2{font-size:1.1rem}small{color:#666;font-weight:normal}dt{font-weight:600}dd{margin:0 0 .5rem;white-space:pre-wrap}</style>
</head><body><h1>${escapeHtml(title)}</h1>${body}</body></html>`;
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}
