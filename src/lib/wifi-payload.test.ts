import { describe, expect, it } from 'vitest';
import { escapeWifiField, toUtf8ByteString, wifiPayload } from './wifi-payload';

describe('wifiPayload', () => {
  it('writes a WPA network with the required trailing ;;', () => {
    expect(wifiPayload({ ssid: 'Hotel Guest', password: 'sunny-days' })).toBe('WIFI:T:WPA;S:Hotel Guest;P:sunny-days;;');
  });

  it.each([
    ['backslash', 'a\\b', 'a\\\\b'],
    ['semicolon', 'a;b', 'a\\;b'],
    ['comma', 'a,b', 'a\\,b'],
    ['colon', 'a:b', 'a\\:b'],
    ['double quote', 'a"b', 'a\\"b'],
  ])('escapes a %s in the network name and the password', (_name, raw, escaped) => {
    expect(wifiPayload({ ssid: raw, password: raw })).toBe(`WIFI:T:WPA;S:${escaped};P:${escaped};;`);
  });

  it('escapes every special character in one value, backslash first so escapes are not doubled', () => {
    expect(escapeWifiField('\\;,:"')).toBe('\\\\\\;\\,\\:\\"');
  });

  it('marks a network without a password as nopass and leaves out P:', () => {
    expect(wifiPayload({ ssid: 'Lobby', password: '' })).toBe('WIFI:T:nopass;S:Lobby;;');
    expect(wifiPayload({ ssid: 'Lobby', password: null })).toBe('WIFI:T:nopass;S:Lobby;;');
    expect(wifiPayload({ ssid: 'Lobby' })).toBe('WIFI:T:nopass;S:Lobby;;');
  });

  it('keeps a unicode network name as text', () => {
    expect(wifiPayload({ ssid: 'Café 東京 🌊', password: 'contraseña' })).toBe('WIFI:T:WPA;S:Café 東京 🌊;P:contraseña;;');
  });

  it('leaves hex-looking values unquoted (numeric passwords must reach the phone unchanged)', () => {
    expect(wifiPayload({ ssid: 'CAFE1234', password: '12345678' })).toBe('WIFI:T:WPA;S:CAFE1234;P:12345678;;');
    const rawPsk = 'ab'.repeat(32);
    expect(wifiPayload({ ssid: 'DEADBEEF', password: rawPsk })).toBe(`WIFI:T:WPA;S:DEADBEEF;P:${rawPsk};;`);
  });

  it('refuses an empty network name', () => {
    expect(() => wifiPayload({ ssid: '', password: 'x' })).toThrow('network name');
  });
});

describe('toUtf8ByteString', () => {
  it('turns each UTF-8 byte into one character so the QR library writes UTF-8', () => {
    expect(toUtf8ByteString('abc')).toBe('abc');
    expect([...toUtf8ByteString('é')].map((c) => c.charCodeAt(0))).toEqual([0xc3, 0xa9]);
    expect([...toUtf8ByteString('東')].map((c) => c.charCodeAt(0))).toEqual([0xe6, 0x9d, 0xb1]);
  });
});
