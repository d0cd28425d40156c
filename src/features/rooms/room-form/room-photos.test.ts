import { emptyGuideFormValues } from '../types';
import { withoutPhoto, withUploadedPhoto } from './room-photos';

describe('a room’s photos', () => {
  it('makes the first photo uploaded the one on top of the guide, and keeps the choice for later ones', () => {
    const first = withUploadedPhoto(emptyGuideFormValues(), 'https://x/a.jpg');
    expect(first.images).toEqual(['https://x/a.jpg']);
    expect(first.style.roomPhotoUrl).toBe('https://x/a.jpg');
    const second = withUploadedPhoto(first, 'https://x/b.jpg');
    expect(second.images).toEqual(['https://x/a.jpg', 'https://x/b.jpg']);
    expect(second.style.roomPhotoUrl).toBe('https://x/a.jpg');
  });

  it('puts the next photo on top when the one on top is removed, and none when it was the last', () => {
    const two = withUploadedPhoto(withUploadedPhoto(emptyGuideFormValues(), 'https://x/a.jpg'), 'https://x/b.jpg');
    const one = withoutPhoto(two, 'https://x/a.jpg');
    expect(one.images).toEqual(['https://x/b.jpg']);
    expect(one.style.roomPhotoUrl).toBe('https://x/b.jpg');
    expect(withoutPhoto(one, 'https://x/b.jpg').style.roomPhotoUrl).toBe('');
    expect(withoutPhoto(two, 'https://x/b.jpg').style.roomPhotoUrl).toBe('https://x/a.jpg');
  });
});
