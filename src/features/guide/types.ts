import type { GuideTemplate } from './lib/theme';

/** What a guest page shows, as `get_guide` returns it after `normalizeGuide`. */
export interface Guide {
  id: string;
  name: string;
  roomNumber: string;
  template: GuideTemplate;
  style: { primaryColor: string | null; backgroundColor: string | null; logoUrl: string | null; roomPhotoUrl: string | null };
  wifi: { network: string; password: string } | null;
  hotel: { name: string; phone: string; website: string; description: string };
  area: { location: string; activities: string[]; businessLink: string };
  images: string[];
  propertyName: string | null;
}

/** A guide plus where it came from: `savedAt` is set when the network failed and a saved copy is shown. */
export interface LoadedGuide {
  guide: Guide;
  savedAt: Date | null;
}
