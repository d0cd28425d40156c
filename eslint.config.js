// Flat config: typescript-eslint's recommended rules everywhere, React hooks rules for the app, kebab-case file
// and folder names, and the architecture's import rules: only src/lib/jotai.ts imports `jotai`; features never
// import each other nor src/app (the app composes features); shared code (src/components, src/lib) imports neither.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import checkFile from 'eslint-plugin-check-file';
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

const appPattern = {
  group: ['@/app', '@/app/**', '**/src/app/**', '../../app/**', '../../../app/**'],
  message: 'src/app composes the features; what a feature or shared code needs from it belongs in src/lib or src/components.',
};

const featuresPattern = {
  group: ['@/features/**', '**/features/**'],
  message: 'Shared code (src/components, src/lib) does not import features: pass what it needs in, or move it here.',
};

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
      'no-restricted-imports': ['error', { paths: [jotaiRestriction], patterns: [...otherFeaturePatterns(feature), appPattern] }],
    },
  })),
  {
    files: ['src/lib/**/*.{ts,tsx}', 'src/components/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { paths: [jotaiRestriction], patterns: [featuresPattern, appPattern] }],
    },
  },
  {
    files: ['src/lib/jotai.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [featuresPattern, appPattern] }] },
  },
  {
    // kebab-case names (`room-form-page.tsx`, `room-form-page.test.tsx`); the folders of src/ too.
    files: ['src/**/*.{ts,tsx}', 'tests/**/*.ts', 'local-stack/**/*.ts', 'build/**/*.ts', 'scripts/**/*.ts', 'supabase/functions/**/*.ts', 'locales/**/*.ts'],
    plugins: { 'check-file': checkFile },
    rules: {
      'check-file/filename-naming-convention': ['error', { '**/*.{ts,tsx}': 'KEBAB_CASE' }, { ignoreMiddleExtensions: true }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'check-file': checkFile },
    rules: {
      'check-file/folder-naming-convention': ['error', { 'src/**/': 'KEBAB_CASE' }],
    },
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
