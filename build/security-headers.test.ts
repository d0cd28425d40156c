import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, headersFile, inlineScriptHashes, parseHeadersFile, securityHeaders, withMetaPolicy } from './security-headers.ts';

const sha = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
const endpoints = { supabaseUrl: 'https://abc.supabase.co', contactFormEndpoint: 'https://forms.example/f/xyz' };

describe('inline script hashes', () => {
  it('hashes what a browser would run, byte for byte, and nothing else', () => {
    const html = `<head><script>boot()</script><script type="module">go()</script>
      <script type="module" crossorigin src="/assets/a.js"></script><script type="application/json" id="d">{"a":1}</script>
      <script id='x' type='text/javascript'>\n  old()\n</script></head>`;
    expect(inlineScriptHashes(html)).toEqual([sha('boot()'), sha('go()'), sha('\n  old()\n')]);
  });
});

describe('the policy', () => {
  it('allows scripts from self and the hashes, connections to the app, Supabase (and its Realtime WebSocket) and the form endpoint, and no framing', () => {
    const policy = contentSecurityPolicy({ ...endpoints, scriptHashes: [sha('a'), sha('a')] });
    expect(policy).toContain(`script-src 'self' ${sha('a')};`);
    expect(policy).toContain("connect-src 'self' https://abc.supabase.co wss://abc.supabase.co https://forms.example/f/xyz;");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).not.toContain('unsafe-eval');
    expect(contentSecurityPolicy({ ...endpoints, scriptHashes: [] }, 'meta')).not.toContain('frame-ancestors');
  });

  it('writes a _headers file that reads back to the same headers', () => {
    const headers = securityHeaders({ ...endpoints, scriptHashes: [sha('a')] });
    expect(parseHeadersFile(headersFile(headers))).toEqual(headers);
  });

  it('puts the <meta> policy before the first script, with that page’s hashes', () => {
    const html = withMetaPolicy('<html><head><script>boot()</script></head></html>', endpoints);
    expect(html.indexOf('http-equiv="Content-Security-Policy"')).toBeLessThan(html.indexOf('<script>'));
    expect(html).toContain(sha('boot()'));
  });
});
