/**
 * E2E in Debian's Chromium (/usr/bin/chromium; browsers cannot be downloaded here) against
 * the real `npm start` server on its own port with a throwaway data folder, so the tests see
 * what a newcomer sees. Host names <site>.localhost resolve to loopback in Chromium.
 * E2E_SITE=<id> (set by `npm run test:e2e -- --site <id>`) runs that site's shard only.
 */
import { defineConfig, devices } from '@playwright/test';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { shardBuildSites, shardFilter } from './scripts/lib/e2e-shards.ts';

export const E2E_PORT = Number(process.env['E2E_PORT'] ?? 4391);
const dataDir = join(tmpdir(), `e2e-data-${E2E_PORT}`);
/** One site's shard (`npm run test:e2e -- --site bdsm`, scripts/e2e.ts); unset: the whole suite. */
const shardSite = process.env['E2E_SITE'] || undefined;

const chromium = {
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
};

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: 2,
  retries: process.env['CI'] ? 1 : 0,
  forbidOnly: true,
  ...(shardSite ? shardFilter(shardSite) : {}),
  reporter: [
    ['list'],
    ['json', { outputFile: process.env['PLAYWRIGHT_JSON_OUTPUT_NAME'] ?? '.test-reports/e2e.json' }],
  ],
  // CI runs the server, the build's leftovers and two browsers on two cores: a screen that
  // answers in 1 s on a quiet machine took over 5 s there at times (a confirmation after the
  // sandbox checkout, a reload's saved switches), and a journey of six pages and two mailed
  // links that takes 9 s here took 23 s on desktop and over 30 s on the phone. Speed is
  // measured by npm run bench, not here.
  timeout: process.env['CI'] ? 60_000 : 30_000,
  ...(process.env['CI'] ? { expect: { timeout: 10_000 } } : {}),
  use: {
    launchOptions: chromium,
    trace: 'retain-on-failure',
  },
  projects: [
    { name: 'phone', use: { ...devices['Pixel 7'], launchOptions: chromium } },
    { name: 'desktop', use: { viewport: { width: 1280, height: 800 }, launchOptions: chromium } },
  ],
  webServer: {
    command: `rm -rf ${dataDir} && node --import tsx scripts/start.ts`,
    url: `http://127.0.0.1:${E2E_PORT}/api/interests.php`,
    timeout: 480_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    // TRUST_PROXY: each test sends its own X-Forwarded-For, so per-IP limits meet one
    // visitor per test instead of every test coming from 127.0.0.1.
    env: {
      PORT: String(E2E_PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_MEMBERS: '400',
      NODE_ENV: 'development',
      TRUST_PROXY: '1',
      // A shard's server builds (when needed) only the variants its tests visit.
      ...(shardSite ? { BUILD_SITES: shardBuildSites(shardSite).join(',') } : {}),
    },
  },
});
