import { beforeEach, describe, expect, it } from 'vitest';
import { SCAN_REPEAT_WINDOW_MS, claimScan, isRepeatScan, releaseScan, scanDeviceToken } from './scan-throttle';

class MemoryStorage {
  items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}

describe('isRepeatScan', () => {
  it('counts a first open', () => expect(isRepeatScan(null, 1_000)).toBe(false));
  it('treats an open within 30 minutes as the same visit', () => {
    expect(isRepeatScan(1_000, 1_000 + SCAN_REPEAT_WINDOW_MS - 1)).toBe(true);
  });
  it('counts again from 30 minutes on', () => expect(isRepeatScan(1_000, 1_000 + SCAN_REPEAT_WINDOW_MS)).toBe(false));
  it('counts when the stored time is in the future (clock changed)', () => expect(isRepeatScan(5_000, 1_000)).toBe(false));
});

describe('claimScan / releaseScan', () => {
  let storage: MemoryStorage;
  beforeEach(() => {
    storage = new MemoryStorage();
  });

  it('claims the first open and refuses reloads of the same guide in the window', () => {
    expect(claimScan('a', 1_000, storage)).toBe(true);
    expect(claimScan('a', 2_000, storage)).toBe(false);
    expect(claimScan('a', 1_000 + SCAN_REPEAT_WINDOW_MS, storage)).toBe(true);
  });

  it('keeps guides apart', () => {
    expect(claimScan('a', 1_000, storage)).toBe(true);
    expect(claimScan('b', 1_001, storage)).toBe(true);
  });

  it('lets the next open count again after a failed send', () => {
    expect(claimScan('a', 1_000, storage)).toBe(true);
    releaseScan('a', 1_000, storage);
    expect(claimScan('a', 2_000, storage)).toBe(true);
  });

  it('does not release a newer claim', () => {
    claimScan('a', 1_000, storage);
    storage.setItem('roomguide:scan:a', '9000');
    releaseScan('a', 1_000, storage);
    expect(storage.getItem('roomguide:scan:a')).toBe('9000');
  });

  it('ignores garbage in storage', () => {
    storage.setItem('roomguide:scan:a', 'not a number');
    expect(claimScan('a', 1_000, storage)).toBe(true);
  });

  it('counts when storage throws', () => {
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {},
      removeItem: () => {},
    };
    expect(claimScan('a', 1_000, broken)).toBe(true);
  });
});

describe('scanDeviceToken', () => {
  const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
  let storage: MemoryStorage;
  let made: number;
  const next = () => uuid(++made);
  beforeEach(() => {
    storage = new MemoryStorage();
    made = 0;
  });

  it('keeps one token per guide on the device', () => {
    expect(scanDeviceToken('a', storage, next)).toBe(uuid(1));
    expect(scanDeviceToken('a', storage, next)).toBe(uuid(1));
    expect(scanDeviceToken('b', storage, next)).toBe(uuid(2));
  });

  it('replaces a stored value that is not a token', () => {
    storage.setItem('roomguide:scan-token:a', 'garbage');
    expect(scanDeviceToken('a', storage, next)).toBe(uuid(1));
  });

  it('sends none when no token can be made or storage throws', () => {
    expect(scanDeviceToken('a', storage, () => null)).toBeNull();
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {},
      removeItem: () => {},
    };
    expect(scanDeviceToken('a', broken, next)).toBeNull();
  });

  it('makes random UUIDs by default', () => {
    const token = scanDeviceToken('a', storage);
    expect(token).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(scanDeviceToken('b', storage)).not.toBe(token);
  });
});
