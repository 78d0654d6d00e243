/**
 * The Chromium journey of the topology rehearsal (scripts/rehearsal.ts starts the hosts, the
 * balancer and the stores, then runs this with REHEARSAL_PORT, the balancer's port, and
 * REHEARSAL_TIMEOUT_MS, what is left of its deadline). One desktop browser, one try.
 */
import { defineConfig } from '@playwright/test';
import { join } from 'node:path';

export default defineConfig({
  testDir: '.',
  testMatch: 'journey.spec.ts',
  outputDir: join(import.meta.dirname, '../../test-results/rehearsal'),
  workers: 1,
  retries: 0,
  forbidOnly: true,
  reporter: [['list']],
  timeout: Number(process.env['REHEARSAL_TIMEOUT_MS'] ?? 120_000),
  // Generous waits: on a busy 2-core machine a members area has taken 20 s to load.
  expect: { timeout: 30_000 },
  use: {
    viewport: { width: 1280, height: 800 },
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});
