/**
 * Renders a saved guide into guide.html inside the service worker, so a guide reopened on the device (from the
 * home screen, offline, or just again) paints its WiFi password before any script has run; main.tsx hydrates it.
 * Only the service worker imports this file (it pulls in react-dom/server).
 */
import { renderToString } from 'react-dom/server.browser';
import { PRERENDERED_DATA_ID, prerenderedTree, type PrerenderedGuide } from './prerendered';

/** JSON that is safe inside a <script> element (no `</script>`, no HTML comment openers). */
function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
}

/** guide.html with the guide's markup in #root and its data for hydration; null when the shell lacks the markers. */
export function prerenderGuideHtml(shellHtml: string, data: PrerenderedGuide): string | null {
  const bootStart = shellHtml.indexOf('<!--rg-boot-->');
  const bootEnd = shellHtml.indexOf('<!--/rg-boot-->');
  const dataMarker = '<!--rg-prerendered-data-->';
  if (bootStart < 0 || bootEnd < bootStart || !shellHtml.includes(dataMarker)) return null;
  const markup = renderToString(prerenderedTree(data));
  const withMarkup = shellHtml.slice(0, bootStart) + markup + shellHtml.slice(bootEnd + '<!--/rg-boot-->'.length);
  return withMarkup
    .replace(dataMarker, `<script type="application/json" id="${PRERENDERED_DATA_ID}">${scriptSafeJson(data)}</script>`)
    .replace('<html lang="en">', `<html lang="${data.language}">`);
}

