import { formatPrice, parseRooms } from './format';

describe('billing formatting', () => {
  it('shows unit_amount / 100 with two decimals and the uppercase currency', () => {
    expect(formatPrice(600, 'eur')).toBe('6.00 EUR');
    expect(formatPrice(3240, 'eur')).toBe('32.40 EUR');
    expect(formatPrice(1800, 'usd')).toBe('18.00 USD');
  });

  it('accepts whole room counts from 1 to 500 and ignores the rest', () => {
    expect(parseRooms('1')).toBe(1);
    expect(parseRooms(' 40 ')).toBe(40);
    expect(parseRooms('500')).toBe(500);
    for (const ignored of ['0', '-3', '2.5', '', 'abc', '501']) expect(parseRooms(ignored)).toBeNull();
  });
});
