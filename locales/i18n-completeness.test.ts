/**
 * Every namespace in locales/en must exist in every other language with the same keys (plural forms
 * may differ per language's plural rules), no empty strings, the same {{placeholders}}, and no value
 * left as an English copy unless it is a word that really is the same (brand names, "WiFi", "OK",
 * e-mail addresses…). Applies to every namespace, including ones added later.
 */
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import path from 'node:path';

const localesDir = import.meta.dirname;
const languages = ['en', 'es', 'fr', 'de', 'it', 'zh', 'ja'] as const;
const otherLanguages = languages.filter((language) => language !== 'en');
const namespaces = readdirSync(path.join(localesDir, 'en'))
  .filter((file) => file.endsWith('.json'))
  .map((file) => file.replace(/\.json$/, ''));

/** Whole values that are legitimately identical to English in some language. */
const sameAsEnglishValues = new Set([
  'RoomGuide',
  'OK',
  'FAQ',
  'QRINFO',
  'WiFi',
  'Wi-Fi',
  'Email',
  'E-mail',
  'Menu',
  'Contact',
  'Privacy',
  'Password',
  'Plan',
  'Hotel',
  // French says "Type".
  'Type',
  // German says "Team".
  'Team',
  'Stripe',
  'PNG',
  'SSID',
  'Instagram',
  'Facebook',
  'Google Maps',
  // French and German say "scan(s)" too.
  'Scans',
  'CSV',
  // Spanish and French say "Total" too.
  'Total',
  // French and German say "Restaurant" too.
  'Restaurant',
  // The European emergency number, the shared guide's example in every language.
  '112',
]);

/** Words that may appear untranslated inside a value (brands, units, acronyms). */
const sameAsEnglishWords = [
  'RoomGuide',
  'WiFi',
  'Wi-Fi',
  'QRINFO',
  'QR',
  'FAQ',
  'OK',
  'PNG',
  'CSV',
  'PWA',
  'Stripe',
  'scan',
  'scans',
  'EUR',
  'SSID',
  'URL',
  'ID',
];

const pluralSuffix = /_(zero|one|two|few|many|other)$/;

type Messages = Record<string, string>;

/** Nested objects and arrays (read with `returnObjects`) become dotted keys: `faq.items.0.question`. */
function flatten(node: unknown, prefix = '', out: Messages = {}): Messages {
  if (typeof node !== 'object' || node === null) throw new Error(`${prefix || 'root'} must be an object or an array`);
  for (const [key, value] of Object.entries(node)) {
    const full = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out[full] = value;
    else flatten(value, full, out);
  }
  return out;
}

function load(language: string, namespace: string): Messages {
  return flatten(JSON.parse(readFileSync(path.join(localesDir, language, `${namespace}.json`), 'utf8')));
}

function placeholders(value: string): string[] {
  return [...value.matchAll(/\{\{\s*([^}\s,]+)[^}]*\}\}/g)].map((match) => match[1]).sort();
}

function baseKey(key: string): string {
  return key.replace(pluralSuffix, '');
}

/** True when a value equal to English is allowed: nothing in it is translatable. */
export function mayEqualEnglish(value: string): boolean {
  if (sameAsEnglishValues.has(value.trim())) return true;
  let rest = value
    .replace(/\{\{[^}]*\}\}/g, ' ')
    .replace(/\$t\([^)]*\)/g, ' ')
    .replace(/[\w.+-]+@[\w-]+(\.[\w-]+)+/g, ' ')
    .replace(/https?:\/\/\S+/g, ' ');
  for (const word of sameAsEnglishWords) rest = rest.replace(new RegExp(`(?<!\\p{L})${word}(?!\\p{L})`, 'gu'), ' ');
  return !/\p{L}/u.test(rest);
}

describe('the completeness check itself', () => {
  it('allows brand names, placeholders and e-mail addresses, but not words', () => {
    expect(mayEqualEnglish('RoomGuide')).toBe(true);
    expect(mayEqualEnglish('{{email}}')).toBe(true);
    expect(mayEqualEnglish('you@example.com')).toBe(true);
    expect(mayEqualEnglish('QR: {{count}}')).toBe(true);
    expect(mayEqualEnglish('Sign In')).toBe(false);
    expect(mayEqualEnglish('Room: {{number}}')).toBe(false);
  });

  it('finds namespaces to check', () => {
    expect(namespaces).toEqual(expect.arrayContaining(['common', 'auth']));
  });
});

describe.each(namespaces)('locales: %s', (namespace) => {
  const english = load('en', namespace);
  const englishBases = new Set(Object.keys(english).map(baseKey));
  const englishPluralBases = new Set(
    Object.keys(english)
      .filter((key) => pluralSuffix.test(key))
      .map(baseKey),
  );

  it('English has no empty strings', () => {
    expect(
      Object.entries(english)
        .filter(([, value]) => value.trim() === '')
        .map(([key]) => key),
    ).toEqual([]);
  });

  describe.each(otherLanguages)('%s', (language) => {
    const file = path.join(localesDir, language, `${namespace}.json`);

    it('exists', () => {
      expect(existsSync(file), `${language}/${namespace}.json is missing`).toBe(true);
    });

    if (!existsSync(file)) return;
    const messages = load(language, namespace);
    const categories = new Set(new Intl.PluralRules(language).resolvedOptions().pluralCategories as string[]);

    it('has every key of English and no others', () => {
      const missing = [...englishBases].filter((base) => (englishPluralBases.has(base) ? !(`${base}_other` in messages) : !(base in messages)));
      const extra = Object.keys(messages).filter((key) => {
        const base = baseKey(key);
        if (!englishBases.has(base)) return true;
        if (key === base) return englishPluralBases.has(base) && !(base in english);
        return !englishPluralBases.has(base) || !categories.has(key.slice(base.length + 1));
      });
      expect({ missing, extra }).toEqual({ missing: [], extra: [] });
    });

    it('has no empty strings', () => {
      expect(
        Object.entries(messages)
          .filter(([, value]) => value.trim() === '')
          .map(([key]) => key),
      ).toEqual([]);
    });

    it('keeps the interpolation placeholders', () => {
      const mismatched = Object.entries(messages)
        .filter(([key]) => englishBases.has(baseKey(key)))
        .filter(([key, value]) => {
          const source = english[key] ?? english[`${baseKey(key)}_other`] ?? english[baseKey(key)];
          if (source === undefined) return false;
          const expected = placeholders(source);
          const actual = placeholders(value);
          // a language's singular may spell the number out ("un caractère") instead of {{count}}
          const allowedMissingCount = pluralSuffix.test(key) && !key.endsWith('_other') ? expected.filter((name) => name !== 'count') : expected;
          return actual.join() !== expected.join() && actual.join() !== allowedMissingCount.join();
        })
        .map(([key, value]) => `${key}: ${value}`);
      expect(mismatched).toEqual([]);
    });

    it('translates every value (no English copies)', () => {
      const copies = Object.entries(messages)
        .filter(([key, value]) => english[key] !== undefined && value === english[key] && !mayEqualEnglish(value))
        .map(([key, value]) => `${key}: ${value}`);
      expect(copies).toEqual([]);
    });
  });
});
