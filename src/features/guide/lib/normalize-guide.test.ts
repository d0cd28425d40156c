import { describe, expect, it } from 'vitest';
import { fieldsOf, guideFields, OTHER_WIFI_SLOTS } from '@/lib/guide-fields';
import { normalizeGuide, roomPhoto, safeHttpUrl, telHref } from './normalize-guide';

const full = {
  id: '7b0c6f3e-1111-4222-8333-944445555666',
  name: 'Sea View Suite',
  room_number: '204',
  template: 'beach',
  style: {
    primaryColor: '#1565c0',
    backgroundColor: '#fff8dc',
    logoUrl: null,
    roomPhotoUrl: 'http://127.0.0.1:54321/storage/v1/object/public/qr_images/u/room.jpg',
  },
  content: { wifi: { network: 'Seaside Guest', password: 'waves;2026' } },
  hotel: {
    wifi2Place: ' Lobby ',
    wifi2Network: 'Azul Lobby',
    wifi2Password: ' spaced ',
    wifi3Place: 'Pool',
    wifi3Network: null,
    name: 'Hotel Azul',
    photoUrl: 'data:image/png;base64,AAAA',
    phone: '+34 (971) 12 34 56',
    website: 'hotel-azul.example',
    description: 'Family hotel',
    checkIn: ' From 15:00 ',
    checkOut: 'Until 11:00',
    breakfast: null,
    restaurant: 12,
    houseRules: 'Quiet after 22:00.\nNo smoking.',
    emergencyPhone: '112',
    pharmacy: 'Farmacia Central',
    hospital: ['not', 'text'],
  },
  area: { location: 'Palma', activities: ['Beach', '  ', 'Old town'], businessLink: 'javascript:alert(1)' },
  images: ['https://cdn.example/a.jpg', 'ftp://nope'],
  property_name: 'Hotel Azul',
};

describe('normalizeGuide', () => {
  it('maps get_guide jsonb to the page model', () => {
    expect(normalizeGuide(full)).toEqual({
      id: full.id,
      name: 'Sea View Suite',
      roomNumber: '204',
      template: 'beach',
      style: { primaryColor: '#1565c0', backgroundColor: '#fff8dc', logoUrl: '', roomPhotoUrl: full.style.roomPhotoUrl },
      wifi: { network: 'Seaside Guest', password: 'waves;2026' },
      hotel: {
        // A network's place is a text (trimmed); its name and password are kept as typed, like the room's own.
        wifi2Place: 'Lobby',
        wifi2Network: 'Azul Lobby',
        wifi2Password: ' spaced ',
        wifi3Place: 'Pool',
        wifi3Network: '',
        wifi3Password: '',
        wifi4Place: '',
        wifi4Network: '',
        wifi4Password: '',
        name: 'Hotel Azul',
        // Only http(s) photos: a data: URL is dropped like a javascript: link.
        photoUrl: '',
        phone: '+34 (971) 12 34 56',
        website: 'https://hotel-azul.example/',
        description: 'Family hotel',
        checkIn: 'From 15:00',
        checkOut: 'Until 11:00',
        breakfast: '',
        restaurant: '12',
        houseRules: 'Quiet after 22:00.\nNo smoking.',
        emergencyPhone: '112',
        pharmacy: 'Farmacia Central',
        hospital: '',
      },
      area: { location: 'Palma', activities: ['Beach', 'Old town'], businessLink: '' },
      images: ['https://cdn.example/a.jpg'],
      propertyName: 'Hotel Azul',
      translations: {},
      requests: { enabled: false, types: [] },
      notices: [],
    });
  });

  it('reads requests and notices without trusting them: requests need a known type, a notice its text and window', () => {
    const guide = normalizeGuide({
      ...full,
      requests: { enabled: true, types: ['towels', 'spa', 'late_checkout'] },
      notices: [
        {
          id: 'n1',
          text: ' Pool closed ',
          translations: { es: 'Piscina cerrada', xx: 'no', de: '' },
          starts_at: '2026-05-01T08:00:00Z',
          ends_at: '2026-05-01T20:00:00Z',
        },
        { id: 'n2', text: '', starts_at: '2026-05-01T08:00:00Z', ends_at: '2026-05-01T20:00:00Z' },
        { id: 'n3', text: 'No window', starts_at: 'soon', ends_at: null },
      ],
    });
    expect(guide?.requests).toEqual({ enabled: true, types: ['towels', 'late_checkout'] });
    expect(guide?.notices).toEqual([
      { id: 'n1', text: 'Pool closed', translations: { es: 'Piscina cerrada' }, startsAt: '2026-05-01T08:00:00Z', endsAt: '2026-05-01T20:00:00Z' },
    ]);
    expect(normalizeGuide({ ...full, requests: { enabled: true, types: ['spa'] } })?.requests.enabled).toBe(false);
  });

  it('returns null for no guide', () => {
    expect(normalizeGuide(null)).toBeNull();
    expect(normalizeGuide({})).toBeNull();
    expect(normalizeGuide([])).toBeNull();
  });

  it('has no WiFi card data without a network name, and an empty password for an open network', () => {
    expect(normalizeGuide({ id: 'x', content: { wifi: { network: '', password: 'p' } } })?.wifi).toBeNull();
    expect(normalizeGuide({ id: 'x', content: { wifi: { network: 'Open' } } })?.wifi).toEqual({ network: 'Open', password: '' });
    expect(normalizeGuide({ id: 'x', content: { wifi: { network: 'Home', password: ' spaced ' } } })?.wifi?.password).toBe(' spaced ');
  });

  it('falls back to the custom template', () => {
    expect(normalizeGuide({ id: 'x', template: 'neon' })?.template).toBe('custom');
  });

  it('reads every field of a bare guide as empty, whatever junk the JSON holds', () => {
    const guide = normalizeGuide({ id: 'x', hotel: 'not an object', area: { activities: 'surf', location: 7 }, images: 'a.jpg' })!;
    // The hotel column holds the hotel's and the help card's fields, and the other WiFi networks.
    const inHotelColumn = guideFields.filter((field) => field.path.startsWith('hotel.'));
    expect(inHotelColumn.length).toBe(fieldsOf('hotel').length + fieldsOf('help').length + 3 * OTHER_WIFI_SLOTS.length);
    expect(Object.values(guide.hotel)).toEqual(Array(inHotelColumn.length).fill(''));
    expect(guide.area).toEqual({ location: '7', activities: [], businessLink: '' });
    expect(guide.images).toEqual([]);
    expect(guide.propertyName).toBeNull();
  });
});

describe('roomPhoto', () => {
  it('prefers the style photo, then the first image', () => {
    const guide = normalizeGuide(full)!;
    expect(roomPhoto(guide)).toBe(full.style.roomPhotoUrl);
    expect(roomPhoto({ ...guide, style: { ...guide.style, roomPhotoUrl: '' } })).toBe('https://cdn.example/a.jpg');
    expect(roomPhoto({ ...guide, style: { ...guide.style, roomPhotoUrl: '' }, images: [] })).toBeNull();
  });
});

describe('links', () => {
  it('keeps only http(s) links', () => {
    expect(safeHttpUrl('https://a.example/x')).toBe('https://a.example/x');
    expect(safeHttpUrl('data:text/html,hi')).toBe('');
    expect(safeHttpUrl('')).toBe('');
  });

  it('dials the digits of a phone number', () => {
    expect(telHref('+34 (971) 12-34.56')).toBe('tel:+34971123456');
    expect(telHref('call us')).toBe('');
  });
});
