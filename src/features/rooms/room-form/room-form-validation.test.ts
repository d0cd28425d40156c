import { describe, expect, it } from 'vitest';
import { isMissingNameOrRoom, normaliseRoomForm, validateRoomForm } from './room-form-validation';
import { emptyGuideFormValues, type GuideFormValues } from '../types';

function form(overrides: Partial<GuideFormValues> = {}): GuideFormValues {
  return { ...emptyGuideFormValues(), name: 'Sea View', roomNumber: '12', ...overrides };
}

describe('validateRoomForm', () => {
  it('accepts a complete, valid form', () => {
    expect(validateRoomForm(form())).toEqual({});
  });

  it('requires the name and the room number with the spec message', () => {
    const errors = validateRoomForm(form({ name: '  ', roomNumber: '' }));
    expect(errors.name).toBe('validation.nameAndRoomRequired');
    expect(errors.roomNumber).toBe('validation.nameAndRoomRequired');
    expect(isMissingNameOrRoom(errors)).toBe(true);
    expect(isMissingNameOrRoom(validateRoomForm(form()))).toBe(false);
  });

  it('leaves links, colours and lengths to the database (its refusal names the field)', () => {
    const base = form({ name: 'x'.repeat(121) });
    expect(
      validateRoomForm({
        ...base,
        hotel: { ...base.hotel, website: 'javascript:alert(1)' },
        style: { ...base.style, primaryColor: 'gold' },
        wifi: { network: 'é'.repeat(17), password: 'p'.repeat(64) },
      }),
    ).toEqual({});
  });
});

describe('normaliseRoomForm', () => {
  it('trims fields, drops empty activities and keeps the WiFi password as typed', () => {
    const base = form({ name: ' Loft ', roomNumber: ' 7 ' });
    const out = normaliseRoomForm({
      ...base,
      area: { ...base.area, activities: [' Hiking ', '', '  '] },
      wifi: { network: ' Home ', password: ' secret ' },
    });
    expect(out.name).toBe('Loft');
    expect(out.roomNumber).toBe('7');
    expect(out.area.activities).toEqual(['Hiking']);
    expect(out.wifi).toEqual({ network: 'Home', password: ' secret ' });
    expect(out.images).toBe(base.images);
    expect(out.style.primaryColor).toBe(base.style.primaryColor);
  });
});
