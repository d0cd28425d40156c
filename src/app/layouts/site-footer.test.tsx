import { screen, within } from '@testing-library/react';
import { renderWithProviders, setSignedIn } from '@/testing/render';
import { SiteFooter } from './site-footer';

describe('SiteFooter', () => {
  it('links FAQ, Contact and Privacy, offers sign-in to visitors, and has the language picker', () => {
    setSignedIn(null);
    renderWithProviders(<SiteFooter />, { route: '/' });
    const footer = screen.getByRole('navigation', { name: 'Footer' });
    for (const [name, href] of [
      ['FAQ', '/faq'],
      ['Contact', '/contact'],
      ['Privacy', '/privacy'],
      ['Sign in', '/login'],
    ]) {
      expect(within(footer).getByRole('link', { name })).toHaveAttribute('href', href);
    }
    expect(screen.getByRole('combobox', { name: 'Language' })).toHaveValue('en');
  });

  it('does not offer sign-in to a signed-in host', () => {
    setSignedIn('host@example.com');
    renderWithProviders(<SiteFooter />, { route: '/faq' });
    expect(screen.queryByRole('link', { name: 'Sign in' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'FAQ' })).toBeInTheDocument();
  });
});
