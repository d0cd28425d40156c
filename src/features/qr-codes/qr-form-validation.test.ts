import { describe, expect, it } from 'vitest';
import { isMissingNameOrRoom, normaliseQrForm, qrFieldLimits, validateQrForm } from './qr-form-validation';
import { emptyQrFormValues, type QrFormValues } from './types';

function form(overrides: Partial<QrFormValues> = {}): QrFormValues {
  return { ...emptyQrFormValues(), name: 'Sea View', roomNumber: '12', ...overrides };
}

describe('validateQrForm', () => {
  it('accepts a complete, valid form', () => {
    expect(validateQrForm(form())).toEqual({});
  });

  it('requires the name and the room number with the spec message', () => {
    const errors = validateQrForm(form({ name: '  ', roomNumber: '' }));
    expect(errors.name).toBe('validation.nameAndRoomRequired');
    expect(errors.roomNumber).toBe('validation.nameAndRoomRequired');
    expect(isMissingNameOrRoom(errors)).toBe(true);
    expect(isMissingNameOrRoom(validateQrForm(form()))).toBe(false);
  });

  it('accepts only http(s) links', () => {
    const base = form();
    const errors = validateQrForm({
      ...base,
      hotel: { ...base.hotel, website: 'javascript:alert(1)' },
      area: { ...base.area, businessLink: 'ftp://example.com' },
      style: { ...base.style, logoUrl: 'example.com/logo.png', roomPhotoUrl: 'https://cdn.example.com/a.jpg' },
    });
    expect(errors['hotel.website']).toBe('validation.url');
    expect(errors['area.businessLink']).toBe('validation.url');
    expect(errors['style.logoUrl']).toBe('validation.url');
    expect(errors['style.roomPhotoUrl']).toBeUndefined();
  });

  it('accepts only #rrggbb colours', () => {
    const base = form();
    const errors = validateQrForm({ ...base, style: { ...base.style, primaryColor: 'gold', backgroundColor: '#fff' } });
    expect(errors['style.primaryColor']).toBe('validation.colour');
    expect(errors['style.backgroundColor']).toBe('validation.colour');
    expect(validateQrForm({ ...base, style: { ...base.style, primaryColor: '#D4AF37' } })).toEqual({});
  });

  it('bounds lengths', () => {
    expect(validateQrForm(form({ name: 'x'.repeat(121) })).name).toBe('validation.tooLong');
    const base = form();
    expect(validateQrForm({ ...base, area: { ...base.area, activities: ['x'.repeat(201)] } })['area.activities']).toBe(
      'validation.activities',
    );
    expect(validateQrForm({ ...base, area: { ...base.area, activities: Array(31).fill('Surf') } })['area.activities']).toBe(
      'validation.activities',
    );
    expect(validateQrForm({ ...base, wifi: { network: 'é'.repeat(17), password: '' } })['wifi.network']).toBe('validation.ssidTooLong');
    expect(validateQrForm({ ...base, wifi: { network: 'x'.repeat(32), password: 'p'.repeat(64) } })['wifi.password']).toBe('validation.tooLong');
  });

  it('takes every bound from the guide field list', () => {
    const base = form();
    const errors = validateQrForm({
      ...base,
      hotel: { ...base.hotel, name: 'h'.repeat(qrFieldLimits.hotelName + 1), phone: '1'.repeat(qrFieldLimits.phone + 1), description: 'd'.repeat(qrFieldLimits.description) },
      area: { ...base.area, location: 'l'.repeat(qrFieldLimits.location + 1) },
      style: { ...base.style, logoUrl: `https://a.example/${'x'.repeat(qrFieldLimits.url)}` },
    });
    expect(errors).toEqual({ 'hotel.name': 'validation.tooLong', 'hotel.phone': 'validation.tooLong', 'area.location': 'validation.tooLong', 'style.logoUrl': 'validation.tooLong' });
    expect(qrFieldLimits).toMatchObject({ name: 120, roomNumber: 20, phone: 40, description: 2000, url: 2048, activities: 30, activity: 200, wifiPassword: 63, images: 10 });
  });
});

describe('normaliseQrForm', () => {
  it('trims fields, drops empty activities and keeps the WiFi password as typed', () => {
    const base = form({ name: ' Loft ', roomNumber: ' 7 ' });
    const out = normaliseQrForm({
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
