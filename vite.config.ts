import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import path from 'node:path';
import { guideEntryPlugin, pwaOptions } from './pwa.config.ts';

/** Vendor groups shared by every route; page code stays in per-route chunks (see src/app/router.tsx). */
const vendorChunks: { name: string; test: RegExp }[] = [
  // React alone: the guest guide entry (guide.html) uses it without the router.
  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
  { name: 'router', test: /node_modules[\\/](react-router|react-router-dom|cookie|set-cookie-parser)[\\/]/ },
  { name: 'chakra', test: /node_modules[\\/](@chakra-ui|@ark-ui|@zag-js|@emotion|@pandacss|@floating-ui|@internationalized|@swc[\\/]helpers|stylis|hoist-non-react-statics)[\\/]/ },
  { name: 'supabase', test: /node_modules[\\/](@supabase|tslib)[\\/]/ },
  { name: 'i18n', test: /node_modules[\\/](i18next|react-i18next|html-parse-stringify|void-elements|use-sync-external-store)[\\/]/ },
  // The guest guide and its seven small message files in one chunk: fewer round trips on a slow connection.
  // (Not its entry, main.tsx.)
  { name: 'guide', test: /[\\/](src[\\/]features[\\/]guide[\\/](?!main\.tsx)|locales[\\/]\w+[\\/]guide\.json)/ },
];

export default defineConfig({
  plugins: [react(), VitePWA(pwaOptions), guideEntryPlugin()],
  resolve: {
    alias: {
      '@': path.resolve(import.meta.dirname, 'src'),
      '@locales': path.resolve(import.meta.dirname, 'locales'),
    },
  },
  build: {
    target: 'es2022',
    rolldownOptions: {
      output: {
        codeSplitting: { groups: vendorChunks },
      },
    },
  },
});
