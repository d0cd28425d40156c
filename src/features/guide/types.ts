import type { GuideFieldKey, GuideValues } from '@/lib/guide-fields';
import type { GuestRequestType } from '@/lib/guest-requests';
import type { GuideLanguage } from './lib/language';

/**
 * What a guest page shows: `get_guide`'s answer after `normalizeGuide`, every field of the field list
 * (src/lib/guide-fields.ts) in the app's shape, empty where the guide has nothing.
 */
export type Guide = Omit<GuideValues, 'wifi'> & {
  id: string;
  /** null: no WiFi card (the guide names no network). */
  wifi: GuideValues['wifi'] | null;
  propertyName: string | null;
  /** The host's texts in other languages (lib/localize-guide.ts); the fields above are the originals. */
  translations: GuideTranslations;
  /** Whether guests may send requests from this guide, and which types. */
  requests: { enabled: boolean; types: GuestRequestType[] };
  /** The notices that have not ended; each shows only inside its window (lib/notices.ts). */
  notices: GuideNotice[];
};

/** A short text from the hosts with its window; `translations` by language, the original where one is missing. */
export interface GuideNotice {
  id: string;
  text: string;
  translations: Partial<Record<GuideLanguage, string>>;
  startsAt: string;
  endsAt: string;
}

/** One language's texts by field key; a list parallel to the guide's list, '' where an item has none. */
export type GuideTexts = Partial<Record<GuideFieldKey, string | string[]>>;
export type GuideTranslations = Partial<Record<GuideLanguage, GuideTexts>>;

/** A guide plus where it came from: `savedAt` is set when the network failed and a saved copy is shown. */
export interface LoadedGuide {
  guide: Guide;
  savedAt: Date | null;
}
