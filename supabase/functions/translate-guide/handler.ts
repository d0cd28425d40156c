/**
 * Machine translation of a host's guide texts with DeepL (optional: only where the deployment sets DEEPL_API_KEY).
 *
 * GET (any valid JWT, also the anon key) → `{ available, provider }`: whether the app shows the translate button.
 * POST (a signed-in host) `{ property_id }` or `{ room_id }`, optionally `languages: ["ja", …]` → fills every
 * missing translation of the property's texts and its rooms' own texts (or of the room's own texts), marked
 * as machine translations; host texts are never touched. Answers `{ translated, languages: {lang: count},
 * skipped, refused, characters }`. Every text is translated before anything is written, and the database writes
 * only where the original is still the one translated and no host text appeared meanwhile, so a failure
 * (`translation_not_configured` 503, `translation_auth_failed` 502, `translation_quota_exceeded` 503,
 * `translation_too_long` 413, `translation_busy` 503, `translation_failed` 502) changes nothing.
 */
import { jsonResponse, preflight } from '../_shared/cors.ts';
import { HttpError, readJsonObject, responseForError } from '../_shared/errors.ts';
import { createAdminClient, requireUser, type AdminClient } from '../_shared/supabase.ts';
import { deeplConfig, translateTexts, type DeepLConfig } from './deepl.ts';

const LANGUAGES = ['en', 'es', 'fr', 'de', 'it', 'zh', 'ja'];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** One text that misses translations, as public.machine_translation_work lists it. */
interface WorkText {
  room_id: string | null;
  path: string;
  item: string | null;
  text: string;
  languages: string[];
}

interface Work {
  property_id: string;
  source_language: string;
  texts: WorkText[];
}

interface Target {
  propertyId: string | null;
  roomId: string | null;
  languages: string[] | null;
}

function readTarget(body: Record<string, unknown>): Target {
  const { property_id: propertyId = null, room_id: roomId = null, languages = null } = body;
  for (const [field, value] of [
    ['property_id', propertyId],
    ['room_id', roomId],
  ] as const) {
    if (value !== null && (typeof value !== 'string' || !UUID.test(value))) {
      throw new HttpError(400, 'invalid_request', `${field} must be a UUID.`);
    }
  }
  if ((propertyId === null) === (roomId === null)) {
    throw new HttpError(400, 'invalid_request', 'Send either property_id or room_id.');
  }
  if (languages !== null && (!Array.isArray(languages) || languages.length === 0 || languages.some((code) => !LANGUAGES.includes(code as string)))) {
    throw new HttpError(400, 'invalid_request', `languages must be a list of ${LANGUAGES.join(', ')}.`);
  }
  return { propertyId: propertyId as string | null, roomId: roomId as string | null, languages: languages as string[] | null };
}

async function missingTexts(admin: AdminClient, ownerId: string, target: Target): Promise<Work> {
  const { data, error } = await admin.rpc('machine_translation_work', {
    owner_id: ownerId,
    property_id: target.propertyId,
    room_id: target.roomId,
    languages: target.languages,
  });
  if (error?.code === 'PT404') throw new HttpError(404, 'not_found', target.roomId ? 'Room not found.' : 'Property not found.');
  if (error || !data) throw new Error(`machine_translation_work failed: ${error?.message ?? 'no data'}`);
  return data as Work;
}

/** Every missing translation, language by language (each distinct text sent once per language). */
async function translateAll(config: DeepLConfig, work: Work) {
  const results: (Omit<WorkText, 'languages'> & { language: string; translation: string })[] = [];
  const perLanguage: Record<string, number> = {};
  let characters = 0;
  for (const language of LANGUAGES) {
    const texts = work.texts.filter((text) => text.languages.includes(language));
    if (texts.length === 0) continue;
    const distinct = [...new Set(texts.map((text) => text.text))];
    const translated = await translateTexts(config, distinct, work.source_language, language);
    const byOriginal = new Map(distinct.map((original, index) => [original, translated[index]!]));
    characters += distinct.reduce((sum, text) => sum + text.length, 0);
    perLanguage[language] = texts.length;
    for (const { room_id, path, item, text } of texts) {
      results.push({ room_id, path, item, text, language, translation: byOriginal.get(text)! });
    }
  }
  return { results, perLanguage, characters };
}

async function translate(request: Request, config: DeepLConfig | null): Promise<Response> {
  const admin = createAdminClient();
  const user = await requireUser(request, admin);
  const target = readTarget(await readJsonObject(request));
  // Checked after the request itself: a request that is wrong anyway says why (401, 400), not that DeepL is missing.
  if (!config) {
    throw new HttpError(503, 'translation_not_configured', 'Machine translation is not configured on this server (DEEPL_API_KEY is not set).');
  }
  const work = await missingTexts(admin, user.id, target);
  const { results, perLanguage, characters } = await translateAll(config, work);
  if (results.length === 0) return jsonResponse(200, { translated: 0, languages: {}, skipped: 0, refused: [], characters: 0 });

  const { data, error } = await admin.rpc('apply_machine_translations', { owner_id: user.id, property_id: work.property_id, results });
  if (error?.code === 'PT404') throw new HttpError(404, 'not_found', 'Property not found.');
  if (error || !data) throw new Error(`apply_machine_translations failed: ${error?.message ?? 'no data'}`);
  const outcome = data as { applied: number; skipped: number; refused: unknown[] };
  return jsonResponse(200, { translated: outcome.applied, languages: perLanguage, skipped: outcome.skipped, refused: outcome.refused, characters });
}

export async function handler(request: Request): Promise<Response> {
  const cors = preflight(request);
  if (cors) return cors;
  try {
    const config = deeplConfig();
    if (request.method === 'GET') return jsonResponse(200, { available: config !== null, provider: config ? 'deepl' : null });
    if (request.method !== 'POST') return jsonResponse(405, { code: 'method_not_allowed', message: 'Use GET or POST.' });
    return await translate(request, config);
  } catch (error) {
    return responseForError(error, 'translate-guide');
  }
}
