import { describe, expect, it } from 'vitest';
import { handler } from './handler.ts';

describe('health function', () => {
  it('answers { ok: true } with CORS headers', async () => {
    const response = await handler(new Request('http://localhost/health'));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('answers the CORS preflight', async () => {
    const response = await handler(new Request('http://localhost/health', { method: 'OPTIONS' }));
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-headers')).toContain('authorization');
  });
});
