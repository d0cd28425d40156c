import { describe, expect, it } from 'vitest';
import type { GuestRequestView } from '@/lib/guest-requests';
import { readBook, withSent, withServerList, writeBook, type PendingRequest } from './outbox';

function memoryStorage(): Pick<Storage, 'getItem' | 'setItem'> & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return { data, getItem: (key) => data.get(key) ?? null, setItem: (key, value) => void data.set(key, value) };
}

const pending: PendingRequest = {
  id: '6f1c1c9e-2b53-4f57-9d3e-2f1b1f7c0a01',
  type: 'towels',
  note: 'Two, please',
  preferredTime: '18:00',
  language: 'de',
  createdAt: '2026-05-01T10:00:00.000Z',
};
const sent: GuestRequestView = {
  id: pending.id,
  type: 'towels',
  note: 'Two, please',
  preferredTime: '18:00',
  status: 'received',
  reply: null,
  createdAt: pending.createdAt,
};

describe('the device’s requests of a guide', () => {
  it('keep a request made offline across visits, and drop it from the waiting ones once the API has it', () => {
    const storage = memoryStorage();
    writeBook('guide-1', { pending: [pending], sent: [] }, storage);
    const reopened = readBook('guide-1', storage);
    expect(reopened).toEqual({ pending: [pending], sent: [] });
    expect(readBook('guide-2', storage)).toEqual({ pending: [], sent: [] });

    const after = withSent(reopened, sent);
    expect(after).toEqual({ pending: [], sent: [sent] });
    writeBook('guide-1', after, storage);
    expect(readBook('guide-1', storage)).toEqual(after);
  });

  it('take the API’s list as the truth about sent requests, keeping the ones still waiting', () => {
    const other: PendingRequest = { ...pending, id: '0c7c5f55-8a5a-4a50-9b0e-5f1ad5a8a0b2' };
    const done = { ...sent, status: 'done' as const, reply: 'At your door' };
    expect(withServerList({ pending: [pending, other], sent: [sent] }, [done])).toEqual({ pending: [other], sent: [done] });
  });

  it('read nothing from storage that is broken or of another shape', () => {
    const storage = memoryStorage();
    storage.setItem('roomguide:requests:guide-1', '{not json');
    expect(readBook('guide-1', storage)).toEqual({ pending: [], sent: [] });
    storage.setItem('roomguide:requests:guide-1', JSON.stringify({ pending: [{ id: 'x' }], sent: [{ id: pending.id, type: 'spa', status: 'received' }] }));
    expect(readBook('guide-1', storage)).toEqual({ pending: [], sent: [] });
    expect(readBook('guide-1', null)).toEqual({ pending: [], sent: [] });
  });
});
