// Flat config: typescript-eslint's recommended rules everywhere, React hooks rules for the app, and
// two architecture rules: only src/lib/jotai.ts imports `jotai`, and features never import each other
// (shared code lives in src/components and src/lib).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';

const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const jotaiRestriction = {
  name: 'jotai',
  message: "Import atoms and hooks from '@/lib/jotai' (one store for the whole app).",
};

const otherFeaturePatterns = (feature) =>
  features
    .filter((other) => other !== feature)
    .map((other) => ({
      group: [`@/features/${other}`, `@/features/${other}/**`, `**/features/${other}/**`, `../${other}/**`, `../../${other}/**`, `../../../${other}/**`],
      message: `Features do not import each other: move what ${feature} needs from ${other} into src/components or src/lib.`,
    }));

export default tseslint.config(
  {
    ignores: ['dist/**', 'dev-dist/**', 'node_modules/**', '.local-stack/**', 'test-results/**', 'coverage/**', 'src/types/database.ts'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs['recommended-latest'].rules,
      'no-restricted-imports': ['error', { paths: [jotaiRestriction] }],
    },
  },
  ...features.map((feature) => ({
    files: [`src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': ['error', { paths: [jotaiRestriction], patterns: otherFeaturePatterns(feature) }],
    },
  })),
  {
    files: ['src/lib/jotai.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['*.{js,ts}', 'build/**/*.ts', 'local-stack/**/*.{ts,js}', 'tests/**/*.ts', 'locales/**/*.ts', 'supabase/**/*.ts'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['supabase/functions/**/*.ts'],
    languageOptions: { globals: { ...globals.node, Deno: 'readonly' } },
  },
);
