import { supabase } from '@/lib/supabase';
import { ApiError, notFoundCode, throwIfError } from '@/lib/data/api-error';
import type { Json } from '@/types/database';

/** The guide content a property's rooms share (each room may override any of it). */
export interface PropertyGuide {
  hotel: { name: string; phone: string; website: string; description: string };
  area: { location: string; activities: string[]; businessLink: string };
  style: { primaryColor: string; backgroundColor: string; logoUrl: string };
  template: 'custom' | 'luxury' | 'beach' | 'cabin';
  wifi: { network: string; password: string };
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const record = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

export async function getPropertyGuide(propertyId: string): Promise<{ name: string; guide: PropertyGuide; content: Record<string, unknown> }> {
  const { data, error } = await supabase.from('properties').select('name, hotel, area, style, content, template').eq('id', propertyId).maybeSingle();
  throwIfError(error);
  if (!data) throw new ApiError({ code: notFoundCode, message: 'Property not found' });
  const hotel = record(data.hotel);
  const area = record(data.area);
  const style = record(data.style);
  const content = record(data.content);
  const wifi = record(content.wifi);
  return {
    name: data.name,
    content,
    guide: {
      hotel: { name: text(hotel.name), phone: text(hotel.phone), website: text(hotel.website), description: text(hotel.description) },
      area: {
        location: text(area.location),
        activities: Array.isArray(area.activities) ? area.activities.map(text).filter(Boolean) : [],
        businessLink: text(area.businessLink),
      },
      style: { primaryColor: text(style.primaryColor), backgroundColor: text(style.backgroundColor), logoUrl: text(style.logoUrl) },
      template: data.template,
      wifi: { network: text(wifi.network), password: text(wifi.password) },
    },
  };
}

/** Saves the shared guide; the database validates it (its refusal names the field) and every inheriting room shows it at once. */
export async function savePropertyGuide(propertyId: string, guide: PropertyGuide, content: Record<string, unknown>): Promise<void> {
  const trim = (value: string) => value.trim();
  const { data, error } = await supabase
    .from('properties')
    .update({
      hotel: { name: trim(guide.hotel.name), phone: trim(guide.hotel.phone), website: trim(guide.hotel.website), description: trim(guide.hotel.description) },
      area: { location: trim(guide.area.location), activities: guide.area.activities.map(trim).filter(Boolean), businessLink: trim(guide.area.businessLink) },
      style: { primaryColor: trim(guide.style.primaryColor), backgroundColor: trim(guide.style.backgroundColor), logoUrl: trim(guide.style.logoUrl) },
      template: guide.template,
      // Other keys of `content` stay as they are; the WiFi password is kept exactly as typed.
      content: { ...content, wifi: { network: trim(guide.wifi.network), password: guide.wifi.password } } as NonNullable<Json>,
    })
    .eq('id', propertyId)
    .select('id');
  throwIfError(error);
  if (!data || data.length === 0) throw new ApiError({ code: notFoundCode, message: 'Property not found' });
}
