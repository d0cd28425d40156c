/**
 * Stands in for the third-party contact-form service (`VITE_CONTACT_FORM_ENDPOINT` points at the real one in
 * production). Two faces, on two ports:
 *
 *   gateway   POST /form-sink/f/<formId>   multipart, urlencoded or JSON → 200 {"ok":true} (JSON when Accept
 *                                          asks for it, otherwise a small thank-you page, as hosted form
 *                                          services do); `req.url` arrives as /f/<formId>
 *   inbox     GET  /form-sink/             a page listing the submissions (the developer's view, like the
 *             GET  /form-sink/api/submissions   service's dashboard; no CORS, see ../inbox-server.ts)
 *                                          → [{id, formId, fields, receivedAt}] newest first (?formId= filters)
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { BodyTooLargeError, escapeHtml, jsonBodyLimit, readBody, sendHtml, sendJson } from '../http.ts';
import { emptyRecord, parseUntrustedJson } from '../untrusted-input.ts';

export interface FormSubmission {
  id: string;
  formId: string;
  fields: Record<string, string>;
  receivedAt: string;
}

export interface FormSink {
  /** The public endpoint: POST /f/<formId>. */
  receive(req: IncomingMessage, res: ServerResponse): Promise<void>;
  /** The developer's listing: / and /api/submissions. */
  list(req: IncomingMessage, res: ServerResponse): void;
  submissions(): FormSubmission[];
}

const MAX_SUBMISSIONS = 500;

async function fieldsOf(req: IncomingMessage, body: Buffer): Promise<Record<string, string> | 'unsupported'> {
  const contentType = req.headers['content-type'] ?? '';
  const fields: Record<string, string> = emptyRecord();
  if (/^application\/json/i.test(contentType)) {
    const parsed: unknown = parseUntrustedJson(body.toString('utf8') || '{}');
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error('not an object');
    for (const [key, value] of Object.entries(parsed)) fields[key] = String(value);
    return fields;
  }
  if (/^(multipart\/form-data|application\/x-www-form-urlencoded)/i.test(contentType)) {
    // Node's built-in WHATWG parser handles both encodings.
    const form = await new Request('http://form-sink/', { method: 'POST', headers: { 'content-type': contentType }, body: new Uint8Array(body) }).formData();
    form.forEach((value, key) => {
      fields[key] = typeof value === 'string' ? value : `[file ${value.name}, ${value.size} bytes]`;
    });
    return fields;
  }
  return 'unsupported';
}

export function createFormSink(): FormSink {
  const stored: FormSubmission[] = [];

  async function receive(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://form-sink');
    const form = /^\/f\/([^/]+)\/?$/.exec(url.pathname);
    if (!form || req.method !== 'POST') {
      req.resume();
      return sendJson(res, 404, { ok: false, error: 'Not found' });
    }
    let body: Buffer;
    try {
      body = await readBody(req, jsonBodyLimit);
    } catch (error) {
      if (error instanceof BodyTooLargeError) return sendJson(res, 413, { ok: false, error: 'The form submission is too large.' });
      throw error;
    }
    let fields: Record<string, string> | 'unsupported';
    try {
      fields = await fieldsOf(req, body);
    } catch {
      return sendJson(res, 400, { ok: false, error: 'The form submission could not be read.' });
    }
    if (fields === 'unsupported') return sendJson(res, 415, { ok: false, error: 'Send the form as multipart/form-data, urlencoded or JSON.' });
    stored.unshift({ id: randomUUID(), formId: decodeURIComponent(form[1]!), fields, receivedAt: new Date().toISOString() });
    stored.splice(MAX_SUBMISSIONS);
    if ((req.headers.accept ?? '').includes('application/json')) return sendJson(res, 200, { ok: true });
    sendHtml(res, 200, page('Thank you', '<p>Your message was received.</p>'));
  }

  function listPage(): string {
    const rows = stored
      .map(
        (submission) =>
          `<article><h2>${escapeHtml(submission.formId)} <small>${escapeHtml(submission.receivedAt)}</small></h2><dl>${Object.entries(submission.fields)
            .map(([key, value]) => `<dt>${escapeHtml(key)}</dt><dd>${escapeHtml(value)}</dd>`)
            .join('')}</dl></article>`,
      )
      .join('');
    return page('Form submissions', rows || '<p>No submissions yet. Send the contact form in the app and reload.</p>');
  }

  function list(req: IncomingMessage, res: ServerResponse): void {
    const url = new URL(req.url ?? '/', 'http://form-sink');
    if (url.pathname === '/api/submissions' && req.method === 'GET') {
      const formId = url.searchParams.get('formId');
      return sendJson(res, 200, formId ? stored.filter((submission) => submission.formId === formId) : stored, { 'Cache-Control': 'no-store' });
    }
    if ((url.pathname === '/' || url.pathname === '') && req.method === 'GET') return sendHtml(res, 200, listPage(), { 'Cache-Control': 'no-store' });
    sendJson(res, 404, { ok: false, error: 'Not found' });
  }

  return { receive, list, submissions: () => [...stored] };
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · RoomGuide form sink</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem}article{border:1px solid #ddd;border-radius:8px;padding:.5rem 1rem;margin:1rem 0}h2{font-size:1.1rem}small{color:#666;font-weight:normal}dt{font-weight:600}dd{margin:0 0 .5rem;white-space:pre-wrap}</style>
</head><body><h1>${escapeHtml(title)}</h1>${body}</body></html>`;
}
