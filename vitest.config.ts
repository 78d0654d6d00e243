import { defineConfig } from 'vitest/config';

/**
 * Three projects: pure units and stores (node), components (jsdom + Testing Library), and
 * API integration (node, in-process app on PGlite; on PostgreSQL when TEST_DATABASE_URL is
 * set). Integration files share one migrated snapshot per worker (tests/integration/harness.ts).
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          environment: 'node',
          globals: true,
        },
      },
      {
        test: {
          name: 'components',
          include: ['tests/unit/**/*.test.tsx'],
          environment: 'jsdom',
          globals: true,
          setupFiles: ['tests/unit/setup-components.ts'],
        },
      },
      {
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          globals: true,
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // PGlite is one connection per test file; two forks keep the 2-core machine busy.
          pool: 'forks',
          maxWorkers: 2,
          // Its own worker count: run as a group of its own, after units and components.
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          // Reads the built dist/sites: run after `npm run build` (npm test does).
          name: 'budgets',
          include: ['tests/budgets/**/*.test.ts'],
          environment: 'node',
          globals: true,
        },
      },
    ],
  },
});
