/**
 * vite-plugin-pwa options (owned by the guide engineer from here on). Minimal skeleton: manifest
 * and an auto-updating service worker.
 */
import type { VitePWAOptions } from 'vite-plugin-pwa';

export const pwaOptions: Partial<VitePWAOptions> = {
  registerType: 'autoUpdate',
  manifest: {
    name: 'RoomGuide',
    short_name: 'RoomGuide',
    description: 'Room guides for your guests, one QR code per room.',
    theme_color: '#0d9488',
    background_color: '#f7f6f3',
    display: 'standalone',
    start_url: '/',
  },
};
