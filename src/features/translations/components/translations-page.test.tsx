import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, setSignedIn } from '@/testing/render';
import { ApiError } from '@/lib/data/api-error';
import { getPropertyTexts, listRoomStatuses, machineTranslationAvailable, saveTranslations, translateMissing } from '../api/translations-api';
import PropertyTranslationsPage from './property-translations-page';

vi.mock('../api/translations-api', () => ({
  getPropertyTexts: vi.fn(),
  getRoomTexts: vi.fn(),
  listRoomStatuses: vi.fn(),
  saveTranslations: vi.fn(),
  machineTranslationAvailable: vi.fn(),
  translateMissing: vi.fn(),
}));

const counts = (missing: number, machine = 0) => ({ translated: 2 - missing, machine, outdated: 0, missing });
const property = {
  id: 'p1',
  name: 'Aurora',
  original_language: 'en',
  hotel: { name: 'Hotel Aurora', description: 'Breakfast from 7:00.' },
  area: {},
  translations: { ja: { 'hotel.name': { text: 'ホテル・オーロラ', source: 'machine' } } },
  translation_status: { original: 'en', texts: 2, languages: { es: counts(2), fr: counts(0), de: counts(2), it: counts(2), zh: counts(2), ja: counts(1, 1) } },
};

const renderPage = () =>
  renderWithProviders(<PropertyTranslationsPage />, { route: '/dashboard/properties/p1/translations', path: '/dashboard/properties/:propertyId/translations' });

describe('PropertyTranslationsPage', () => {
  beforeEach(() => {
    setSignedIn('host@example.com');
    vi.mocked(getPropertyTexts).mockResolvedValue(property as never);
    vi.mocked(listRoomStatuses).mockResolvedValue([
      // Named by its number, nothing overridden: nothing of its own to translate.
      { id: 'r0', name: 'Room 101', room_number: '101', hotel: {}, area: {}, translations: {} },
      // Its own name, in French and Japanese only; its own description, in no language.
      {
        id: 'r1',
        name: 'Harbour Room',
        room_number: '305',
        hotel: { description: 'Sea view.' },
        area: {},
        translations: { fr: { name: 'Chambre du port' }, ja: { name: { text: 'ハーバールーム', source: 'machine' } } },
      },
      // Its own name, in every language.
      {
        id: 'r2',
        name: 'Suite',
        room_number: '306',
        hotel: {},
        area: {},
        translations: Object.fromEntries(['es', 'fr', 'de', 'it', 'zh', 'ja'].map((language) => [language, { name: 'Suite' }])),
      },
      { id: 'r3', name: 'Habitación 102', room_number: '102', hotel: {}, area: {}, translations: {} },
    ] as never);
    vi.mocked(saveTranslations).mockReset().mockResolvedValue(undefined);
    vi.mocked(machineTranslationAvailable).mockResolvedValue(false);
  });

  it('shows completeness per language, what each room itself misses, and no machine translation without a provider', async () => {
    renderPage();
    expect(await screen.findByText('Français: complete')).toBeInTheDocument();
    expect(screen.getByText('日本語: 1 text missing · 1 to review')).toBeInTheDocument();
    // Only the room that misses something is listed, text by text; the others in one line each.
    const room = await screen.findByTestId('room-translation-status');
    expect(within(room).getByText('Room name: missing in Español, Deutsch, Italiano, and 中文')).toBeInTheDocument();
    expect(within(room).getByText('Hotel description: not translated yet')).toBeInTheDocument();
    expect(within(room).getByRole('link', { name: 'Translate: Harbour Room' })).toHaveAttribute('href', '/dashboard/properties/p1/qrcodes/r1/translations');
    expect(screen.getAllByTestId('room-translation-status')).toHaveLength(1);
    expect(screen.getByText('1 room has all its own texts translated.')).toBeInTheDocument();
    expect(screen.getByText('2 rooms have no text of their own: their names are their numbers, the rest comes from the property.')).toBeInTheDocument();
    await vi.waitFor(() => expect(machineTranslationAvailable).toHaveBeenCalled());
    expect(screen.queryByRole('button', { name: 'Translate missing' })).not.toBeInTheDocument();
  });

  it('flags a machine text, saves the host’s edit of one language keeping the others', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('tab', { name: /日本語/ }));
    const panel = screen.getByRole('tabpanel', { name: /日本語/ });
    expect(within(panel).getByText('Machine translation: please review')).toBeInTheDocument();
    await user.type(within(panel).getByRole('textbox', { name: 'Hotel description' }), '中庭で朝食。');
    await user.click(within(panel).getByRole('button', { name: 'Save translations' }));
    await vi.waitFor(() =>
      expect(saveTranslations).toHaveBeenCalledWith('properties', 'p1', {
        ja: { 'hotel.name': { text: 'ホテル・オーロラ', source: 'machine' }, 'hotel.description': { text: '中庭で朝食。', source: 'host' } },
      }),
    );
  });

  it("shows the database's refusal at the field, in the host's language, keeping what was typed", async () => {
    vi.mocked(saveTranslations).mockRejectedValue(
      new ApiError({ code: '23514', message: 'hotel.name can be at most 120 characters.', field: 'hotel.name.ja' }),
    );
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('tab', { name: /日本語/ }));
    const panel = screen.getByRole('tabpanel', { name: /日本語/ });
    await user.click(within(panel).getByRole('button', { name: 'Mark as reviewed' }));
    await user.click(within(panel).getByRole('button', { name: 'Save translations' }));
    expect(await within(panel).findByText('This text can be at most 120 characters.')).toBeInTheDocument();
    expect(within(panel).getByRole('textbox', { name: 'Hotel name' })).toHaveValue('ホテル・オーロラ');
  });

  it('offers machine translation where a provider is set', async () => {
    vi.mocked(machineTranslationAvailable).mockResolvedValue(true);
    vi.mocked(translateMissing).mockResolvedValue({ translated: 9 });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Translate missing' }));
    await vi.waitFor(() => expect(vi.mocked(translateMissing).mock.calls[0]?.[0]).toEqual({ property_id: 'p1' }));
    expect(await screen.findByText('9 texts translated by machine. Please review them.')).toBeInTheDocument();
  });
});
