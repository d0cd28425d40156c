/**
 * Rules for room photos, the same as the storage bucket's (docs/architecture.md §3: 5 MiB, jpeg/png/webp), checked
 * before uploading so the host gets a clear message instead of a failed request.
 */
export const maxImageBytes = 5 * 1024 * 1024;
export const allowedImageTypes = ['image/jpeg', 'image/png', 'image/webp'] as const;

export type ImageProblem = 'tooLarge' | 'notAnImage';

export function checkImageFile(file: { size: number; type: string }): ImageProblem | null {
  if (!(allowedImageTypes as readonly string[]).includes(file.type)) return 'notAnImage';
  if (file.size > maxImageBytes) return 'tooLarge';
  return null;
}

/** Keeps letters, digits, dot, dash and underscore so the storage key is a safe URL path segment. */
export function safeFileName(fileName: string): string {
  // Browsers give a bare name, but never trust it to carry no folder part.
  const baseName = fileName.split(/[\\/]/).pop() ?? '';
  const lastDot = baseName.lastIndexOf('.');
  const stem = lastDot > 0 ? baseName.slice(0, lastDot) : baseName;
  const extension = lastDot > 0 ? baseName.slice(lastDot + 1) : '';
  const clean = (s: string) =>
    s
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9_-]+/g, '-')
      .replace(/-+/g, '-')
      .replace(/^-|-$/g, '');
  const safeStem = clean(stem).slice(0, 60) || 'photo';
  const safeExtension = clean(extension).slice(0, 8);
  return safeExtension ? `${safeStem}.${safeExtension}` : safeStem;
}

/** `{userId}/{uuid}-{safe file name}`: the bucket's policies allow writes only under the owner's folder. */
export function imageStoragePath(userId: string, fileName: string, uniqueId: string): string {
  return `${userId}/${uniqueId}-${safeFileName(fileName)}`;
}

/** The storage path of one of our public image URLs, or null for an image hosted elsewhere. */
export function storagePathFromPublicUrl(publicUrl: string, bucket: string): string | null {
  const marker = `/storage/v1/object/public/${bucket}/`;
  const index = publicUrl.indexOf(marker);
  if (index === -1) return null;
  const rest = publicUrl.slice(index + marker.length).split(/[?#]/)[0];
  try {
    return decodeURIComponent(rest);
  } catch {
    return null;
  }
}

/**
 * The storage paths, in our bucket and under the owner's folder, of the given image URLs (duplicates
 * and images hosted elsewhere dropped): what may be removed when a room no longer uses them.
 */
export function ownImagePaths(urls: readonly (string | null | undefined)[], userId: string, bucket: string): string[] {
  const paths = urls
    .filter((u): u is string => typeof u === 'string' && u !== '')
    .map((u) => storagePathFromPublicUrl(u, bucket))
    .filter((p): p is string => p !== null && p.startsWith(`${userId}/`));
  return [...new Set(paths)];
}
