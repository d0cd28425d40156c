import { describe, expect, it, vi } from 'vitest';
import { getPropertyGuide, savePropertyGuide } from './property-guide';

const stored = {
  name: 'Hotel Mar',
  hotel: { name: 'Hotel Mar', phone: '+34 1', website: 'https://mar.example', description: 'Sea view.' },
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
  supabase: { from: () => ({ select: () => ({ eq: () => ({ maybeSingle: async () => ({ data: stored, error: null }) }) }), update }) },
}));

describe('the property’s shared guide, read and saved by the guide’s field list', () => {
  it('reads every shared field from its column, keeping empty colours empty (the template’s apply)', async () => {
    const { name, guide, content } = await getPropertyGuide('p1');
    expect(name).toBe('Hotel Mar');
    expect(guide).toEqual({
      hotel: stored.hotel,
      area: { location: 'Old town', activities: ['Market', 'Harbour'], businessLink: '' },
      style: stored.style,
      template: 'beach',
      wifi: { network: 'Mar-Guest', password: ' pass word ' },
    });
    expect(content).toEqual(stored.content);
  });

  it('saves the fields trimmed (the WiFi password as typed), lists without empty items, other content kept', async () => {
    const { guide, content } = await getPropertyGuide('p1');
    await savePropertyGuide(
      'p1',
      { ...guide, hotel: { ...guide.hotel, name: '  Hotel Mar  ' }, area: { ...guide.area, activities: [' Market ', ''] } },
      content,
    );
    expect(update).toHaveBeenCalledWith({
      hotel: { ...stored.hotel, name: 'Hotel Mar' },
      area: { location: 'Old town', activities: ['Market'], businessLink: '' },
      style: stored.style,
      template: 'beach',
      content: { wifi: { network: 'Mar-Guest', password: ' pass word ' }, note: 'kept' },
    });
  });
});
