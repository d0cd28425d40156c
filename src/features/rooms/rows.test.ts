import { guideFields, valueAt, withValueAt } from '@/lib/guide-fields';
import { toRoom, type RoomCodeRow } from './rows';
import { emptyGuideFormValues } from './types';

const baseRow: RoomCodeRow = {
  id: '11111111-1111-4111-8111-111111111111',
  property_id: '22222222-2222-4222-8222-222222222222',
  user_id: '33333333-3333-4333-8333-333333333333',
  name: 'Room 101',
  room_number: '101',
  hotel: {},
  area: {},
  style: {},
  content: {},
  images: [],
  template: null,
  scan_count: 4,
  last_scanned_at: null,
  created_at: '2026-11-01T00:00:00Z',
  updated_at: '2026-11-02T00:00:00Z',
  changed_by: 'ana@example.com',
};

describe('a room row as the host’s screens read it', () => {
  it('reads every field of the guide’s field list from its path in the row', () => {
    let row: Record<string, unknown> = { ...baseRow };
    const expected = new Map<string, unknown>();
    for (const field of guideFields) {
      const value =
        field.kind === 'list'
          ? [`${field.key} 1`, `${field.key} 2`]
          : field.kind === 'choice'
            ? field.choices[1]
            : field.kind === 'colour'
              ? '#123456'
              : `${field.key} value`;
      row = withValueAt(row, field.path, value);
      expected.set(field.key, value);
    }
    const room = toRoom(row as unknown as RoomCodeRow);
    for (const [key, value] of expected) expect(valueAt(room, key)).toEqual(value);
    expect(room).toMatchObject({ id: baseRow.id, propertyId: baseRow.property_id, scanCount: 4 });
  });

  it('gives a row written by an older app (missing keys, odd values) each field’s empty value', () => {
    const olderRow = { ...baseRow, hotel: { name: 7 }, area: { activities: ['Market', 3, null] }, style: { primaryColor: 'red' }, template: 'forest' };
    const room = toRoom(olderRow as unknown as RoomCodeRow);
    expect(room.hotel.name).toBe('');
    expect(room.area.activities).toEqual(['Market']);
    expect(room.style.primaryColor).toBe(emptyGuideFormValues().style.primaryColor);
    expect(room.template).toBe('custom');
    expect(room.wifi).toEqual({ network: '', password: '' });
  });

  it('starts a form with nothing set in every field of the list', () => {
    const empty = emptyGuideFormValues();
    for (const field of guideFields) expect(valueAt(empty, field.key)).toBeDefined();
    expect(empty).toMatchObject({ name: '', images: [], template: 'custom', style: { primaryColor: '#000000', backgroundColor: '#ffffff' } });
  });
});
