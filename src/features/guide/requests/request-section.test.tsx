import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import RequestSection from './request-section';

const guideId = '7b0c6f3e-1111-4222-8333-944445555666';
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The API as the guide meets it: `submit` answers each send; the list read and the email call answer quietly. */
function api(submit: () => Promise<Response>) {
  const fetchMock = vi.fn((input: RequestInfo | URL, _init?: RequestInit) => {
    const url = String(input);
    if (url.includes('/rpc/submit_guest_request')) return submit();
    if (url.includes('/rpc/guest_requests_of')) return Promise.resolve(json(200, []));
    return Promise.resolve(json(200, { sent: true }));
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function send(type: string, note = '', button = 'Send request') {
  fireEvent.click(screen.getByRole('radio', { name: type }));
  if (note) fireEvent.change(screen.getByRole('textbox', { name: /Note|What do you need/ }), { target: { value: note } });
  fireEvent.click(screen.getByRole('button', { name: button }));
}

function show(language: 'en' | 'de' = 'en') {
  return render(<RequestSection guideId={guideId} types={['towels', 'late_checkout', 'other']} language={language} />);
}

describe('the guide’s request card', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  it('sends a request and lists it as received', async () => {
    const fetchMock = api(() =>
      Promise.resolve(
        json(200, {
          id: 'a1b2c3d4-0000-4000-8000-000000000001',
          type: 'late_checkout',
          note: 'Until 14:00',
          preferred_time: null,
          status: 'received',
          reply: null,
          created_at: '2026-05-01T10:00:00Z',
        }),
      ),
    );
    show();
    send('Late checkout', 'Until 14:00');
    await screen.findByText('Request sent. The staff can see it now.');
    expect(screen.getByText('Received')).toBeTruthy();
    const body = JSON.parse(String(fetchMock.mock.calls.find(([url]) => String(url).includes('submit_guest_request'))![1]!.body));
    expect(body).toMatchObject({ qr_id: guideId, type: 'late_checkout', note: 'Until 14:00', language: 'en' });
    expect(body.device_token).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('asks for a note before sending "something else", without calling the API', async () => {
    const fetchMock = api(() => Promise.resolve(json(500, {})));
    show();
    await act(async () => undefined);
    send('Something else');
    await screen.findByText('Please say what you need.');
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('submit_guest_request'))).toBe(false);
  });

  it('keeps a request made offline on the device, says so, and still has it after a reload', async () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    api(() => Promise.reject(new TypeError('Failed to fetch')));
    const first = show();
    send('Extra towels');
    await screen.findByText("You're offline. Your request is kept on this device and will be sent when you're back online.");
    expect(screen.getByText('Waiting to be sent')).toBeTruthy();
    first.unmount();
    show();
    expect(await screen.findByText('Waiting to be sent')).toBeTruthy();
    onLine.mockRestore();
  });

  it('keeps a request the server cannot take now while online, and says it will be sent in a moment (not that the guest is offline)', async () => {
    api(() => Promise.resolve(json(503, { code: 'PGRST000', message: 'Could not connect', details: null })));
    show();
    send('Extra towels');
    await screen.findByText('Your request is kept on this device and will be sent in a moment.');
    expect(screen.getByText('Waiting to be sent')).toBeTruthy();
  });

  it('says in the guest’s language when the limits are reached, and drops that request', async () => {
    api(() => Promise.resolve(json(429, { code: 'PT429', message: 'Too many open requests', details: 'device' })));
    show('de');
    send('Zusätzliche Handtücher', '', 'Anfrage senden');
    await screen.findByText('Sie haben viele Anfragen gesendet. Bitte warten Sie auf die Antwort des Personals oder rufen Sie die Rezeption an.');
    await waitFor(() => expect(screen.queryByText('Wartet auf Versand')).toBeNull());
  });

  it('says when the hotel no longer takes requests', async () => {
    api(() => Promise.resolve(json(403, { code: 'PT403', message: 'Requests are off for this room.', details: 'requests_enabled' })));
    show();
    send('Extra towels');
    await screen.findByText('Requests are not available for this room right now.');
  });
});
