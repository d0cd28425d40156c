import { render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { markHydrated, whenHydrated } from './hydration';
import { EARLY_INVALID_ATTRIBUTE, HYDRATED_ATTRIBUTE } from '../contract';

function SignInForm({ onSend }: { onSend: (email: string) => void }) {
  const [email, setEmail] = useState('');
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSend(email);
      }}
    >
      <input aria-label="Email" value={email} onChange={(event) => setEmail(event.target.value)} />
      <button type="submit">Sign In</button>
    </form>
  );
}

it('hands what was typed and the last click before hydration to the live page, then runs what waited for it', async () => {
  const sent = vi.fn();
  render(<SignInForm onSend={sent} />);
  const input = screen.getByLabelText('Email') as HTMLInputElement;
  // As after hydration: the field shows what the visitor typed, React's state is still the rendered ''.
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, 'ana@hotel.example');
  window.__roomguideEarlyValues = new Map([[input, 'ana@hotel.example']]);
  window.__roomguideEarlyClick = screen.getByRole('button', { name: 'Sign In' });
  const afterwards = vi.fn();
  whenHydrated(afterwards);

  markHydrated();

  expect(document.documentElement.hasAttribute(HYDRATED_ATTRIBUTE)).toBe(true);
  expect(afterwards).toHaveBeenCalledOnce();
  await waitFor(() => expect(sent).toHaveBeenCalledWith('ana@hotel.example'));
  expect(input.value).toBe('ana@hotel.example');
  expect(window.__roomguideEarlyClick).toBeUndefined();
  const late = vi.fn();
  whenHydrated(late);
  expect(late).toHaveBeenCalledOnce();
});

it('takes the browser’s early marks off the fields in the task that makes the kept press again', async () => {
  const sent = vi.fn();
  render(<SignInForm onSend={sent} />);
  const input = screen.getByLabelText('Email');
  input.setAttribute('aria-invalid', 'true');
  input.setAttribute(EARLY_INVALID_ATTRIBUTE, '');
  let markedAtPress: string | null = 'not pressed';
  const button = screen.getByRole('button', { name: 'Sign In' });
  button.addEventListener('click', () => (markedAtPress = input.getAttribute('aria-invalid')));
  window.__roomguideEarlyClick = button;
  // The page's first hydration: hydration.ts notes it once for the page's life, as the test above did.
  vi.resetModules();
  const fresh = await import('./hydration');

  fresh.markHydrated();

  expect(input.getAttribute('aria-invalid')).toBe('true'); // until the app checks the form itself
  await waitFor(() => expect(sent).toHaveBeenCalledWith(''));
  expect(markedAtPress).toBeNull();
  expect(input.hasAttribute(EARLY_INVALID_ATTRIBUTE)).toBe(false);
});
