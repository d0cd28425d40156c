import { describe, expect, it, vi } from 'vitest';
import { guideFields } from '@/lib/guide-fields';
import { propertyGuideColumns } from '@/lib/data/rows';
import { getPropertyGuide, savePropertyGuide } from './property-guide';

/** Every hotel field set, so reading and saving are checked for each. */
const hotel = Object.fromEntries(
  guideFields
    .filter((field) => field.path.startsWith('hotel.'))
    .map((field) => [field.path.slice('hotel.'.length), field.kind === 'url' ? `https://mar.example/${field.key}` : `${field.key} of Hotel Mar`]),
);
const row = {
  name: 'Hotel Mar',
  hotel: { ...hotel, name: 'Hotel Mar' },
  area: { location: 'Old town', activities: ['Market', 7, '', 'Harbour'], businessLink: '' },
  style: { primaryColor: '', backgroundColor: '#fff8dc', logoUrl: 'https://mar.example/logo.png' },
  content: { wifi: { network: 'Mar-Guest', password: ' pass word ' }, note: 'kept' },
  template: 'beach',
};
const update = vi.fn((row: unknown) => {
  void row;
  return { eq: () => ({ select: async () => ({ data: [{ id: 'p1' }], error: null }) }) };
});
vi.mock('@/lib/supabase', () => ({
  supabase: { from: () => ({ select: () => ({ eq: () => ({ maybeSingle: async () => ({ data: row, error: null }) }) }), update }) },
}));

describe('the property’s shared guide, read and saved by the guide’s field list', () => {
  it('reads the column of every field a property shares', () => {
    const read = propertyGuideColumns.split(', ');
    for (const field of guideFields.filter((shared) => shared.inheritable)) expect(read).toContain(field.path.split('.')[0]);
  });

  it('reads every shared field from its column, keeping empty colours empty (the template’s apply)', async () => {
    const { name, guide, stored } = await getPropertyGuide('p1', 'u1');
    expect(name).toBe('Hotel Mar');
    expect(guide).toEqual({
      hotel: row.hotel,
      area: { location: 'Old town', activities: ['Market', 'Harbour'], businessLink: '' },
      style: row.style,
      template: 'beach',
      wifi: { network: 'Mar-Guest', password: ' pass word ' },
    });
    expect(stored).toEqual({ hotel: row.hotel, area: row.area, style: row.style, content: row.content });
  });

  it('saves the fields trimmed (the WiFi password as typed), lists without empty items, other content kept', async () => {
    const { guide, stored } = await getPropertyGuide('p1', 'u1');
    await savePropertyGuide(
      'p1',
      { ...guide, hotel: { ...guide.hotel, name: '  Hotel Mar  ' }, area: { ...guide.area, activities: [' Market ', ''] } },
      stored,
    );
    expect(update).toHaveBeenCalledWith({
      hotel: { ...row.hotel, name: 'Hotel Mar' },
      area: { location: 'Old town', activities: ['Market'], businessLink: '' },
      style: row.style,
      template: 'beach',
      content: { wifi: { network: 'Mar-Guest', password: ' pass word ' }, note: 'kept' },
    });
  });
});
