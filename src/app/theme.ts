/**
 * The design system: Chakra's defaults with one accent (a calm teal) applied everywhere through
 * `colorPalette`, a warm off-white page background and a readable type scale. Components use
 * semantic tokens (`bg.panel`, `fg.muted`, `colorPalette.solid`) so screens stay consistent.
 */
import { createSystem, defaultConfig, defineConfig } from '@chakra-ui/react';

const config = defineConfig({
  globalCss: {
    html: {
      colorPalette: 'teal',
      textSizeAdjust: '100%',
    },
    body: {
      bg: 'bg.canvas',
      color: 'fg',
      overflowX: 'hidden',
    },
    // Toasts start below the navbar; from tablets up a signed-in host's menu is a second row of it (navbar.tsx).
    ':root:has([data-host-menu-row])': {
      '@media screen and (min-width: 48em)': { '--rg-toast-top': '8.25rem' },
    },
    // On a phone the top holds the navbar, the breadcrumb and the screen's heading: messages rise from the bottom.
    // In CSS (over the toaster's inline placement), not by a placement chosen while rendering: a page made at build
    // time must render the same on every screen to hydrate.
    '[data-scope=toast][data-part=group]': {
      '@media screen and (max-width: 47.99em)': { top: 'auto !important', bottom: 'max(env(safe-area-inset-bottom, 0px), 1rem) !important' },
    },
    '[data-scope=toast][data-part=root]': {
      '@media screen and (max-width: 47.99em)': { top: 'auto !important', bottom: '0 !important', '--lift': '-1 !important', '--sign': '1 !important' },
    },
  },
  theme: {
    tokens: {
      fonts: {
        heading: {
          value: `'Inter', 'Segoe UI', system-ui, -apple-system, 'Helvetica Neue', Arial, 'Noto Sans', 'PingFang SC', 'Hiragino Sans', 'Microsoft YaHei', sans-serif`,
        },
        body: {
          value: `'Inter', 'Segoe UI', system-ui, -apple-system, 'Helvetica Neue', Arial, 'Noto Sans', 'PingFang SC', 'Hiragino Sans', 'Microsoft YaHei', sans-serif`,
        },
      },
    },
    semanticTokens: {
      colors: {
        'bg.canvas': { value: '#f7f6f3' },
      },
    },
  },
});

export const system = createSystem(defaultConfig, config);
