import { describe, expect, it } from 'vitest';
import { prefillFromLatestRoom } from './prefill';
import { emptyQrFormValues, type QrCode } from './types';

function room(id: string, createdAt: string, overrides: Partial<QrCode> = {}): QrCode {
  return {
    ...emptyQrFormValues(),
    id,
    propertyId: 'p',
    userId: 'u',
    scanCount: 0,
    lastScannedAt: null,
    createdAt,
    name: `Room ${id}`,
    roomNumber: id,
    ...overrides,
  };
}

describe('prefillFromLatestRoom', () => {
  it('starts empty for a property without rooms', () => {
    expect(prefillFromLatestRoom([])).toEqual(emptyQrFormValues());
  });

  it('copies hotel, area, style and WiFi from the most recent room, not its name, number or photos', () => {
    const older = room('1', '2026-01-01T10:00:00Z', {
      hotel: { name: 'Old', phone: '', website: '', description: '' },
    });
    const newest = room('2', '2026-03-01T10:00:00Z', {
      hotel: { name: 'Hotel Mar', phone: '+34 600', website: 'https://mar.example', description: 'By the sea' },
      area: { location: 'Cádiz', activities: ['Surf'], businessLink: 'https://surf.example' },
      style: { primaryColor: '#1e5aa8', backgroundColor: '#fff8dc', logoUrl: 'https://l.example/l.png', roomPhotoUrl: 'https://p.example/2.jpg' },
      wifi: { network: 'Mar-Guest', password: 'olas2026' },
      images: ['https://p.example/2.jpg'],
      template: 'beach',
    });
    const middle = room('3', '2026-02-01T10:00:00Z');
    const values = prefillFromLatestRoom([older, newest, middle]);
    expect(values.hotel.name).toBe('Hotel Mar');
    expect(values.area).toEqual(newest.area);
    expect(values.wifi).toEqual({ network: 'Mar-Guest', password: 'olas2026' });
    expect(values.template).toBe('beach');
    expect(values.style).toEqual({ ...newest.style, roomPhotoUrl: '' });
    expect(values.name).toBe('');
    expect(values.roomNumber).toBe('');
    expect(values.images).toEqual([]);
  });

  it('does not share the activities array with the source room', () => {
    const source = room('1', '2026-01-01T00:00:00Z', { area: { location: '', activities: ['Ski'], businessLink: '' } });
    const values = prefillFromLatestRoom([source]);
    values.area.activities.push('Spa');
    expect(source.area.activities).toEqual(['Ski']);
  });
});
