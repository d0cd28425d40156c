import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { guideField } from '@/lib/guide-fields';
import { renderWithProviders } from '@/testing/render';
import { uploadRoomImage } from '../api/upload-room-image';
import { PhotoUrlInput } from './photo-url-input';

vi.mock('../api/upload-room-image', () => ({ uploadRoomImage: vi.fn() }));

const saved = 'https://cdn.example/front.jpg';
const busy: boolean[] = [];

/** The input as the shared guide holds it: its link in the form's state. */
function Harness() {
  const [value, setValue] = useState(saved);
  return (
    <PhotoUrlInput
      field={guideField('hotel.photoUrl')}
      label="Property photo"
      value={value}
      folder="team-account"
      onChange={setValue}
      onBusyChange={(now) => busy.push(now)}
    />
  );
}

function choose(file: File) {
  fireEvent.change(screen.getByLabelText('Upload a photo: Property photo'), { target: { files: [file] } });
}

describe('PhotoUrlInput', () => {
  beforeEach(() => {
    busy.length = 0;
    vi.mocked(uploadRoomImage).mockReset();
  });

  it('uploads a chosen photo into the team’s folder and puts its link in, showing it', async () => {
    vi.mocked(uploadRoomImage).mockResolvedValue('https://cdn.example/new.png');
    renderWithProviders(<Harness />);
    expect(screen.getByRole('img', { name: 'Property photo' })).toHaveAttribute('src', saved);
    const photo = new File(['png'], 'new.png', { type: 'image/png' });
    choose(photo);
    await vi.waitFor(() => expect(screen.getByRole('textbox')).toHaveValue('https://cdn.example/new.png'));
    expect(uploadRoomImage).toHaveBeenCalledWith('team-account', photo);
    expect(screen.getByRole('img', { name: 'Property photo' })).toHaveAttribute('src', 'https://cdn.example/new.png');
    expect(busy).toEqual([true, false]);
  });

  it('refuses a file that is not a photo, and an upload that fails, keeping the saved link', async () => {
    renderWithProviders(<Harness />);
    choose(new File(['%PDF'], 'menu.pdf', { type: 'application/pdf' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('menu.pdf is not a JPEG, PNG or WebP image.');
    expect(uploadRoomImage).not.toHaveBeenCalled();

    vi.mocked(uploadRoomImage).mockRejectedValue(new Error('offline'));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    choose(new File(['png'], 'front.png', { type: 'image/png' }));
    await vi.waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('front.png could not be uploaded. Check your connection and try again.'));
    expect(screen.getByRole('textbox')).toHaveValue(saved);
    expect(busy).toEqual([true, false]);
  });
});
