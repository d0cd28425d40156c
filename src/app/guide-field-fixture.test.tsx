/**
 * Adding a guide field is one entry in src/lib/guide-fields.ts, its labels and a migration. Here a field is added in
 * a fixture (the hotel's parking, a text guests read) and nothing else of the code is told about it: it must
 * show on the room form (inheriting the property's value, overridable), on the property's shared guide, in the
 * guest's guide (in the guest's language) and on the translation screen, and be read and saved at its path.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import englishGuideMessages from '@locales/en/guide.json';
import type { GuideFieldDefinition } from '@/lib/guide-fields';
import { i18n } from '@/lib/i18n';
import { renderWithProviders, setSignedIn, testTeamId } from '@/testing/render';
import { staticGuide } from '@/features/guide/components/guide-view';
import { translator } from '@/features/guide/lib/i18n';
import { localizeGuide } from '@/features/guide/lib/localize-guide';
import { normalizeGuide } from '@/features/guide/lib/normalize-guide';
import { guideTheme } from '@/features/guide/lib/theme';
import { getPropertyTexts, listRoomStatuses, machineTranslationAvailable } from '@/features/translations/api/translations-api';
import PropertyTranslationsPage from '@/features/translations/components/property-translations-page';
import PropertyGuidePage from '@/features/rooms/property-guide/property-guide-page';
import RoomFormPage from '@/features/rooms/room-form/room-form-page';
import { updateRoom } from '@/features/rooms/api/update-room';

const parking = vi.hoisted((): GuideFieldDefinition => ({
  key: 'hotel.parking',
  path: 'hotel.parking',
  kind: 'text',
  maxLength: 200,
  section: 'hotel',
  guestText: true,
  inheritable: true,
  guest: { display: 'labelled', label: 'parking' },
}));

// The fixture: the field list with one more entry, seen by every module that reads it.
vi.mock('@/lib/guide-fields', async (importOriginal) => {
  const real = await importOriginal<typeof import('@/lib/guide-fields')>();
  (real.guideFields as unknown as GuideFieldDefinition[]).push(parking);
  return real;
});

/** What the database holds: a property whose shared guide has the new field, and one of its rooms (inheriting it). */
const propertyId = '11111111-1111-4111-8111-111111111111';
const roomId = '22222222-2222-4222-8222-222222222222';
const propertyRow = {
  name: 'Hotel Mar',
  hotel: { name: 'Hotel Mar', parking: 'Garage, level -1' },
  area: {},
  style: {},
  content: { wifi: { network: 'Mar-Guest', password: 'shared-pass' } },
  template: 'beach',
  updated_at: '2026-11-20T09:30:00Z',
  changed_by: 'host@example.com',
};
const roomRow = { property_id: propertyId, name: 'Room 101', room_number: '101', hotel: {}, area: {}, style: {}, content: {}, images: [], template: null };
const updates: { table: string; row: Record<string, unknown> }[] = [];

/** supabase-js as the host's reads and saves use it: one row per table, updates recorded. */
vi.mock('@/lib/supabase', () => {
  const rowOf = (table: string) => (table === 'properties' ? propertyRow : table === 'qr_codes' ? roomRow : null);
  const query = (table: string) => {
    const chain = {
      select: () => chain,
      eq: () => chain,
      maybeSingle: async () => ({ data: rowOf(table), error: null }),
      // The property list (which team a property is in): the test user's own team.
      order: async () => ({ data: table === 'properties' ? [{ id: propertyId, team_id: testTeamId, ...propertyRow }] : [], error: null }),
      update: (row: Record<string, unknown>) => {
        updates.push({ table, row });
        return { eq: () => ({ select: async () => ({ data: [{ id: 'saved' }], error: null }) }) };
      },
    };
    return chain;
  };
  return { supabase: { from: query } };
});
vi.mock('@/features/rooms/api/update-room', async (importOriginal) => ({
  updateRoom: vi.fn((await importOriginal<typeof import('@/features/rooms/api/update-room')>()).updateRoom),
}));
vi.mock('@/features/translations/api/translations-api', () => ({
  getPropertyTexts: vi.fn(),
  getRoomTexts: vi.fn(),
  listRoomStatuses: vi.fn(),
  saveTranslations: vi.fn(),
  machineTranslationAvailable: vi.fn(),
  translateMissing: vi.fn(),
}));
// jsdom has no canvas: the QR preview is covered by the browser tests.
vi.mock('@/features/rooms/qr-look/qr-code-view', () => ({ QrCodeView: () => <div data-testid="qr-preview" /> }));

describe('a guide field added to the field list alone', () => {
  beforeAll(() => {
    // Its labels: the forms', the translation screen's and the guest's.
    i18n.addResource('en', 'rooms', 'fields.hotel.parking.label', 'Parking');
    i18n.addResource('en', 'translations', 'fields.hotel.parking', 'Parking details');
    Object.assign(englishGuideMessages, { parking: 'Parking' });
  });

  beforeEach(() => {
    updates.length = 0;
    setSignedIn('host@example.com', null, { qr_codes_created: 1, qr_code_limit: 5 });
  });

  it("is on the room form with the property's value, and saved as the room's own once typed", async () => {
    const user = userEvent.setup();
    renderWithProviders(<RoomFormPage />, {
      route: `/dashboard/properties/${propertyId}/qrcodes/${roomId}/edit`,
      path: '/dashboard/properties/:propertyId/qrcodes/:id/edit',
      routes: [{ path: '/dashboard/properties/:propertyId/qrcodes/:id', element: <p>room page</p> }],
    });
    const input = await screen.findByRole('textbox', { name: 'Parking' });
    expect(input).toHaveAttribute('name', 'hotel.parking');
    expect(input).toHaveAttribute('placeholder', 'Garage, level -1');
    expect(screen.getByRole('button', { name: 'Override for this room: Parking' })).toBeInTheDocument();

    await user.type(input, 'Street, free');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await screen.findByText('room page');
    expect(updateRoom).toHaveBeenCalled();
    const saved = updates.find((update) => update.table === 'qr_codes')!.row;
    expect(saved.hotel).toEqual({ parking: 'Street, free' });
  });

  it('is on the shared guide, read from its path and saved there, trimmed', async () => {
    const user = userEvent.setup();
    renderWithProviders(<PropertyGuidePage />, {
      route: `/dashboard/properties/${propertyId}/guide`,
      path: '/dashboard/properties/:propertyId/guide',
    });
    const input = await screen.findByRole('textbox', { name: 'Parking' });
    expect(input).toHaveValue('Garage, level -1');
    await user.clear(input);
    await user.type(input, '  Garage, level -2 ');
    await user.click(screen.getByRole('button', { name: 'Save the shared guide' }));
    await vi.waitFor(() => expect(updates).toHaveLength(1));
    expect(updates[0]).toMatchObject({ table: 'properties', row: { hotel: { name: 'Hotel Mar', parking: 'Garage, level -2' } } });
  });

  it("is in the guest's hotel card, labelled, in the guest's language", () => {
    const guide = normalizeGuide({
      id: roomId,
      name: 'Room 101',
      hotel: { name: 'Hotel Mar', parking: 'Garage, level -1' },
      translations: { es: { hotel: { parking: 'Garaje, planta -1' } } },
    })!;
    const render = (language: 'en' | 'es') =>
      renderToStaticMarkup(
        staticGuide({ guide: localizeGuide(guide, language), language, t: translator(language), theme: guideTheme(guide.template, guide.style) }),
      );
    const card = document.body.appendChild(document.createElement('div'));
    card.innerHTML = render('en');
    expect(within(card).getByRole('region', { name: 'Hotel information' })).toHaveTextContent(/Parking\s*Garage, level -1/);
    card.innerHTML = render('es');
    expect(card).toHaveTextContent('Garaje, planta -1');
    expect(card).not.toHaveTextContent('Garage, level -1');
    card.remove();
  });

  it('is a text to translate on the translation screen', async () => {
    vi.mocked(getPropertyTexts).mockResolvedValue({
      id: propertyId,
      name: 'Hotel Mar',
      original_language: 'en',
      hotel: propertyRow.hotel,
      area: {},
      translations: {},
      translation_status: null,
    } as never);
    vi.mocked(listRoomStatuses).mockResolvedValue([]);
    vi.mocked(machineTranslationAvailable).mockResolvedValue(false);
    renderWithProviders(<PropertyTranslationsPage />, {
      route: `/dashboard/properties/${propertyId}/translations`,
      path: '/dashboard/properties/:propertyId/translations',
    });
    const panel = await screen.findByRole('tabpanel');
    expect(within(panel).getByRole('textbox', { name: 'Parking details' })).toBeInTheDocument();
    expect(within(panel).getByText('Garage, level -1')).toBeInTheDocument();
  });
});
