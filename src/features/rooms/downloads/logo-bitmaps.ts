/**
 * A room code's logo for the workers that draw "Download all": loaded in the page as an image with
 * `crossorigin="anonymous"`, as qr-code-styling loads it for the single download (the same Content-Security-Policy
 * rule, img-src, and the same CORS condition for drawing it on a canvas that is then saved), and decoded once per URL
 * into a small ImageBitmap that is copied to the workers with each code.
 */

/** Wider than a logo is ever drawn on a 300 px code (about 40 px), so the copies sent to workers stay small. */
const LOGO_BITMAP_SIDE = 96;

export type LoadLogoBitmap = (url: string) => Promise<ImageBitmap | null>;

/** The logo as an image that may be drawn on a canvas and saved: fails unless its server allows it (CORS). */
async function decodeLogo(url: string): Promise<ImageBitmap> {
  const image = new Image();
  image.crossOrigin = 'anonymous';
  image.src = url;
  await image.decode();
  const scale = Math.min(1, LOGO_BITMAP_SIDE / Math.max(image.naturalWidth, image.naturalHeight, 1));
  return createImageBitmap(image, {
    resizeWidth: Math.max(1, Math.round(image.naturalWidth * scale)),
    resizeHeight: Math.max(1, Math.round(image.naturalHeight * scale)),
    resizeQuality: 'high',
  });
}

/** Each logo decoded once (a property's rooms usually share one); null where it cannot be had: the code is drawn whole. */
export function logoBitmaps(decode: (url: string) => Promise<ImageBitmap> = decodeLogo): LoadLogoBitmap {
  const logos = new Map<string, Promise<ImageBitmap | null>>();
  return (url) => {
    let logo = logos.get(url);
    if (!logo) {
      logo = decode(url).catch((error: unknown) => {
        console.warn(`The logo ${url} could not be loaded; the codes are drawn without it`, error);
        return null;
      });
      logos.set(url, logo);
    }
    return logo;
  };
}
