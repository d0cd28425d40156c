import type { GuideValues } from '@/lib/guide-fields';

/**
 * What a guest page shows: `get_guide`'s answer after `normalizeGuide`, every field of the field list
 * (src/lib/guide-fields.ts) in the app's shape, empty where the guide has nothing.
 */
export type Guide = Omit<GuideValues, 'wifi'> & {
  id: string;
  /** null: no WiFi card (the guide names no network). */
  wifi: GuideValues['wifi'] | null;
  propertyName: string | null;
};

/** A guide plus where it came from: `savedAt` is set when the network failed and a saved copy is shown. */
export interface LoadedGuide {
  guide: Guide;
  savedAt: Date | null;
}
