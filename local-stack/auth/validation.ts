/**
 * Input checks GoTrue makes before touching the database: the email format (`mail.go validateEmail`, which
 * uses checkmail's pattern) and the redirect allow-list (`utilities/request.go IsRedirectURLValid`).
 */
import net from 'node:net';
import { validationFailed, type AuthError } from './errors.ts';

// checkmail.ValidateFormat: the WHATWG "valid e-mail address" pattern (a dot-less domain such as a@b passes).
const emailPattern = /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

/** The lower-cased email, or GoTrue's validation error. */
export function normalizeEmail(email: string): { email: string } | { error: AuthError } {
  if (email === '') return { error: validationFailed('An email address is required') };
  if (email.length > 255) return { error: validationFailed('An email address is too long') };
  if (!emailPattern.test(email)) return { error: validationFailed('Unable to validate email address: invalid format') };
  return { email: email.toLowerCase() };
}

/**
 * gobwas/glob with '.' and '/' as separators, as GoTrue compiles `additional_redirect_urls`:
 * `*` stays within one host label or path segment, `**` crosses them, `?` is one non-separator
 * character, `[abc]`/`[!abc]` a class and `{a,b}` alternatives. Anything else matches literally.
 */
export function globToRegExp(pattern: string): RegExp {
  let source = '';
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i]!;
    if (char === '*') {
      if (pattern[i + 1] === '*') {
        source += '.*';
        i++;
      } else {
        source += '[^./]*';
      }
    } else if (char === '?') {
      source += '[^./]';
    } else if (char === '[') {
      const end = pattern.indexOf(']', i + 1);
      if (end === -1) {
        source += '\\[';
        continue;
      }
      let body = pattern.slice(i + 1, end);
      const negated = body.startsWith('!');
      if (negated) body = body.slice(1);
      source += `[${negated ? '^' : ''}${body.replace(/[\\\]^]/g, '\\$&')}]`;
      i = end;
    } else if (char === '{') {
      const end = pattern.indexOf('}', i + 1);
      if (end === -1) {
        source += '\\{';
        continue;
      }
      const alternatives = pattern
        .slice(i + 1, end)
        .split(',')
        .map((alternative) => globToRegExp(alternative).source.slice(1, -1));
      source += `(?:${alternatives.join('|')})`;
      i = end;
    } else {
      source += char.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
    }
  }
  return new RegExp(`^${source}$`);
}

function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return ['localhost', '127.0.0.1', '::1', '0.0.0.0', '::'].includes(host);
}

function isLoopbackIp(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '');
  const version = net.isIP(host);
  if (version === 4) return host.startsWith('127.');
  if (version === 6) return host === '::1' || host === '0:0:0:0:0:0:0:1';
  return false;
}

const regularHostname = /^[a-zA-Z0-9]([a-zA-Z0-9.-]*[a-zA-Z0-9])?$/;

export interface RedirectPolicy {
  siteUrl: string;
  allowList: string[];
}

/** GoTrue's IsRedirectURLValid: same site (any path), a loopback IP, or a match in the allow-list. */
export function isRedirectUrlValid(policy: RedirectPolicy, redirectUrl: string): boolean {
  if (!redirectUrl) return false;
  let site: URL;
  let target: URL;
  try {
    site = new URL(policy.siteUrl);
    target = new URL(redirectUrl);
  } catch {
    return false;
  }
  if (site.hostname === target.hostname && site.protocol === target.protocol && (site.port === target.port || isLoopbackHost(target.hostname))) {
    return true;
  }
  const hostname = target.hostname.replace(/^\[|\]$/g, '');
  // WHATWG URL turns http://2130706433/ into 127.0.0.1; Go keeps the literal, which GoTrue refuses.
  const rawHost = /^[a-z][a-z0-9+.-]*:\/\/(?:[^@/?#]*@)?([^/?#:]*)/i.exec(redirectUrl)?.[1] ?? '';
  if (/^[0-9]+$/.test(rawHost)) return false;
  const isHttp = target.protocol === 'http:' || target.protocol === 'https:';
  if (/^[0-9]+$/.test(hostname)) return false;
  if (net.isIP(hostname)) return isLoopbackIp(hostname);
  if (isHttp && !regularHostname.test(hostname)) return false;
  const withoutFragment = redirectUrl.split('#')[0]!;
  return policy.allowList.some((pattern) => globToRegExp(pattern).test(withoutFragment));
}

/** GoTrue's GetReferrer: `redirect_to` if allowed, else the Referer header if allowed, else the site URL. */
export function chooseRedirect(policy: RedirectPolicy, redirectTo: string | null | undefined, referer: string | undefined): string {
  if (redirectTo && isRedirectUrlValid(policy, redirectTo)) return redirectTo;
  if (referer && isRedirectUrlValid(policy, referer)) return referer;
  return policy.siteUrl;
}
