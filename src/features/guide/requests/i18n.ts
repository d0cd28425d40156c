/**
 * The request card's words (locales/<lng>/guest-requests.json), in its own chunk with the card: a guide that takes
 * no requests downloads none of them. Seven small files, so the card switches language as the guide does, offline
 * too. The staff screens and the request email read the same files (the request types' names).
 */
import { interpolate } from '../lib/i18n';
import type { GuideLanguage } from '../lib/language';
import en from '@locales/en/guest-requests.json';
import es from '@locales/es/guest-requests.json';
import fr from '@locales/fr/guest-requests.json';
import de from '@locales/de/guest-requests.json';
import it from '@locales/it/guest-requests.json';
import zh from '@locales/zh/guest-requests.json';
import ja from '@locales/ja/guest-requests.json';

export type RequestMessageKey = keyof typeof en;

const MESSAGES: Record<GuideLanguage, Record<RequestMessageKey, string>> = { en, es, fr, de, it, zh, ja };

export type RequestTranslate = (key: RequestMessageKey, values?: Record<string, string | number>) => string;

export function requestTranslator(language: GuideLanguage): RequestTranslate {
  const messages = MESSAGES[language];
  return (key, values) => interpolate(messages[key] ?? en[key], values);
}
