import { describe, expect, it } from 'vitest';
import { isIosSafari } from './install';

const iPhoneSafari = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const iPhoneChrome = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0 Mobile/15E148 Safari/604.1';
const iPadDesktopMode = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';
const android = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';

describe('isIosSafari', () => {
  it('recognises iPhone Safari and an iPad in desktop mode', () => {
    expect(isIosSafari(iPhoneSafari, 'iPhone', 5)).toBe(true);
    expect(isIosSafari(iPadDesktopMode, 'MacIntel', 5)).toBe(true);
  });

  it('leaves out Chrome on iOS, a Mac and Android (Android gets the real install prompt)', () => {
    expect(isIosSafari(iPhoneChrome, 'iPhone', 5)).toBe(false);
    expect(isIosSafari(iPadDesktopMode, 'MacIntel', 0)).toBe(false);
    expect(isIosSafari(android, 'Linux armv8l', 5)).toBe(false);
  });
});
