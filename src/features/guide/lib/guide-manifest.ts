/**
 * A web app manifest for one room. "Add to Home screen" must reopen this room's guide, but the app's own
 * manifest starts at `/`; a static host cannot serve a manifest per guide, so the page builds one and links it
 * as a `data:` URL. Every URL in it is absolute because relative URLs would resolve against the `data:` URL.
 */
import { guideUrl } from '@/lib/guide-url';

export interface GuideManifestInput {
  origin: string;
  guideId: string;
  name: string;
  roomNumber: string;
  themeColor: string;
  backgroundColor: string;
}

export function guideManifest({ origin, guideId, name, roomNumber, themeColor, backgroundColor }: GuideManifestInput) {
  const url = guideUrl(origin, guideId);
  const fullName = [name || 'RoomGuide', roomNumber].filter(Boolean).join(' · ');
  return {
    id: url,
    name: fullName,
    short_name: (name || 'RoomGuide').slice(0, 30),
    description: fullName,
    start_url: url,
    scope: url,
    display: 'standalone',
    theme_color: themeColor,
    background_color: backgroundColor,
    icons: [
      { src: `${origin}/pwa-192x192.png`, sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: `${origin}/pwa-512x512.png`, sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: `${origin}/maskable-icon-512x512.png`, sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
}

export function manifestDataUrl(manifest: object): string {
  return `data:application/manifest+json;charset=utf-8,${encodeURIComponent(JSON.stringify(manifest))}`;
}

/** Points the document's manifest link at this guide's manifest; returns a function that puts the old one back. */
export function linkManifest(href: string): () => void {
  let link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
  const created = !link;
  if (!link) {
    link = document.createElement('link');
    link.rel = 'manifest';
    document.head.append(link);
  }
  const previous = link.getAttribute('href');
  link.setAttribute('href', href);
  return () => {
    if (created) link.remove();
    else if (previous !== null) link.setAttribute('href', previous);
  };
}
