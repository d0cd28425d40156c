import { describe, expect, it } from 'vitest';
import { roomWifi, wifiQrData } from './card-wifi';

describe('roomWifi', () => {
  it('reads the merged guide’s network and password', () => {
    expect(roomWifi({ content: { wifi: { network: 'Faro-Guests', password: 'faro-wifi-1' } } })).toEqual({ ssid: 'Faro-Guests', password: 'faro-wifi-1' });
  });

  it('keeps a password exactly as typed and trims the network name', () => {
    expect(roomWifi({ content: { wifi: { network: ' Lobby ', password: ' spaced ' } } })).toEqual({ ssid: 'Lobby', password: ' spaced ' });
  });

  it('gives an open network no password', () => {
    expect(roomWifi({ content: { wifi: { network: 'Lobby', password: '' } } })).toEqual({ ssid: 'Lobby', password: null });
    expect(roomWifi({ content: { wifi: { network: 'Lobby' } } })).toEqual({ ssid: 'Lobby', password: null });
  });

  it('has no WiFi without a network name, when the room hides it, or for a guide of another shape', () => {
    expect(roomWifi({ content: { wifi: { network: '', password: 'orphan' } } })).toBeNull();
    expect(roomWifi({ content: { wifi: null } })).toBeNull();
    expect(roomWifi({ content: {} })).toBeNull();
    expect(roomWifi(null)).toBeNull();
    expect(roomWifi({ content: { wifi: { network: 42 } } })).toBeNull();
  });
});

describe('wifiQrData', () => {
  it('is the guest guide’s WIFI: payload, escaped, as UTF-8 bytes', () => {
    expect(wifiQrData({ ssid: 'Faro;Guests', password: 'a:b,c"d\\e' })).toBe('WIFI:T:WPA;S:Faro\\;Guests;P:a\\:b\\,c\\"d\\\\e;;');
    expect(wifiQrData({ ssid: 'Lobby', password: null })).toBe('WIFI:T:nopass;S:Lobby;;');
    expect(wifiQrData({ ssid: 'Café', password: null })).toBe('WIFI:T:nopass;S:Caf\xc3\xa9;;');
  });
});
