/**
 * The inline boot script runs once per page load; each test loads it afresh into a page set up as the test needs.
 */
import {
  AUTH_STORAGE_KEY,
  EARLY_INVALID_ATTRIBUTE,
  HYDRATED_ATTRIBUTE,
  LEAVING_ATTRIBUTE,
  PRERENDERED_ATTRIBUTE,
  RELANG_ATTRIBUTE,
  SIGNED_IN_ATTRIBUTE,
} from '../contract';

const root = document.documentElement;
const listeners: [string, EventListenerOrEventListenerObject][] = [];

async function runBootScript(): Promise<void> {
  const add = document.addEventListener.bind(document);
  // Remembered so each test's page starts without the listeners of the one before.
  document.addEventListener = ((type: string, listener: EventListenerOrEventListenerObject, options?: boolean | AddEventListenerOptions) => {
    listeners.push([type, listener]);
    add(type, listener, options);
  }) as typeof document.addEventListener;
  vi.resetModules();
  await import('./boot-script');
  document.addEventListener = add;
}

afterEach(() => {
  for (const [type, listener] of listeners.splice(0)) document.removeEventListener(type, listener, true);
  for (const name of [PRERENDERED_ATTRIBUTE, RELANG_ATTRIBUTE, SIGNED_IN_ATTRIBUTE, HYDRATED_ATTRIBUTE, LEAVING_ATTRIBUTE]) root.removeAttribute(name);
  delete window.__roomguideEarlyClick;
  delete window.__roomguideEarlyValues;
  document.body.replaceChildren();
  window.history.replaceState(null, '', '/');
});

describe('the inline boot script', () => {
  beforeEach(() => window.history.replaceState(null, '', '/faq'));

  it('marks a returning host (a stored session) so the visitors’ links stay hidden', async () => {
    localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify({ access_token: 'a', refresh_token: 'r', user: { id: 'host-1' } }));
    await runBootScript();
    expect(root.hasAttribute('data-signed-in')).toBe(true);
  });

  it('treats a missing or unreadable session as a visitor', async () => {
    localStorage.setItem(AUTH_STORAGE_KEY, '{not json');
    await runBootScript();
    expect(root.hasAttribute('data-signed-in')).toBe(false);
  });

  it('hides a page made in another language than the remembered choice, and names the one wanted', async () => {
    root.setAttribute('data-prerendered', 'en');
    localStorage.setItem('roomguide.language', 'fr');
    await runBootScript();
    expect(root.getAttribute('data-relang')).toBe('fr');
  });

  it('leaves a page in the visitor’s language as it is', async () => {
    root.setAttribute('data-prerendered', 'en');
    await runBootScript(); // jsdom's browser language is en-US
    expect(root.hasAttribute('data-relang')).toBe(false);
  });

  it('holds back a button click and a form submission before hydration, and keeps what was typed', async () => {
    document.body.innerHTML = '<form><input name="email"><button type="submit">Send</button></form><a href="#x">link</a>';
    await runBootScript();
    const input = document.querySelector('input')!;
    input.value = 'ana@hotel.example';
    input.dispatchEvent(new Event('input', { bubbles: true }));
    const button = document.querySelector('button')!;
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    button.dispatchEvent(click);
    const submit = new Event('submit', { bubbles: true, cancelable: true });
    document.querySelector('form')!.dispatchEvent(submit);
    const link = new MouseEvent('click', { bubbles: true, cancelable: true });
    document.querySelector('a')!.dispatchEvent(link);

    expect(click.defaultPrevented).toBe(true);
    expect(submit.defaultPrevented).toBe(true);
    expect(link.defaultPrevented).toBe(false); // links work without the app
    expect(window.__roomguideEarlyClick).toBe(button);
    expect(window.__roomguideEarlyValues?.get(input)).toBe('ana@hotel.example');
  });

  it('answers a form sent before hydration with a required field empty: the browser’s check marks it and says why', async () => {
    document.body.innerHTML =
      '<form noValidate><input name="email" type="email" required aria-invalid="false"><input name="password" type="password" required>' +
      '<input name="note"><button type="submit">Sign In</button></form>';
    await runBootScript();
    const [email, password, note] = Array.from(document.querySelectorAll('input'));
    email.value = 'not an address';
    const told = vi.fn();
    email.addEventListener('invalid', told);
    const button = document.querySelector('button')!;
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    button.dispatchEvent(click);

    expect(click.defaultPrevented).toBe(true); // kept for the app as well
    expect(window.__roomguideEarlyClick).toBe(button);
    expect([email, password, note].map((field) => field.getAttribute('aria-invalid'))).toEqual(['true', 'true', null]);
    expect(told).toHaveBeenCalled(); // the browser says why (reportValidity)
    // Put right, a field is no longer marked; marked again by the next press, as it was before.
    password.value = 'secret';
    password.dispatchEvent(new Event('input', { bubbles: true }));
    expect(password.getAttribute('aria-invalid')).toBeNull();
    email.value = 'ana@hotel.example';
    email.dispatchEvent(new Event('input', { bubbles: true }));
    expect(email.getAttribute('aria-invalid')).toBe('false');
    expect(document.querySelector(`[${EARLY_INVALID_ATTRIBUTE}]`)).toBeNull();
  });

  it('marks nothing for a form the browser finds valid, nor for a button that sends none', async () => {
    document.body.innerHTML =
      '<form noValidate><input name="email" required value="ana@hotel.example"><button type="submit">Send</button><button type="button">Show</button></form>';
    await runBootScript();
    for (const button of Array.from(document.querySelectorAll('button'))) button.click();
    document.querySelector('input')!.value = '';
    document.querySelectorAll('button')[1].click();
    expect(document.querySelector('[aria-invalid]')).toBeNull();
  });

  it('lets a tap on a popover’s button through before hydration, and keeps the button’s aria-expanded with the popover', async () => {
    document.body.innerHTML = '<button popovertarget="menu" aria-expanded="false">Menu</button><div popover id="menu"><a href="/faq">FAQ</a></div>';
    await runBootScript();
    const button = document.querySelector('button')!;
    button.click();
    expect(window.__roomguideEarlyClick).toBeUndefined();
    expect(getComputedStyle(document.getElementById('menu')!).display).not.toBe('none');
    expect(button.getAttribute('aria-expanded')).toBe('true');
    button.click();
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });

  it('lets everything through once the page has hydrated', async () => {
    document.body.innerHTML = '<button type="button">Open</button>';
    await runBootScript();
    root.setAttribute('data-hydrated', '');
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    document.querySelector('button')!.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(false);
    expect(window.__roomguideEarlyClick).toBeUndefined();
  });
});
