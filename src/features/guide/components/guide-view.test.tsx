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
