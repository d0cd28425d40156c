import type { GuideFormValues } from '../types';

/** A photo just uploaded joins the room's photos; the first one also becomes the photo the guide shows on top. */
export function withUploadedPhoto(values: GuideFormValues, url: string): GuideFormValues {
  return { ...values, images: [...values.images, url], style: values.style.roomPhotoUrl ? values.style : { ...values.style, roomPhotoUrl: url } };
}

/** A photo removed leaves the room's photos; if the guide showed it on top, the next photo (or none) takes its place. */
export function withoutPhoto(values: GuideFormValues, url: string): GuideFormValues {
  const images = values.images.filter((image) => image !== url);
  const roomPhotoUrl = values.style.roomPhotoUrl === url ? (images[0] ?? '') : values.style.roomPhotoUrl;
  return { ...values, images, style: { ...values.style, roomPhotoUrl } };
}
