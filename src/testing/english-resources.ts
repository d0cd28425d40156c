/** Every English namespace, bundled eagerly so component tests render real strings synchronously. */
const modules = import.meta.glob<Record<string, unknown>>('../../locales/en/*.json', { eager: true, import: 'default' });

export const englishResources: Record<string, Record<string, unknown>> = Object.fromEntries(
  Object.entries(modules).map(([file, messages]) => [file.replace(/^.*\/([^/]+)\.json$/, '$1'), messages]),
);
