import { describe, expect, it } from 'vitest';
import { checkImageFile, imageStoragePath, maxImageBytes, ownImagePaths, safeFileName, storagePathFromPublicUrl } from './image-upload';

describe('checkImageFile', () => {
  it('accepts jpeg, png and webp up to 5 MiB', () => {
    expect(checkImageFile({ size: maxImageBytes, type: 'image/jpeg' })).toBeNull();
    expect(checkImageFile({ size: 10, type: 'image/png' })).toBeNull();
    expect(checkImageFile({ size: 10, type: 'image/webp' })).toBeNull();
  });

  it('refuses files over 5 MiB', () => {
    expect(checkImageFile({ size: maxImageBytes + 1, type: 'image/jpeg' })).toBe('tooLarge');
  });

  it('refuses anything that is not one of the three image types', () => {
    expect(checkImageFile({ size: 10, type: 'application/pdf' })).toBe('notAnImage');
    expect(checkImageFile({ size: 10, type: 'image/svg+xml' })).toBe('notAnImage');
    expect(checkImageFile({ size: 10, type: '' })).toBe('notAnImage');
  });
});

describe('storage paths', () => {
  it('builds {userId}/{uuid}-{safe name}', () => {
    expect(imageStoragePath('u1', 'Vue mer (1).JPG', 'abc')).toBe('u1/abc-vue-mer-1.jpg');
  });

  it('makes unsafe names safe', () => {
    expect(safeFileName('../../etc/passwd')).toBe('passwd');
    expect(safeFileName('C:\\photos\\room 1.jpeg')).toBe('room-1.jpeg');
    expect(safeFileName('Été à la plage.png')).toBe('ete-a-la-plage.png');
    expect(safeFileName('写真.webp')).toBe('photo.webp');
  });

  it('finds the storage path of our own public URLs only', () => {
    expect(storagePathFromPublicUrl('http://127.0.0.1:54321/storage/v1/object/public/qr_images/u1/abc-a%20b.jpg', 'qr_images')).toBe('u1/abc-a b.jpg');
    expect(storagePathFromPublicUrl('https://cdn.example.com/a.jpg', 'qr_images')).toBeNull();
  });
});

describe('ownImagePaths', () => {
  it("keeps only the owner's objects in the bucket, once each", () => {
    const base = 'http://127.0.0.1:54321/storage/v1/object/public/qr_images';
    expect(ownImagePaths([`${base}/u1/a.jpg`, `${base}/u1/a.jpg`, `${base}/u2/b.jpg`, 'https://cdn.example.com/c.jpg', '', null], 'u1', 'qr_images')).toEqual([
      'u1/a.jpg',
    ]);
  });
});
