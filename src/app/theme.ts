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
