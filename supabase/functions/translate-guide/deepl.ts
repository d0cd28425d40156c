/**
 * DeepL's text translation API (`POST /v2/translate`, JSON body, `Authorization: DeepL-Auth-Key …`), with
 * fetch only, so it runs unchanged under Deno and Node. Free keys end in `:fx` and use api-free.deepl.com;
 * `DEEPL_API_URL` points elsewhere (the tests' stand-in, a proxy).
 *
 * Limits honoured: at most 50 texts and 128 KiB of body per request (texts are batched below both). Errors
 * become HttpErrors with a stable code and a sentence saying that nothing was changed: the caller writes
 * nothing until every text is translated.
 */
import { getEnv } from '../_shared/env.ts';
import { HttpError } from '../_shared/errors.ts';

/** The guide's languages as DeepL names them: sources without variant, targets with the variant DeepL wants. */
const sourceCodes: Record<string, string> = { en: 'EN', es: 'ES', fr: 'FR', de: 'DE', it: 'IT', zh: 'ZH', ja: 'JA' };
const targetCodes: Record<string, string> = { en: 'EN-US', es: 'ES', fr: 'FR', de: 'DE', it: 'IT', zh: 'ZH-HANS', ja: 'JA' };

const MAX_TEXTS_PER_REQUEST = 50;
/** Below DeepL's 128 KiB, leaving room for the rest of the JSON body. */
const MAX_TEXT_BYTES_PER_REQUEST = 120 * 1024;
/** Waits before retrying a 429 or a temporary server error (DeepL asks for retries with backoff). */
const RETRY_DELAYS_MS = [250, 1000];

export interface DeepLConfig {
  apiKey: string;
  apiUrl: string;
}

/** The deployment's DeepL settings, or null when no key is set (machine translation is then unavailable). */
export function deeplConfig(): DeepLConfig | null {
  const apiKey = getEnv('DEEPL_API_KEY')?.trim();
  if (!apiKey) return null;
  const apiUrl = getEnv('DEEPL_API_URL')?.trim() || (apiKey.endsWith(':fx') ? 'https://api-free.deepl.com' : 'https://api.deepl.com');
  return { apiKey, apiUrl: apiUrl.replace(/\/$/, '') };
}

/** Splits texts into requests DeepL accepts: at most 50 texts and about 120 KiB each. */
export function batches(texts: readonly string[]): string[][] {
  const encoder = new TextEncoder();
  const result: string[][] = [];
  let current: string[] = [];
  let bytes = 0;
  for (const text of texts) {
    const size = encoder.encode(JSON.stringify(text)).length + 1;
    if (current.length > 0 && (current.length === MAX_TEXTS_PER_REQUEST || bytes + size > MAX_TEXT_BYTES_PER_REQUEST)) {
      result.push(current);
      current = [];
      bytes = 0;
    }
    current.push(text);
    bytes += size;
  }
  if (current.length > 0) result.push(current);
  return result;
}

function failure(status: number): HttpError {
  switch (status) {
    case 403:
      return new HttpError(502, 'translation_auth_failed', 'The translation service refused this server’s key (DEEPL_API_KEY). Nothing was changed.');
    case 456:
      return new HttpError(
        503,
        'translation_quota_exceeded',
        'The translation quota of this server is used up. Nothing was changed; try again when it renews.',
      );
    case 413:
    case 414:
      return new HttpError(413, 'translation_too_long', 'The texts are too long for the translation service. Nothing was changed.');
    case 429:
      return new HttpError(503, 'translation_busy', 'The translation service is busy. Nothing was changed; try again in a minute.');
    default:
      return new HttpError(502, 'translation_failed', `The translation service answered ${status}. Nothing was changed; try again later.`);
  }
}

const retryable = (status: number) => status === 429 || status === 500 || status === 502 || status === 503 || status === 504 || status === 529;

async function post(config: DeepLConfig, body: unknown): Promise<unknown> {
  for (let attempt = 0; ; attempt++) {
    let response: Response;
    try {
      response = await fetch(`${config.apiUrl}/v2/translate`, {
        method: 'POST',
        headers: { Authorization: `DeepL-Auth-Key ${config.apiKey}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
    } catch (error) {
      console.error('[translate-guide] DeepL unreachable', error);
      throw new HttpError(502, 'translation_failed', 'The translation service cannot be reached. Nothing was changed; try again later.');
    }
    if (response.ok) return await response.json();
    const detail = await response.text().catch(() => '');
    if (retryable(response.status) && attempt < RETRY_DELAYS_MS.length) {
      await new Promise((resolve) => setTimeout(resolve, RETRY_DELAYS_MS[attempt]));
      continue;
    }
    console.error(`[translate-guide] DeepL answered ${response.status}: ${detail.slice(0, 300)}`);
    throw failure(response.status);
  }
}

/**
 * Translates `texts` (each once) from the guide language `source` into `target`; answers the translations in the
 * same order. Throws an HttpError when DeepL refuses or answers something unexpected.
 */
export async function translateTexts(config: DeepLConfig, texts: readonly string[], source: string, target: string): Promise<string[]> {
  const sourceLang = sourceCodes[source];
  const targetLang = targetCodes[target];
  if (!sourceLang || !targetLang) throw new HttpError(400, 'invalid_language', `Cannot translate from ${source} into ${target}.`);
  const translated: string[] = [];
  for (const batch of batches(texts)) {
    const answer = (await post(config, { text: batch, source_lang: sourceLang, target_lang: targetLang })) as {
      translations?: { text?: unknown }[];
    };
    const results = answer?.translations;
    if (!Array.isArray(results) || results.length !== batch.length || results.some((result) => typeof result?.text !== 'string')) {
      throw new HttpError(502, 'translation_failed', 'The translation service answered in an unexpected form. Nothing was changed.');
    }
    translated.push(...results.map((result) => result.text as string));
  }
  return translated;
}
