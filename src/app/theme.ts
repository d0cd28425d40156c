/**
 * The design system: Chakra's defaults with one accent (a calm teal) applied everywhere through
 * `colorPalette`, a warm off-white page background and a readable type scale. Components use
 * semantic tokens (`bg.panel`, `fg.muted`, `colorPalette.solid`) so screens stay consistent.
 */
import { createSystem, defaultBaseConfig, defineConfig, mergeConfigs } from '@chakra-ui/react';
import { THEME_SHEET_ATTRIBUTE } from '@/first-paint/contract';
import {
  accordionSlotRecipe,
  alertSlotRecipe,
  animationStyles,
  badgeRecipe,
  breadcrumbSlotRecipe,
  breakpoints,
  buttonRecipe,
  cardSlotRecipe,
  checkboxSlotRecipe,
  checkmarkRecipe,
  codeRecipe,
  containerRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  dataListSlotRecipe,
  dialogSlotRecipe,
  fieldSlotRecipe,
  globalCss,
  headingRecipe,
  inputRecipe,
  keyframes,
  layerStyles,
  linkRecipe,
  listSlotRecipe,
  menuSlotRecipe,
  nativeSelectSlotRecipe,
  progressSlotRecipe,
  segmentGroupSlotRecipe,
  semanticTokens,
  spinnerRecipe,
  statSlotRecipe,
  switchSlotRecipe,
  tableSlotRecipe,
  tabsSlotRecipe,
  textareaRecipe,
  textStyles,
  toastSlotRecipe,
  tokens,
} from '@chakra-ui/react/theme';

/**
 * Chakra's colour palettes no screen uses (theme.test.ts fails when one appears in the source or a recipe): each is
 * ~40 tokens that the system turns into CSS variables and `colorPalette.*` references when the app starts (~650 ms in
 * all on a phone at 4× CPU). Without these three: building the system 30.8 → 28.6 ms in Node (medians of 5 runs), the
 * theme stylesheet 48.7 → 44.9 KB (7.2 → 6.8 KB gzip).
 */
export const UNUSED_PALETTES: readonly string[] = ['yellow', 'cyan', 'pink'];

const withoutUnusedPalettes = <Colors extends object>(colors: Colors): Colors =>
  Object.fromEntries(Object.entries(colors).filter(([palette]) => !UNUSED_PALETTES.includes(palette))) as Colors;

/**
 * Chakra's theme with only the recipes of the components the app uses (docs: "reduce bundle size"): the system is
 * built when the app starts, before the first tap is answered, and every recipe left out is code not downloaded and
 * work not done. A component added to the app needs its recipe here, or it renders unstyled.
 */
const chakraTheme = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  theme: {
    breakpoints,
    keyframes,
    tokens: { ...tokens, colors: withoutUnusedPalettes(tokens.colors) },
    semanticTokens: { ...semanticTokens, colors: withoutUnusedPalettes(semanticTokens.colors) },
    textStyles,
    layerStyles,
    animationStyles,
    recipes: {
      badge: badgeRecipe,
      button: buttonRecipe,
      checkmark: checkmarkRecipe,
      code: codeRecipe,
      container: containerRecipe,
      heading: headingRecipe,
      input: inputRecipe,
      link: linkRecipe,
      spinner: spinnerRecipe,
      textarea: textareaRecipe,
    },
    slotRecipes: {
      accordion: accordionSlotRecipe,
      alert: alertSlotRecipe,
      breadcrumb: breadcrumbSlotRecipe,
      card: cardSlotRecipe,
      checkbox: checkboxSlotRecipe,
      dataList: dataListSlotRecipe,
      dialog: dialogSlotRecipe,
      field: fieldSlotRecipe,
      list: listSlotRecipe,
      menu: menuSlotRecipe,
      nativeSelect: nativeSelectSlotRecipe,
      progress: progressSlotRecipe,
      segmentGroup: segmentGroupSlotRecipe,
      stat: statSlotRecipe,
      switch: switchSlotRecipe,
      table: tableSlotRecipe,
      tabs: tabsSlotRecipe,
      toast: toastSlotRecipe,
    },
  },
});

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

/**
 * A new system. Its style function caches each style object by its properties in any order and returns the first
 * order it saw: a build that renders several pages in one process gives each page a system of its own
 * (src/first-paint/app/prerender.tsx), so its classes are those the browser computes when it hydrates the page.
 */
export function createAppSystem() {
  return createSystem(mergeConfigs(defaultBaseConfig, chakraTheme), config);
}

export const system = createAppSystem();

/**
 * The whole theme CSS the build made from this system (THEME_SHEET_ATTRIBUTE, prerender.config.ts), made the page's
 * stylesheet now if the page only preloaded it (a page made at build time paints with its own part of it). False where
 * there is none: the dev server, tests.
 */
function applyBuiltThemeSheet(): boolean {
  if (typeof document === 'undefined') return false;
  const sheet = document.querySelector<HTMLLinkElement>(`link[${THEME_SHEET_ATTRIBUTE}]`);
  if (!sheet) return false;
  sheet.rel = 'stylesheet';
  return true;
}

/**
 * The system the app is given. With the built stylesheet the browser parses the theme natively, and the app leaves
 * out the ~48 KB that Chakra's provider would otherwise compile (stylis) and insert again while the page hydrates,
 * before it can answer a tap. Without it the provider inserts the theme as usual.
 */
export const providedSystem: typeof system = applyBuiltThemeSheet() ? { ...system, _global: [] } : system;
