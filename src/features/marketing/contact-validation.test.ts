import { describe, expect, it } from 'vitest';
import { validateContact } from './contact-validation';

describe('validateContact', () => {
  it('requires every field', () => {
    expect(validateContact({ name: '', email: ' ', subject: '', message: '' })).toEqual({
      name: 'required',
      email: 'required',
      subject: 'required',
      message: 'required',
    });
  });

  it('checks the email format', () => {
    expect(validateContact({ name: 'A', email: 'not-an-email', subject: 'S', message: 'M' })).toEqual({ email: 'invalidEmail' });
    expect(validateContact({ name: 'A', email: 'ana@hotel.example', subject: 'S', message: 'M' })).toEqual({});
  });
});
