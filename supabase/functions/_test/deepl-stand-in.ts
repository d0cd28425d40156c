/**
 * A local stand-in of DeepL's text translation API for the translate-guide tests, on 127.0.0.1, answering with
 * the documented shapes and status codes (developers.deepl.com, "translate" API reference and "Error handling"):
 *
 *   POST /v2/translate   Authorization: DeepL-Auth-Key <key>, JSON {text: string[1..50], target_lang,
 *                        source_lang?} → 200 {translations: [{detected_source_language, text}]}
 *   403  the key is missing or wrong                      456  the character quota is used up
 *   413  the body is larger than the limit (128 KiB)      429  too many requests (injected by a test)
 *   400  a missing or unsupported parameter
 *
 * Its "translation" is recognisable and deterministic: `[JA] <text>`. Every request is recorded. A test changes
 * the behaviour through `settings` (key, remaining characters, body limit, how many 429s to answer first).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

const SOURCE_LANGUAGES = [
  'AR',
  'BG',
  'CS',
  'DA',
  'DE',
  'EL',
  'EN',
  'ES',
  'ET',
  'FI',
  'FR',
  'HU',
  'ID',
  'IT',
  'JA',
  'KO',
  'LT',
  'LV',
  'NB',
  'NL',
  'PL',
  'PT',
  'RO',
  'RU',
  'SK',
  'SL',
  'SV',
  'TR',
  'UK',
  'ZH',
];
const TARGET_LANGUAGES = [
  ...SOURCE_LANGUAGES.filter((code) => !['EN', 'PT', 'ZH'].includes(code)),
  'EN-GB',
  'EN-US',
  'PT-BR',
  'PT-PT',
  'ZH-HANS',
  'ZH-HANT',
  // Still accepted for backward compatibility.
  'EN',
  'PT',
  'ZH',
];

export interface DeepLStandInSettings {
  authKey: string;
  /** Characters left in the quota; a request needing more answers 456. */
  charactersLeft: number;
  /** Bodies larger than this answer 413 (DeepL: 128 KiB). */
  maxBodyBytes: number;
  /** How many of the next requests answer 429 before the stand-in translates again. */
  tooManyRequests: number;
}

export interface RecordedTranslateRequest {
  authorization: string | undefined;
  body: { text?: string[]; target_lang?: string; source_lang?: string };
  status: number;
}

export interface DeepLStandIn {
  url: string;
  settings: DeepLStandInSettings;
  requests: RecordedTranslateRequest[];
  close(): Promise<void>;
}

function send(res: http.ServerResponse, status: number, body: unknown): number {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  return status;
}

function answer(settings: DeepLStandInSettings, authorization: string | undefined, raw: Buffer, res: http.ServerResponse): number {
  if (authorization !== `DeepL-Auth-Key ${settings.authKey}`) return send(res, 403, { message: 'Authorization failure, check auth_key' });
  if (raw.length > settings.maxBodyBytes) return send(res, 413, { message: 'Request Entity Too Large' });
  if (settings.tooManyRequests > 0) {
    settings.tooManyRequests--;
    return send(res, 429, { message: 'Too many requests, DeepL servers are currently experiencing high load' });
  }
  let body: { text?: unknown; target_lang?: unknown; source_lang?: unknown };
  try {
    body = JSON.parse(raw.toString('utf8')) as typeof body;
  } catch {
    return send(res, 400, { message: 'Invalid request: expected a JSON body' });
  }
  const texts = body.text;
  if (!Array.isArray(texts) || texts.length === 0 || texts.some((text) => typeof text !== 'string')) {
    return send(res, 400, { message: "Parameter 'text' not specified." });
  }
  if (texts.length > 50) return send(res, 400, { message: 'Too many texts in one request: at most 50.' });
  const target = typeof body.target_lang === 'string' ? body.target_lang.toUpperCase() : '';
  if (!TARGET_LANGUAGES.includes(target)) return send(res, 400, { message: "Value for 'target_lang' not supported." });
  const source = typeof body.source_lang === 'string' ? body.source_lang.toUpperCase() : undefined;
  if (source !== undefined && !SOURCE_LANGUAGES.includes(source)) return send(res, 400, { message: "Value for 'source_lang' not supported." });
  const characters = (texts as string[]).reduce((sum, text) => sum + text.length, 0);
  if (characters > settings.charactersLeft) return send(res, 456, { message: 'Quota exceeded. The character limit has been reached.' });
  settings.charactersLeft -= characters;
  const label = target.split('-')[0];
  return send(res, 200, {
    translations: (texts as string[]).map((text) => ({ detected_source_language: source ?? 'EN', text: `[${label}] ${text}` })),
  });
}

export async function startDeepLStandIn(settings: DeepLStandInSettings): Promise<DeepLStandIn> {
  const requests: RecordedTranslateRequest[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v2/translate') {
        send(res, 404, { message: 'Not found' });
        return;
      }
      const raw = Buffer.concat(chunks);
      const authorization = req.headers.authorization;
      const status = answer(settings, authorization, raw, res);
      let body: RecordedTranslateRequest['body'] = {};
      try {
        body = JSON.parse(raw.toString('utf8')) as RecordedTranslateRequest['body'];
      } catch {
        // recorded as an empty body
      }
      requests.push({ authorization, body, status });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    settings,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
