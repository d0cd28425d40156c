import { describe, expect, it } from 'vitest';
import { ApiError, toApiError } from '@/lib/data/api-error';
import { guideFields } from '@/lib/guide-fields';
import { roomFieldError, roomSaveErrorKey } from './errors';

/** What supabase-js hands over when validate_qr_code refuses a field (PostgREST's JSON error). */
const refusal = (details: string, message = `${details} must be a web address starting with http:// or https://.`) =>
  toApiError({ code: '23514', message, details, hint: null });

describe('roomFieldError', () => {
  it('puts a refused link, colour, network name or activity list at its form field with its message', () => {
    expect(roomFieldError(refusal('hotel.website'))).toEqual({ field: 'hotel.website', messageKey: 'validation.url' });
    expect(roomFieldError(refusal('style.backgroundColor', 'style.backgroundColor must be a colour written #rrggbb.'))).toEqual({
      field: 'style.backgroundColor',
      messageKey: 'validation.colour',
    });
    expect(roomFieldError(refusal('content.wifi.network', 'content.wifi.network can be at most 32 bytes.'))).toEqual({
      field: 'wifi.network',
      messageKey: 'validation.ssidTooLong',
    });
    expect(roomFieldError(refusal('area.activities', 'area.activities can have at most 30 items.'))).toEqual({
      field: 'area.activities',
      messageKey: 'validation.activities',
    });
  });

  it('maps database column names to the form (room_number → roomNumber) and tells "too long" from "required"', () => {
    expect(roomFieldError(refusal('room_number', 'Room number can be at most 20 characters.'))).toEqual({
      field: 'roomNumber',
      messageKey: 'validation.tooLong',
    });
    expect(roomFieldError(refusal('name', 'Name is required.'))).toEqual({ field: 'name', messageKey: 'validation.nameAndRoomRequired' });
    expect(roomFieldError(refusal('content.wifi.password', 'content.wifi.password can be at most 63 characters.'))).toEqual({
      field: 'wifi.password',
      messageKey: 'validation.tooLong',
    });
  });

  it('puts a refusal of any field a host types, from the guide’s field list, at that field', () => {
    const typed = guideFields.filter((field) => field.kind !== 'choice' && !(field.kind === 'list' && field.item.kind === 'url'));
    expect(typed.length).toBeGreaterThan(10);
    for (const field of typed) expect(roomFieldError(refusal(field.path, `${field.path} is too long.`))?.field).toBe(field.key);
  });

  it('puts a room number the property already uses at the room number field', () => {
    const taken = toApiError({ code: '23505', message: 'Room number 101 is already used in this property.', details: 'room_number', hint: null });
    expect(roomFieldError(taken)).toEqual({ field: 'roomNumber', messageKey: 'validation.roomNumberTaken' });
  });

  it('names no field for other refusals, fields the form does not have, or failures that are not about input', () => {
    expect(roomFieldError(refusal('hotel.fax', 'hotel has an unknown field "fax".'))).toBeNull();
    expect(roomFieldError(toApiError({ code: 'QUOTA', message: 'You have reached your QR code limit.', details: '0 of 0 QR codes used.' }))).toBeNull();
    expect(roomFieldError(toApiError({ code: '42501', message: 'permission denied', details: 'name' }))).toBeNull();
    expect(roomFieldError(new TypeError('Failed to fetch'))).toBeNull();
  });
});

describe('roomSaveErrorKey', () => {
  it("maps the quota trigger's error (code QUOTA, or its message under another code) to the limit message", () => {
    expect(roomSaveErrorKey(toApiError({ code: 'QUOTA', message: 'You have reached your QR code limit.' }), false)).toBe('errors.limitReached');
    expect(roomSaveErrorKey(toApiError({ code: 'P0001', message: 'you have reached your qr code limit' }), false)).toBe('errors.limitReached');
  });

  it("says not found, refused input, or the spec's create/update failure", () => {
    expect(roomSaveErrorKey(new ApiError({ code: 'not_found', message: 'QR code not found' }), true)).toBe('errors.notFound');
    expect(roomSaveErrorKey(toApiError({ code: '23514', message: 'images can have at most 10 items.', details: 'images' }), true)).toBe('errors.invalidInput');
    expect(roomSaveErrorKey(toApiError({ code: '42501', message: 'permission denied' }), false)).toBe('form.createFailed');
    expect(roomSaveErrorKey(new TypeError('Failed to fetch'), true)).toBe('form.updateFailed');
  });
});
