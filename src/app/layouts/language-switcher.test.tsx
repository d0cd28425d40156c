import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LANGUAGE_STORAGE_KEY } from '@/first-paint/contract';
import { detectLanguage, i18n } from '@/lib/i18n';
import { renderWithProviders } from '@/testing/render';
import { LanguageSwitcher } from './language-switcher';

describe('LanguageSwitcher', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('offers the seven languages, each named in itself', () => {
    renderWithProviders(<LanguageSwitcher />);
    const options = screen.getAllByRole('option').map((option) => option.textContent);
    expect(options).toEqual(['English', 'Español', 'Français', 'Deutsch', 'Italiano', '中文', '日本語']);
  });

  it('switches the language, remembers the choice and sets <html lang>', async () => {
    const user = userEvent.setup();
    renderWithProviders(<LanguageSwitcher />);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'ja');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('ja');
    expect(document.documentElement.lang).toBe('ja');
    expect(i18n.language).toBe('ja');
    expect(detectLanguage()).toBe('ja');
  });
});

describe('detectLanguage', () => {
  it('follows the browser on a first visit and falls back to English', () => {
    const languages = vi.spyOn(navigator, 'languages', 'get');
    languages.mockReturnValue(['de-AT', 'en']);
    expect(detectLanguage()).toBe('de');
    languages.mockReturnValue(['pt-BR']);
    const language = vi.spyOn(navigator, 'language', 'get').mockReturnValue('pt-BR');
    expect(detectLanguage()).toBe('en');
    languages.mockRestore();
    language.mockRestore();
  });

  it('prefers a remembered choice over the browser', () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'fr');
    expect(detectLanguage()).toBe('fr');
  });
});
