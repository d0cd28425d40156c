/**
 * Guest requests through the local stack as the guide makes them (plain HTTP with the anon key): PostgREST's
 * answers for a request, a repeat, the limits (429) and a refusal (403, 400 naming the field), the guest's own list
 * over GET, and the staff's email from notify-guest-request: sent once per request to the property's addresses.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { readInbox } from '../e2e/support/inbox.ts';
import { anonKey, apiUrl, createUser, sql } from './support.ts';

const staffEmail = `desk-${randomUUID().slice(0, 8)}@example.test`;
let roomId = '';
let offRoomId = '';

function submit(body: Record<string, unknown>, address = '198.51.100.40'): Promise<Response> {
  return fetch(`${apiUrl()}/rest/v1/rpc/submit_guest_request`, {
    method: 'POST',
    // The gateway sets X-Forwarded-For from the connection; a test from one address sets it to vary the guest.
    headers: { apikey: anonKey, 'Content-Type': 'application/json', 'X-Forwarded-For': address },
    body: JSON.stringify({ request_id: randomUUID(), qr_id: roomId, device_token: randomUUID(), type: 'towels', ...body }),
  });
}

function notify(requestId: unknown): Promise<Response> {
  return fetch(`${apiUrl()}/functions/v1/notify-guest-request`, {
    method: 'POST',
    headers: { apikey: anonKey, Authorization: `Bearer ${anonKey}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ request_id: requestId }),
  });
}

beforeAll(async () => {
  const host = await createUser('requests-host');
  await sql('update public.users set qr_code_limit = 5 where id = $1', [host.id]);
  const [team] = await sql<{ id: string }>('select id from public.teams where account_user_id = $1', [host.id]);
  const [property] = await sql<{ id: string }>(
    `insert into public.properties (team_id, user_id, name, requests_enabled, request_emails, original_language) values ($1, $2, 'Desk Hotel', true, $3, 'es') returning id`,
    [team.id, host.id, [staffEmail]],
  );
  const [offProperty] = await sql<{ id: string }>(`insert into public.properties (team_id, user_id, name) values ($1, $2, 'Quiet Hotel') returning id`, [
    team.id,
    host.id,
  ]);
  [{ id: roomId }] = await sql<{ id: string }>(
    `insert into public.qr_codes (property_id, user_id, name, room_number) values ($1, $2, 'Room 301', '301') returning id`,
    [property.id, host.id],
  );
  [{ id: offRoomId }] = await sql<{ id: string }>(
    `insert into public.qr_codes (property_id, user_id, name, room_number) values ($1, $2, 'Room 1', '1') returning id`,
    [offProperty.id, host.id],
  );
});

describe('a guest request over HTTP', () => {
  it('is created by the anon key, answered the same when sent again, and listed for its device over GET', async () => {
    const id = randomUUID();
    const device = randomUUID();
    const first = await submit({ request_id: id, device_token: device, note: 'Two more, please', preferred_time: '18:30', language: 'fr' });
    expect(first.status).toBe(200);
    const made = await first.json();
    expect(made).toMatchObject({ id, type: 'towels', note: 'Two more, please', preferred_time: '18:30', status: 'received', reply: null });
    const again = await submit({ request_id: id, device_token: device, note: 'Two more, please', preferred_time: '18:30' });
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual(made);

    const query = new URLSearchParams({ qr_id: roomId, device_token: device, apikey: anonKey });
    const list = await fetch(`${apiUrl()}/rest/v1/rpc/guest_requests_of?${query}`);
    expect(list.status).toBe(200);
    expect(await list.json()).toEqual([made]);
    const someoneElse = await fetch(
      `${apiUrl()}/rest/v1/rpc/guest_requests_of?${new URLSearchParams({ qr_id: roomId, device_token: randomUUID(), apikey: anonKey })}`,
    );
    expect(await someoneElse.json()).toEqual([]);
  });

  it('answers 403 where requests are off, 400 naming the field for bad input, 404 for an unknown room', async () => {
    const off = await submit({ qr_id: offRoomId });
    expect(off.status).toBe(403);
    expect(await off.json()).toMatchObject({ code: 'PT403', details: 'requests_enabled' });
    const noNote = await submit({ type: 'other' });
    expect(noNote.status).toBe(400);
    expect(await noNote.json()).toMatchObject({ code: '22023', details: 'note' });
    const unknown = await submit({ qr_id: randomUUID() });
    expect(unknown.status).toBe(404);
  });

  it('answers 429 past 5 open requests of a room and device, with the limit in the hint', async () => {
    const device = randomUUID();
    for (let n = 0; n < 5; n += 1) expect((await submit({ device_token: device }, '198.51.100.41')).status).toBe(200);
    const refused = await submit({ device_token: device }, '198.51.100.41');
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ message: 'Too many open requests', details: 'device', hint: 'At most 5 open requests per room and device.' });
  });
});

describe('the staff’s email (notify-guest-request)', () => {
  it('goes once to the property’s addresses, in its language, naming the room, type and note', async () => {
    const made = await (await submit({ type: 'late_checkout', note: 'Flight at 16:00' }, '198.51.100.42')).json();
    const sent = await notify(made.id);
    expect(sent.status).toBe(200);
    expect(await sent.json()).toEqual({ sent: true });
    const again = await notify(made.id);
    expect(await again.json()).toEqual({ sent: false });

    const messages = (await readInbox(staffEmail)).filter((message) => message.text.includes('Flight at 16:00'));
    expect(messages).toHaveLength(1);
    expect(messages[0].subject).toBe('Nueva solicitud de la habitación 301: Salida tardía');
    expect(messages[0].text).toContain('Desk Hotel');
    expect(messages[0].html).not.toContain('<script');
  });

  it('sends nothing for an unknown request, and refuses what is not a request id', async () => {
    expect(await (await notify(randomUUID())).json()).toEqual({ sent: false });
    const bad = await notify('1; drop table');
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ code: 'invalid_request_id' });
  });
});
