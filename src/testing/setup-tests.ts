/**
 * Vitest setup of the `unit` project: jest-dom matchers, the browser APIs jsdom lacks that Chakra
 * (zag-js) uses, English strings loaded synchronously, and a clean session between tests.
 */
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { forgetShownPages } from '@/components/show-more';
import { initI18n } from '@/lib/i18n';
import { resetSessionState } from '@/lib/session';
import { englishResources } from './english-resources';
import { installPopoverStandIn } from './popover-stand-in';

if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: vi.fn(),
      removeListener: vi.fn(),
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
      dispatchEvent: vi.fn(),
    }),
  });
}

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;
globalThis.IntersectionObserver ??= class {
  readonly root = null;
  readonly rootMargin = '';
  readonly thresholds = [];
  observe() {}
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
} as unknown as typeof IntersectionObserver;
window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
Element.prototype.scrollTo ??= vi.fn() as unknown as typeof Element.prototype.scrollTo;
Element.prototype.scrollIntoView ??= vi.fn();
installPopoverStandIn();

// Rendering Chakra in jsdom is slow on the shared 2-core machines; 5 s (the default) is too tight under load.
vi.setConfig({ testTimeout: 30_000 });
// The same for findBy…/waitFor: a screen that renders after a mocked read can take over a second (the default wait)
// at a load average of 10+ on this machine. They still end as soon as the element is there.
configure({ asyncUtilTimeout: 10_000 });

initI18n({ resources: { en: englishResources }, language: 'en' });

afterEach(() => {
  cleanup();
  resetSessionState();
  forgetShownPages();
  localStorage.clear();
});
