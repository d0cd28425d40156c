/**
 * Test projects. `npm test` (tests/run-all.ts) runs all of them; each `test:*` script runs one.
 * - unit: components and pure logic next to the code (jsdom)
 * - db: SQL behaviour against a real PostgreSQL (embedded, or DATABASE_URL)
 * - stack: supabase-js on Node against the local stack's gateway
 * - functions: Edge Function modules under Node (Deno-specific checks run with `deno check`/`deno test`)
 * - e2e: Playwright (playwright-core) driving Debian's Chromium against the stack and a production build
 * - security: attacks on the stack and the production build
 * - fuzz: the stack's request parsing fuzzed (fast-check)
 * - faults: the stack's children killed under load
 */
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import path from 'node:path';
import { demoGuideQrDefine } from './build/demo-guide-qr.ts';

const alias = { '@': path.resolve(import.meta.dirname, 'src'), '@locales': path.resolve(import.meta.dirname, 'locales') };

export default defineConfig({
  test: {
    projects: [
      {
        plugins: [react()],
        resolve: { alias },
        define: demoGuideQrDefine(process.env.VITE_SITE_URL),
        test: {
          name: 'unit',
          environment: 'jsdom',
          globals: true,
          include: ['src/**/*.test.{ts,tsx}', 'locales/**/*.test.ts', 'local-stack/**/*.test.ts', 'build/**/*.test.ts'],
          setupFiles: ['src/testing/setup-tests.ts'],
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'db',
          environment: 'node',
          include: ['tests/db/**/*.test.ts'],
          globalSetup: ['tests/setup/database.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'stack',
          environment: 'node',
          include: ['tests/stack/**/*.test.ts'],
          globalSetup: ['tests/setup/stack.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'functions',
          environment: 'node',
          include: ['supabase/functions/**/*.test.ts'],
          testTimeout: 30_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/setup/e2e.ts'],
          fileParallelism: false,
          testTimeout: 120_000,
          hookTimeout: 300_000,
          // A poll waits for a state the page reaches after a network round trip (a refetch after a save); on a busy
          // two-core machine that takes longer than expect.poll's default 1 s. Polls still end as soon as it holds.
          expect: { poll: { timeout: 15_000 } },
        },
      },
      {
        resolve: { alias },
        test: {
          // Fuzzes the stack's request parsing, on a stack of its own that nothing has crashed.
          name: 'fuzz',
          environment: 'node',
          include: ['tests/fuzz/**/*.test.ts'],
          globalSetup: ['tests/setup/stack.ts'],
          fileParallelism: false,
          testTimeout: 180_000,
          hookTimeout: 300_000,
        },
      },
      {
        resolve: { alias },
        test: {
          // Kills the stack's children under load: its own stack and build (tests/setup/faults.ts).
          name: 'faults',
          environment: 'node',
          include: ['tests/faults/**/*.test.ts'],
          globalSetup: ['tests/setup/faults.ts'],
          fileParallelism: false,
          testTimeout: 180_000,
          hookTimeout: 300_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'security',
          environment: 'node',
          include: ['tests/security/**/*.test.ts'],
          globalSetup: ['tests/setup/e2e.ts'],
          fileParallelism: false,
          testTimeout: 120_000,
          hookTimeout: 300_000,
        },
      },
    ],
  },
});
