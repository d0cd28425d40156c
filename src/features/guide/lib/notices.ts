/**
 * Notices to guests ("The pool is closed today"): get_guide carries every notice that has not ended, so a guide
 * saved on the device shows each one inside its window offline too. Read here without trusting the JSON, shown
 * only between their start and end, each in the guest's language where the host translated it.
 */
import type { GuideNotice } from '../types';
import { isGuideLanguage, type GuideLanguage } from './language';

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');
const validTime = (value: unknown): string => (Number.isFinite(Date.parse(text(value))) ? text(value) : '');

export function readNotices(raw: unknown): GuideNotice[] {
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((item): GuideNotice[] => {
    if (!isObject(item) || !text(item.id) || !text(item.text) || !validTime(item.starts_at) || !validTime(item.ends_at)) return [];
    const translations: GuideNotice['translations'] = {};
    if (isObject(item.translations)) {
      for (const [language, translated] of Object.entries(item.translations)) {
        if (isGuideLanguage(language) && text(translated)) translations[language] = text(translated);
      }
    }
    return [{ id: text(item.id), text: text(item.text), translations, startsAt: validTime(item.starts_at), endsAt: validTime(item.ends_at) }];
  });
}

/** The notices to show at `now`, in `language`. */
export function currentNotices(notices: GuideNotice[], language: GuideLanguage, now: number): { id: string; text: string }[] {
  return notices
    .filter((notice) => Date.parse(notice.startsAt) <= now && now < Date.parse(notice.endsAt))
    .map((notice) => ({ id: notice.id, text: notice.translations[language] ?? notice.text }));
}

/** When the set of notices to show next changes (a start or an end after `now`), or null. */
export function nextNoticeChange(notices: GuideNotice[], now: number): number | null {
  const times = notices.flatMap((notice) => [Date.parse(notice.startsAt), Date.parse(notice.endsAt)]).filter((time) => time > now);
  return times.length > 0 ? Math.min(...times) : null;
}
