import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { toastSaved, toaster } from './toaster';

describe('toastSaved', () => {
  afterEach(() => {
    act(() => toaster.remove());
  });

  it('says the save worked and takes the error messages of the attempts before it off the screen', async () => {
    renderWithProviders(<p>form</p>);
    act(() => {
      toaster.create({ type: 'error', title: 'You have reached your QR code limit.' });
      toaster.create({ type: 'info', title: 'Wait for the uploads to finish.' });
      toaster.create({ type: 'error', title: 'Some fields need your attention.' });
    });
    await screen.findByText('Some fields need your attention.');

    act(() => toastSaved('QR code created!'));

    await screen.findByText('QR code created!');
    await waitFor(() => {
      expect(screen.queryByText('You have reached your QR code limit.')).toBeNull();
      expect(screen.queryByText('Some fields need your attention.')).toBeNull();
    });
    expect(screen.getByText('Wait for the uploads to finish.')).toBeTruthy();
  });

  it('shows the same message once for saves one after another, beside other messages', async () => {
    renderWithProviders(<p>form</p>);
    act(() => toastSaved('QR code created!'));
    await screen.findByText('QR code created!');
    act(() => toastSaved('Property saved.'));
    await screen.findByText('Property saved.');

    act(() => toastSaved('QR code created!'));
    act(() => toastSaved('QR code created!'));

    await waitFor(() => expect(screen.getAllByText('QR code created!')).toHaveLength(1));
    expect(screen.getByText('Property saved.')).toBeTruthy();
  });
});
