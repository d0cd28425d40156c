import { render, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { translator } from '../lib/i18n';
import { localizeGuide } from '../lib/localize-guide';
import { normalizeGuide } from '../lib/normalize-guide';
import { guideTheme } from '../lib/theme';
import type { GuideLanguage } from '../lib/language';
import { staticGuide } from './guide-view';

const answer = {
  id: '7b0c6f3e-1111-4222-8333-944445555666',
  name: 'Room 215',
  room_number: '215',
  property_name: 'Grand Hotel Lisboa',
  hotel: { name: 'Grand Hotel Lisboa', phone: '+351 21 000 0000' },
  language: 'es',
  translations: { de: { hotel: { name: 'Grand Hotel Lissabon' } } },
};

function header(raw: Record<string, unknown>, language: GuideLanguage): string {
  const guide = localizeGuide(normalizeGuide(raw)!, language);
  const { container, unmount } = render(staticGuide({ guide, language, t: translator(language), theme: guideTheme(guide.template, guide.style) }));
  const text = within(container).getByRole('banner').textContent ?? '';
  unmount();
  return text;
}

describe('the guide’s header', () => {
  it('names the hotel in the guest’s language, as the body does', () => {
    expect(header(answer, 'de')).toContain('Grand Hotel Lissabon');
    expect(header(answer, 'de')).not.toContain('Lisboa');
  });

  it('shows the original name where it has no translation, and the property’s name when the guide names no hotel', () => {
    expect(header(answer, 'fr')).toContain('Grand Hotel Lisboa');
    expect(header({ ...answer, hotel: {}, translations: {} }, 'de')).toContain('Grand Hotel Lisboa');
  });
});

describe('the hotel’s own information', () => {
  const withInformation = {
    ...answer,
    hotel: {
      name: 'Grand Hotel Lisboa',
      photoUrl: 'https://cdn.example/front.jpg',
      houseRules: 'Quiet after 22:00.\nNo smoking.',
      emergencyPhone: '+351 112',
      pharmacy: 'Farmácia Estácio',
    },
  };

  it('shows the photo, the rules under their title, and a help card whose emergency button calls the number', () => {
    const guide = normalizeGuide(withInformation)!;
    const { container } = render(staticGuide({ guide, language: 'en', t: translator('en'), theme: guideTheme(guide.template, guide.style) }));
    const hotel = within(container).getByRole('region', { name: 'Hotel information' });
    expect(within(hotel).getByRole('img', { name: 'Photo of the hotel' })).toHaveAttribute('src', 'https://cdn.example/front.jpg');
    expect(within(hotel).getByRole('heading', { name: 'House rules', level: 3 }).nextElementSibling).toHaveTextContent('Quiet after 22:00. No smoking.');
    const help = within(container).getByRole('region', { name: 'Help and emergencies' });
    expect(within(help).getByRole('link', { name: '☎ Emergency: +351 112' })).toHaveAttribute('href', 'tel:+351112');
    expect(help).toHaveTextContent('Nearest pharmacy Farmácia Estácio');
  });

  it('draws no help card when none of its fields is filled in', () => {
    const guide = normalizeGuide(answer)!;
    const { container } = render(staticGuide({ guide, language: 'en', t: translator('en'), theme: guideTheme(guide.template, guide.style) }));
    expect(within(container).queryByRole('region', { name: 'Help and emergencies' })).toBeNull();
  });
});

describe('more than one WiFi network', () => {
  const withNetworks = {
    ...answer,
    content: { wifi: { network: 'Lisboa 215', password: 'room-pass' } },
    hotel: {
      ...answer.hotel,
      wifi2Place: 'Lobby',
      wifi2Network: 'Lisboa Lobby',
      wifi2Password: '',
      wifi3Place: 'Piscina',
      wifi3Network: '',
      wifi4Place: '',
      wifi4Network: 'Lisboa Pool',
      wifi4Password: 'pool-pass',
    },
    translations: { de: { hotel: { wifi2Place: 'Empfang' } } },
  };

  function wifiCards(raw: Record<string, unknown>, language: GuideLanguage) {
    const guide = localizeGuide(normalizeGuide(raw)!, language);
    const { container } = render(staticGuide({ guide, language, t: translator(language), theme: guideTheme(guide.template, guide.style) }));
    return within(container)
      .getAllByRole('region')
      .filter((card) => card.classList.contains('rg-wifi'));
  }

  it('shows the room’s own network first, then each other network that has a name, titled by its place in the guest’s language', () => {
    const cards = wifiCards(withNetworks, 'de');
    expect(cards.map((card) => within(card).getByRole('heading', { level: 2 }).textContent)).toEqual(['WLAN-Zugang', 'WLAN: Empfang', 'WLAN-Zugang']);
    expect(cards.map((card) => within(card).getByTestId('wifi-network').textContent)).toEqual(['Lisboa 215', 'Lisboa Lobby', 'Lisboa Pool']);
    // An open network says so; the others show their password.
    expect(cards[1]).toHaveTextContent('Kein Passwort erforderlich');
    expect(within(cards[2]).getByTestId('wifi-password')).toHaveTextContent('pool-pass');
    // Every card is named by its own title.
    expect(new Set(cards.map((card) => card.getAttribute('aria-labelledby'))).size).toBe(3);
  });

  it('shows the other networks when the room has none of its own', () => {
    const cards = wifiCards({ ...withNetworks, content: { wifi: null } }, 'en');
    expect(cards.map((card) => within(card).getByRole('heading', { level: 2 }).textContent)).toEqual(['WiFi: Lobby', 'WiFi Access']);
  });
});
