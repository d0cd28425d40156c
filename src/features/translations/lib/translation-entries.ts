/**
 * The host's translations as the editor shows and saves them. The database keeps, per language and field path,
 * `{text, source: host|machine, outdated?}` (or a plain string, the host's); activities are keyed by the original
 * activity's text. The editor lists one row per text a host can translate (the property's own texts, or a room's
 * own name and overrides), with the original next to the language's text and flags for review; saving writes back
 * every language, replacing only the rows the host changed or accepted, so a machine text the host did not touch
 * stays machine and nothing of another language is lost.
 */
import { isApiError, invalidInputCodes } from '@/lib/data/api-error';
import { guideField, guideFields, valueAt, type GuideField } from '@/lib/guide-fields';
import type { Language } from '@/lib/languages';
import { isNumberedRoomName } from '@/lib/room-name';

/** The fields a host translates (the field list's texts a guest reads); a room also its own name. */
export type TextPath = Extract<GuideField, { guestText: true }>['key'];
const textFields = guideFields.filter((field): field is Extract<GuideField, { guestText: true }> => field.guestText);
/** A property's texts: the ones its rooms share. */
export const propertyTextPaths: readonly TextPath[] = textFields.filter((field) => field.inheritable).map((field) => field.key);
/** A room's texts: its own name and the shared ones it overrides. */
export const roomTextPaths: readonly TextPath[] = textFields.map((field) => field.key);

export interface TranslationEntry {
  text: string;
  source: 'host' | 'machine';
  outdated: boolean;
}

/** One text to translate: a field, or one activity of the list (`item`: the original activity). */
export interface TextRow {
  /** Unique in the editor: the path, or `area.activities` + the activity. */
  id: string;
  path: TextPath;
  item: string | null;
  original: string;
  maxLength: number;
}

type Json = unknown;
const isObject = (value: Json): value is Record<string, Json> => typeof value === 'object' && value !== null && !Array.isArray(value);
const textOf = (value: Json): string => (typeof value === 'string' ? value.trim() : '');

/** What the row (property or room) holds: its originals and `translations`. */
export interface TranslatableRow {
  name?: Json;
  hotel: Json;
  area: Json;
  translations: Json;
}

function originalAt(row: TranslatableRow, path: TextPath): Json {
  return valueAt(row, guideField(path).path);
}

/**
 * The texts of `row` a host can translate here, in the form's order: a room lists only its own name and the
 * fields it overrides (an inherited text is translated on the property; a hidden one has nothing to translate).
 */
export function textRows(row: TranslatableRow, paths: readonly TextPath[]): TextRow[] {
  const rows: TextRow[] = [];
  for (const path of paths) {
    const field = guideField(path);
    const original = originalAt(row, path);
    if (field.kind === 'list') {
      if (!Array.isArray(original)) continue;
      const seen = new Set<string>();
      for (const value of original) {
        const item = textOf(value);
        if (!item || seen.has(item)) continue;
        seen.add(item);
        rows.push({ id: `${path}\u0000${item}`, path, item, original: item, maxLength: field.item.maxLength });
      }
    } else if (textOf(original)) {
      rows.push({ id: path, path, item: null, original: textOf(original), maxLength: field.maxLength });
    }
  }
  return rows;
}

/** How the screens name a text: its field ("Hotel name"), and for an activity the activity too. */
export function textRowLabel(t: (key: `fields.${TextPath}`) => string, row: TextRow): string {
  const field = t(`fields.${row.path}`);
  return row.item === null ? field : `${field}: ${row.item}`;
}

function readEntry(value: Json): TranslationEntry | null {
  if (typeof value === 'string') return value.trim() ? { text: value, source: 'host', outdated: false } : null;
  if (!isObject(value) || !textOf(value.text)) return null;
  return { text: value.text as string, source: value.source === 'machine' ? 'machine' : 'host', outdated: value.outdated === true };
}

/** The entry a language has for a row, or null (missing). */
export function entryFor(translations: Json, language: Language, row: TextRow): TranslationEntry | null {
  const texts = isObject(translations) ? translations[language] : undefined;
  if (!isObject(texts)) return null;
  const value = texts[row.path];
  if (row.item === null) return readEntry(value);
  return isObject(value) ? readEntry(value[row.item]) : null;
}

/** What the host did to a row: a new text ('' = remove it), or accepted a flagged one as it is. */
export type RowEdit = { text: string } | { accept: true };

/**
 * `translations` with one language's edits applied: an edited or accepted row becomes the host's, current text
 * (the database then stores it as `source: host`); an emptied row is removed; every other entry, of this and every
 * other language, is written back as it was.
 */
export function applyEdits(translations: Json, language: Language, rows: readonly TextRow[], edits: ReadonlyMap<string, RowEdit>): Record<string, Json> {
  const all: Record<string, Json> = isObject(translations) ? { ...translations } : {};
  const texts: Record<string, Json> = isObject(all[language]) ? { ...all[language] } : {};
  for (const row of rows) {
    const edit = edits.get(row.id);
    if (!edit) continue;
    const current = entryFor(all, language, row);
    const text = 'accept' in edit ? (current?.text ?? '') : edit.text.trim();
    const entry = text ? { text, source: 'host' } : undefined;
    if (row.item === null) {
      if (entry) texts[row.path] = entry;
      else delete texts[row.path];
      continue;
    }
    const items: Record<string, Json> = isObject(texts[row.path]) ? { ...(texts[row.path] as Record<string, Json>) } : {};
    if (entry) items[row.item] = entry;
    else delete items[row.item];
    if (Object.keys(items).length > 0) texts[row.path] = items;
    else delete texts[row.path];
  }
  if (Object.keys(texts).length > 0) all[language] = texts;
  else delete all[language];
  return all;
}

/** A refused save, as the editor shows it at the field: a message key of the translations namespace and its values. */
export interface FieldProblem {
  path: TextPath;
  message: 'problems.tooLong' | 'problems.activityGone' | 'problems.noOriginal' | 'problems.invalid';
  values?: Record<string, number>;
}

/**
 * The database names the field and language it refused in `details` (`hotel.description.ja`) with its English
 * message ('hotel.description can be at most 2000 characters.'); the editor shows its own message in the host's
 * language at that field. Null for any other failure (shown above the form).
 */
export function fieldProblem(error: unknown, language: Language): FieldProblem | null {
  if (!isApiError(error) || !invalidInputCodes.has(error.code) || !error.field?.endsWith(`.${language}`)) return null;
  const path = error.field.slice(0, -(language.length + 1));
  if (!(roomTextPaths as readonly string[]).includes(path)) return null;
  const textPath = path as TextPath;
  const limit = /at most (\d+)/.exec(error.message);
  if (limit) return { path: textPath, message: 'problems.tooLong', values: { max: Number(limit[1]) } };
  if (/has no activity/.test(error.message)) return { path: textPath, message: 'problems.activityGone' };
  if (/no text to translate/.test(error.message)) return { path: textPath, message: 'problems.noOriginal' };
  return { path: textPath, message: 'problems.invalid' };
}

/** `translation_status` as the database computes it; a language is complete when nothing is missing. */
export interface TranslationStatus {
  original: Language;
  texts: number;
  languages: Partial<Record<Language, { translated: number; machine: number; outdated: number; missing: number }>>;
}

export function readStatus(value: Json): TranslationStatus | null {
  if (!isObject(value) || typeof value.original !== 'string' || !isObject(value.languages)) return null;
  return value as unknown as TranslationStatus; // the database's computed field, shaped by its migration
}

/** The languages (other than the original) whose every text is translated, in the app's order. */
export function completeLanguages(status: TranslationStatus | null, languages: readonly Language[]): Language[] {
  if (!status || status.texts === 0) return [];
  return languages.filter((language) => language !== status.original && status.languages[language]?.missing === 0);
}

/** A name that only gives the room's number: guests read it in their own words, so it is no text to translate. */
const isNumberedNameRow = (row: TextRow, roomNumber: string) => row.path === 'name' && isNumberedRoomName(row.original, roomNumber);

/**
 * A room's texts to translate on its own page, and its `translation_status` as the page counts it: without its name
 * when the name only gives its number (the database counts every text; it does not know the words for a room).
 */
export function roomTranslationView(
  room: TranslatableRow & { room_number: string },
  status: TranslationStatus | null,
): { rows: TextRow[]; status: TranslationStatus | null } {
  const all = textRows(room, roomTextPaths);
  const numbered = all.find((row) => isNumberedNameRow(row, room.room_number));
  if (!numbered) return { rows: all, status };
  const rows = all.filter((row) => row !== numbered);
  if (!status) return { rows, status };
  const languages: TranslationStatus['languages'] = {};
  for (const [language, counts] of Object.entries(status.languages) as [Language, NonNullable<TranslationStatus['languages'][Language]>][]) {
    const entry = entryFor(room.translations, language, numbered);
    languages[language] = entry
      ? {
          ...counts,
          translated: counts.translated - 1,
          machine: counts.machine - (entry.source === 'machine' ? 1 : 0),
          outdated: counts.outdated - (entry.outdated ? 1 : 0),
        }
      : { ...counts, missing: counts.missing - 1 };
  }
  return { rows, status: { ...status, texts: status.texts - 1, languages } };
}

/** One of a room's own texts and the languages that do not have it yet. */
export interface TextGap {
  row: TextRow;
  missing: Language[];
}

/**
 * What a room itself still needs translated, text by text: its own name and the fields it overrides (inherited texts
 * are the property's to translate). A name that only gives the room's number is no text to translate: guests read
 * it in their own words (src/lib/room-name.ts). `own` counts the room's texts to translate.
 */
export function roomTextGaps(
  room: TranslatableRow & { room_number: string },
  original: Language,
  languages: readonly Language[],
): { own: number; gaps: TextGap[] } {
  const rows = textRows(room, roomTextPaths).filter((row) => !isNumberedNameRow(row, room.room_number));
  const others = languages.filter((language) => language !== original);
  const gaps = rows.flatMap((row) => {
    const missing = others.filter((language) => entryFor(room.translations, language, row) === null);
    return missing.length > 0 ? [{ row, missing }] : [];
  });
  return { own: rows.length, gaps };
}
