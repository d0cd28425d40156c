/** The contact-form sink standing in for the hosted form service (VITE_CONTACT_FORM_ENDPOINT). */
import { describe, expect, inject, it } from 'vitest';
import { apiUrl } from './support.ts';

describe('form sink', () => {
  it('accepts a multipart submission with Accept: application/json and lists it newest first', async () => {
    const marker = `hello ${Date.now()}`;
    const form = new FormData();
    form.append('name', 'Ana Host');
    form.append('email', 'ana@example.test');
    form.append('message', marker);
    const response = await fetch(`${apiUrl()}/form-sink/f/contact`, { method: 'POST', body: form, headers: { Accept: 'application/json' } });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });

    const list = (await (await fetch(`${inject('formSinkUrl')}/api/submissions`)).json()) as Array<{ formId: string; fields: Record<string, string> }>;
    expect(list[0]).toMatchObject({ formId: 'contact', fields: { name: 'Ana Host', email: 'ana@example.test', message: marker } });
  });

  it('answers the browser preflight for the cross-origin form post', async () => {
    const response = await fetch(`${apiUrl()}/form-sink/f/contact`, {
      method: 'OPTIONS',
      headers: { Origin: 'http://127.0.0.1:5173', 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'accept' },
    });
    expect([200, 204]).toContain(response.status);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('shows submissions on its page, HTML-escaped', async () => {
    const body = new URLSearchParams({ name: 'Bo <b>Host</b>', message: 'Page check' });
    expect((await fetch(`${apiUrl()}/form-sink/f/contact`, { method: 'POST', body })).status).toBe(200);
    const response = await fetch(`${inject('formSinkUrl')}/`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    const html = await response.text();
    expect(html).toContain('Bo &lt;b&gt;Host&lt;/b&gt;');
    expect(html).not.toContain('<b>Host</b>');
  });
});
