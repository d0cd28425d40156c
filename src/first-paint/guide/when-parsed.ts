/** Runs `callback` once the page's HTML is parsed (#root and everything after it exist), or now if it is. */
export function whenParsed(callback: () => void): void {
  if (document.readyState !== 'loading') callback();
  else document.addEventListener('readystatechange', callback, { once: true });
}
