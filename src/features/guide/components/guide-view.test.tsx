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
