import { describe, expect, it } from 'vitest';
import { parseEmails, settingsErrors } from './request-settings';

describe('request settings', () => {
  it('read addresses separated by commas, semicolons or lines', () => {
    expect(parseEmails(' desk@hotel.test, night@hotel.test;\nmanager@hotel.test ,')).toEqual(['desk@hotel.test', 'night@hotel.test', 'manager@hotel.test']);
  });

  it('need a type, and at most 10 plausible addresses, as the database does', () => {
    expect(settingsErrors({ enabled: true, types: ['towels'], emails: 'desk@hotel.test' })).toEqual({});
    expect(settingsErrors({ enabled: true, types: [], emails: '' })).toEqual({ types: 'typesRequired' });
    expect(settingsErrors({ enabled: true, types: ['towels'], emails: 'front desk' })).toEqual({ emails: 'emailsInvalid' });
    const eleven = Array.from({ length: 11 }, (_, n) => `desk${n}@hotel.test`).join(',');
    expect(settingsErrors({ enabled: true, types: ['towels'], emails: eleven })).toEqual({ emails: 'emailsInvalid' });
  });
});
