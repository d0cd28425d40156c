import { describe, expect, it } from 'vitest';
import { classifyQrWriteError, QrCodeError, qrErrorMessageKey } from './errors';

describe('classifyQrWriteError', () => {
  it("maps the quota trigger's error (SQLSTATE QUOTA) to limitReached", () => {
    expect(classifyQrWriteError({ code: 'QUOTA', message: 'You have reached your QR code limit.', details: '0 of 0 QR codes used.' }, 'createFailed')).toBe(
      'limitReached',
    );
  });

  it('recognises the quota message under another SQLSTATE too', () => {
    expect(classifyQrWriteError({ code: 'P0001', message: 'You have reached your QR code limit.' }, 'createFailed')).toBe(
      'limitReached',
    );
    expect(classifyQrWriteError({ code: 'PT403', message: 'you have reached your qr code limit' }, 'createFailed')).toBe(
      'limitReached',
    );
    expect(
      classifyQrWriteError({ code: '23514', message: 'quota', details: 'You have reached your QR code limit.' }, 'createFailed'),
    ).toBe('limitReached');
  });

  it('maps constraint violations to invalidInput', () => {
    expect(classifyQrWriteError({ code: '23514', message: 'violates check constraint "qr_codes_name_check"' }, 'updateFailed')).toBe(
      'invalidInput',
    );
  });

  it('falls back to the operation failure', () => {
    expect(classifyQrWriteError({ code: '42501', message: 'permission denied' }, 'createFailed')).toBe('createFailed');
    expect(classifyQrWriteError({ message: 'Failed to fetch' }, 'updateFailed')).toBe('updateFailed');
  });
});

describe('qrErrorMessageKey', () => {
  it('uses the kind of a QrCodeError and the fallback for anything else', () => {
    expect(qrErrorMessageKey(new QrCodeError('limitReached'), 'createFailed')).toBe('errors.limitReached');
    expect(qrErrorMessageKey(new TypeError('network'), 'createFailed')).toBe('errors.createFailed');
  });
});
