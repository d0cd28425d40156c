import { defineConfig, loadEnv } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import path from 'node:path';
import { guideEntryPlugin, pwaOptions } from './pwa.config.ts';
import { securityHeadersPlugin } from './build/security-headers.ts';
import { publicPagesPlugin } from './prerender.config.ts';
import { demoGuideQrDefine } from './build/demo-guide-qr.ts';
import { precompressedPlugin } from './build/precompressed.ts';

const chakraFamily =
  /node_modules[\\/](@chakra-ui|@ark-ui|@zag-js|@emotion|@pandacss|@floating-ui|@internationalized|@swc[\\/]helpers|stylis|hoist-non-react-statics)[\\/]/;
const chakraForSomeScreens = /(@zag-js|components)[\\/](tabs|accordion|collapsible|checkbox|switch|segment-group|radio-group|progress)[\\/]/;

/** Vendor groups shared by every route; page code stays in per-route chunks (see src/app/router.tsx). */
const vendorChunks: { name: string; test: RegExp | ((id: string) => boolean) }[] = [
  // React alone: the guest guide entry (guide.html) uses it without the router.
  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
  { name: 'router', test: /node_modules[\\/](react-router|react-router-dom|cookie|set-cookie-parser)[\\/]/ },
  // Not the components only some screens use (with the state machines under them): they go with those screens'
  // chunks, and the dashboard does not load them before it answers (issue 31: 13 KB gzip).
  {
    name: 'chakra',
    test: (id) => chakraFamily.test(id) && !chakraForSomeScreens.test(id),
  },
  // Auth and PostgREST only: Realtime, Storage and Edge Functions load with their first use (src/lib/supabase.ts).
  { name: 'supabase', test: /node_modules[\\/](@supabase[\\/](auth-js|postgrest-js)|tslib)[\\/]/ },
  { name: 'i18n', test: /node_modules[\\/](i18next|react-i18next|html-parse-stringify|void-elements|use-sync-external-store)[\\/]/ },
  // The few small modules both the app and the guest guide use. Without this group the guide group below would take
  // them in (with its CSS), and every app page would load the guide's chunk and its render-blocking stylesheet.
  // (The first paint contract and its small readers too: the guide's entry and the app's both import them. And the
  // guide's model — its field list, address, room name, request types, WiFi code — which the landing page, the
  // dashboard and every room screen import: 2.7 KB here instead of the guide's 20.8 KB chunk on each of them.)
  {
    name: 'shared',
    test: /src[\\/](lib[\\/](languages|env|service-worker-registration|guide-url|guide-fields|room-name|guest-requests|wifi-payload)|first-paint[\\/](contract|stored-language|stored-session|after-paint))\.ts$|vite[\\/]preload-helper/,
  },
  // The guest guide and its seven small message files in one chunk: fewer round trips on a slow connection.
  // (Not its entry, main.tsx.)
  // (With the guide's part of first paint the guide's code uses: its saved page.) Not the request card (requests/):
  // it is its own chunk, loaded only by guides that take requests.
  {
    name: 'guide',
    test: /[\\/](src[\\/]features[\\/]guide[\\/](?!main\.tsx|requests[\\/])|src[\\/]first-paint[\\/]guide[\\/]|locales[\\/]\w+[\\/]guide\.json)/,
  },
  // The request card with its words in the seven languages: one download for a guide that takes requests (the staff
  // screens read the same words from it).
  { name: 'guest-requests', test: /[\\/](src[\\/]features[\\/]guide[\\/]requests[\\/]|locales[\\/]\w+[\\/]guest-requests\.json)/ },
];

const alias = {
  '@': path.resolve(import.meta.dirname, 'src'),
  '@locales': path.resolve(import.meta.dirname, 'locales'),
};

export default defineConfig(({ mode }) => ({
  plugins: [react(), VitePWA(pwaOptions), guideEntryPlugin(), publicPagesPlugin({ alias }), securityHeadersPlugin(), precompressedPlugin()],
  resolve: { alias },
  define: demoGuideQrDefine(loadEnv(mode, import.meta.dirname, 'VITE_').VITE_SITE_URL),
  // The build's files are same-origin and need no CORS headers (static hosting sends none). With them, `vite preview`
  // answered each with `Vary: Origin`: the HTTP cache then held one variant per file, and the service worker's own
  // fetches (sent without Origin) replaced the entries the page's module requests (with Origin) had made, so the
  // next visit fetched those chunks again, and offline could not load them at all.
  preview: { cors: false },
  build: {
    target: 'es2022',
    rolldownOptions: {
      output: {
        codeSplitting: { groups: vendorChunks },
      },
    },
  },
}));
