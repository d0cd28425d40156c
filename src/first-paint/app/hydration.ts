/**
 * The moment a page made at build time becomes the live app. Until then the inline boot script
 * (src/first-paint/app/boot-script.ts) holds back button clicks; the page's own components run nothing that could change
 * what was painted (the session is read only afterwards, see main.tsx), so hydration changes nothing visible.
 */
import { useSyncExternalStore } from 'react';
import { HYDRATED_ATTRIBUTE, HYDRATED_MARK, RELANG_ATTRIBUTE, SIGNED_IN_ATTRIBUTE } from '../contract';
import { unmarkAllEarlyInvalid } from './early-invalid';

const hydratedCallbacks: (() => void)[] = [];
let hydrated = false;

/** Runs `callback` once the page has hydrated (at once if it already has). */
export function whenHydrated(callback: () => void): void {
  if (hydrated) callback();
  else hydratedCallbacks.push(callback);
}

/** Called by the root layout once the first page is on screen and interactive. */
export function markHydrated(): void {
  if (hydrated) return;
  hydrated = true;
  performance.mark?.(HYDRATED_MARK); // when the page became interactive (npm run bench reports it)
  const root = document.documentElement;
  root.setAttribute(HYDRATED_ATTRIBUTE, '');
  root.removeAttribute(RELANG_ATTRIBUTE);
  const values = window.__roomguideEarlyValues;
  const click = window.__roomguideEarlyClick;
  delete window.__roomguideEarlyValues;
  delete window.__roomguideEarlyClick;
  values?.forEach((value, field) => retype(field, value));
  // The click a visitor made while the page was still loading (a form sent, an FAQ opened) happens now, in a task of
  // its own, once React has rendered what was typed. In the same task the browser's early marks of invalid fields come
  // off: the app's own check of the form, which the click runs, marks them again, before anything is painted.
  setTimeout(() => {
    unmarkAllEarlyInvalid();
    if (click instanceof HTMLElement && click.isConnected) click.click();
  }, 0);
  hydratedCallbacks.splice(0).forEach((callback) => callback());
}

/**
 * Hands what was typed before hydration to React, whose state still holds the rendered (empty) value: the field is
 * set back through React's value tracker, then to what was typed through the element's own setter, and an input
 * event follows, as when a person types, so onChange sees the change.
 */
function retype(field: Element, value: string | boolean): void {
  if (!field.isConnected) return;
  const property = typeof value === 'boolean' ? 'checked' : 'value';
  const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field) as object, property)?.set;
  if (!setter) return;
  (field as unknown as Record<string, unknown>)[property] = typeof value === 'boolean' ? !value : '';
  setter.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
  field.dispatchEvent(new Event('change', { bubbles: true }));
}

const noSubscription = () => () => {};

/**
 * True when the boot script found a session in storage (a returning host). False while hydrating and when
 * prerendering, as the page was made for a visitor.
 */
export function useStoredSessionHint(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => document.documentElement.hasAttribute(SIGNED_IN_ATTRIBUTE),
    () => false,
  );
}
