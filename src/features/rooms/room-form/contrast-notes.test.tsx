import { screen } from '@testing-library/react';
import { renderWithProviders } from '@/testing/render';
import { ContrastNotes } from './contrast-notes';

describe('the colours’ contrast notes (room form and shared guide)', () => {
  it('warns that close colours cannot be scanned', async () => {
    renderWithProviders(<ContrastNotes primaryColor="#777777" backgroundColor="#888888" />);
    expect(await screen.findByText(/These two colours are too close/)).toBeInTheDocument();
  });

  it('says a light code on a dark background is not read by some phones', async () => {
    renderWithProviders(<ContrastNotes primaryColor="#ffffff" backgroundColor="#000000" />);
    expect(await screen.findByText(/A light code on a dark background/)).toBeInTheDocument();
  });

  it('says nothing for a dark code on a light background, nor while a colour is half typed', () => {
    const { container, rerender } = renderWithProviders(<ContrastNotes primaryColor="#000000" backgroundColor="#ffffff" />);
    expect(container.querySelector('[role=alert], [role=status]')).toBeNull();
    expect(screen.queryByText(/too close|light code/)).toBeNull();
    rerender(<ContrastNotes primaryColor="#77" backgroundColor="#888888" />);
    expect(screen.queryByText(/too close|light code/)).toBeNull();
  });
});
