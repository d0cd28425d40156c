import { describe, expect, it } from 'vitest';
import { toPropertyInput, validatePropertyForm } from './property-form-validation';
import { displayPropertyType } from './types';

describe('validatePropertyForm', () => {
  it('accepts a name and a type without an address', () => {
    expect(validatePropertyForm({ name: 'Hotel Mar', type: 'hotel', address: '' })).toEqual({});
  });

  it('requires the name and the type', () => {
    expect(validatePropertyForm({ name: '   ', type: '', address: '' })).toEqual({
      name: 'validation.nameRequired',
      type: 'validation.typeRequired',
    });
  });

  it('leaves the lengths to the database', () => {
    expect(validatePropertyForm({ name: 'x'.repeat(121), type: 'other', address: 'y'.repeat(301) })).toEqual({});
  });
});

describe('toPropertyInput', () => {
  it('trims and stores an empty address as null', () => {
    expect(toPropertyInput({ name: ' Casa Azul ', type: 'other', address: '  ' })).toEqual({
      name: 'Casa Azul',
      type: 'other',
      address: null,
    });
  });
});

describe('displayPropertyType', () => {
  it('shows hotel as hotel and anything else as other', () => {
    expect(displayPropertyType('hotel')).toBe('hotel');
    expect(displayPropertyType('other')).toBe('other');
    expect(displayPropertyType('apartment')).toBe('other');
    expect(displayPropertyType(null)).toBe('other');
  });
});
