import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startGuideBoot } from './boot-loader';
import { SAVED_PAGE_ATTRIBUTE } from '../contract';

const ID = '7b0c6f3e-1111-4222-8333-944445555666';
const entryLink = '<link rel="modulepreload" crossorigin href="/assets/guide-123.js" data-rg-entry>';

/** The scripts the loader added to <head>. */
const addedScripts = () => Array.from(document.head.querySelectorAll<HTMLScriptElement>('script[type="module"]'), (script) => new URL(script.src).pathname);

describe('startGuideBoot (guide.html’s loader)', () => {
  let frames: (() => void)[];

  beforeEach(() => {
    frames = [];
    vi.stubGlobal('requestAnimationFrame', (callback: () => void) => frames.push(callback));
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => undefined)),
    );
    window.history.replaceState(null, '', `/guide/${ID}`);
    document.head.innerHTML = entryLink;
    document.documentElement.removeAttribute(SAVED_PAGE_ATTRIBUTE);
    window.__roomguideGuidePrefetch = undefined;
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('on a first visit asks for the guide at once and runs the entry', () => {
    startGuideBoot();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(vi.mocked(fetch).mock.calls[0][0]).toContain(`/rest/v1/rpc/get_guide?qr_id=${ID}`);
    expect(window.__roomguideGuidePrefetch?.url).toBe(vi.mocked(fetch).mock.calls[0][0]);
    expect(addedScripts()).toEqual(['/assets/guide-123.js']);
  });

  it('on a saved page waits for the first frame before asking and running anything', () => {
    vi.useFakeTimers();
    document.documentElement.setAttribute(SAVED_PAGE_ATTRIBUTE, '');
    startGuideBoot();
    expect(fetch).not.toHaveBeenCalled();
    expect(addedScripts()).toEqual([]);
    frames.forEach((frame) => frame());
    vi.runAllTimers();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(addedScripts()).toHaveLength(1);
  });

  it('runs nothing of its own where the page keeps its entry script (the dev server)', () => {
    document.head.innerHTML = '';
    startGuideBoot();
    expect(addedScripts()).toEqual([]);
  });

  it('asks for nothing on a path that names no guide', () => {
    window.history.replaceState(null, '', '/guide/not-a-uuid');
    startGuideBoot();
    expect(fetch).not.toHaveBeenCalled();
  });
});
