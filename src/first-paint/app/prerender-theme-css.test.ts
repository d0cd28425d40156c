import { themeCssForPage } from './prerender-theme-css';

describe('themeCssForPage', () => {
  it('keeps the tokens the page refers to and drops the others', () => {
    const global = '@layer tokens{:where(html, .chakra-theme){--chakra-colors-fg:#111;--chakra-colors-unused:#222;--chakra-spacing-4:1rem;}}';

    const css = themeCssForPage(global, '.css-a{color:var(--chakra-colors-fg);padding:calc(var(--chakra-spacing-4) * -1);}');

    expect(css).toBe('@layer tokens{:where(html, .chakra-theme){--chakra-colors-fg:#111;--chakra-spacing-4:1rem;}}');
  });

  it('keeps what a kept token refers to, through any number of steps, in every rule that sets it', () => {
    const global =
      '@layer tokens{:root,.light{--chakra-colors-bg:var(--chakra-colors-white);--chakra-colors-border:var(--chakra-colors-gray-200);}' +
      '.dark,.dark .chakra-theme:not(.light){--chakra-colors-bg:var(--chakra-colors-black);}' +
      ':where(html, .chakra-theme){--chakra-colors-white:#fff;--chakra-colors-black:#000;--chakra-colors-gray-200:#e4e4e7;}}';

    const css = themeCssForPage(global, '.css-b{background:var(--chakra-colors-bg, red);}');

    expect(css).toBe(
      '@layer tokens{:root,.light{--chakra-colors-bg:var(--chakra-colors-white);}' +
        '.dark,.dark .chakra-theme:not(.light){--chakra-colors-bg:var(--chakra-colors-black);}' +
        ':where(html, .chakra-theme){--chakra-colors-white:#fff;--chakra-colors-black:#000;}}',
    );
  });

  it("keeps the global rules' own declarations and the tokens they use", () => {
    const global =
      "@layer reset{html{line-height:1.5;--font-fallback:ui-sans-serif,'Segoe UI';font-family:var(--global-font-body, var(--font-fallback));}}" +
      '@layer base{*{--global-font-body:var(--chakra-fonts-body);--ring-color:blue;}}' +
      '@layer tokens{:where(html, .chakra-theme){--chakra-fonts-body:Inter, sans-serif;}}';

    const css = themeCssForPage(global, '<p class="css-c">Hello</p>');

    expect(css).toBe(
      "@layer reset{html{line-height:1.5;--font-fallback:ui-sans-serif,'Segoe UI';font-family:var(--global-font-body, var(--font-fallback));}}" +
        '@layer base{*{--global-font-body:var(--chakra-fonts-body);}}' +
        '@layer tokens{:where(html, .chakra-theme){--chakra-fonts-body:Inter, sans-serif;}}',
    );
  });

  it('drops rules left empty, and keeps only the keyframes something kept names, with what they use', () => {
    const global =
      '@layer base{@-webkit-keyframes spin{0%{transform:rotate(0deg);}100%{transform:rotate(360deg);}}' +
      '@keyframes spin{0%{transform:rotate(0deg);}100%{transform:rotate(360deg);}}' +
      '@keyframes fade-in{from{opacity:var(--fade-from);}to{opacity:1;}}' +
      '@keyframes pulse{50%{opacity:0.5;}}' +
      '*{--fade-from:0;--unused:1;}.chakra-only-unused{--unused-too:1;}}' +
      '@layer tokens{:where(html, .chakra-theme){--chakra-animations-spin:spin 1s linear infinite;--chakra-animations-pulse:pulse 2s infinite;}}';

    const css = themeCssForPage(global, '.css-d{animation:var(--chakra-animations-spin);}.css-e{animation-name:fade-in;}');

    expect(css).toBe(
      '@layer base{@-webkit-keyframes spin{0%{transform:rotate(0deg);}100%{transform:rotate(360deg);}}' +
        '@keyframes spin{0%{transform:rotate(0deg);}100%{transform:rotate(360deg);}}' +
        '@keyframes fade-in{from{opacity:var(--fade-from);}to{opacity:1;}}' +
        '*{--fade-from:0;}}' +
        '@layer tokens{:where(html, .chakra-theme){--chakra-animations-spin:spin 1s linear infinite;}}',
    );
  });

  it('reads values with semicolons, braces and parentheses inside strings and functions', () => {
    const global =
      '@layer base{.chakra-a{--chakra-icon:url("data:image/svg+xml;utf8,<svg>{}</svg>");background-image:var(--chakra-icon);}' +
      '.chakra-b{--chakra-mix:color-mix(in srgb, var(--chakra-colors-fg) 80%, transparent);}}' +
      '@layer tokens{:where(html, .chakra-theme){--chakra-colors-fg:#111;}}';

    const css = themeCssForPage(global, '');

    expect(css).toBe('@layer base{.chakra-a{--chakra-icon:url("data:image/svg+xml;utf8,<svg>{}</svg>");background-image:var(--chakra-icon);}}');
  });

  it('reads token names with escaped characters', () => {
    const global = '@layer tokens{:where(html, .chakra-theme){--chakra-spacing-1\\.5:0.375rem;--chakra-spacing-1:0.25rem;--chakra-spacing-2\\.5:0.625rem;}}';

    const css = themeCssForPage(global, '.css-f{gap:var(--chakra-spacing-1\\.5);}');

    expect(css).toBe('@layer tokens{:where(html, .chakra-theme){--chakra-spacing-1\\.5:0.375rem;}}');
  });

  it('keeps statements such as the order of the layers', () => {
    expect(themeCssForPage('@layer reset,base,tokens,recipes;', '')).toBe('@layer reset,base,tokens,recipes;');
  });
});
