/**
 * npm run workflows [-- --check]: writes the GitHub Actions workflows of .github/workflows/
 * from sites.config.ts (docs/sites-ci.md), so the per-site matrices follow the sites without
 * a hand-written list:
 *
 * - pull-request.yml: types, lint, formatting, unit, component and integration tests once;
 *   then per site, that site's build and its Playwright shard (phone and desktop), with the
 *   screenshots, traces and reports uploaded when it fails.
 * - deploy.yml: on main, per site, the site's build and one Cloudflare Pages project per
 *   locale root (dist/sites/<site>/<locale>, its own domain).
 *
 * --check writes nothing: it fails when a committed workflow differs from what this script
 * writes, and runs the workflow linter (@action-validator/cli) on every workflow.
 */
import './lib/runtime.ts';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { sites } from '#sites-config';
import { LOCALES } from '#src/lib/locales.ts';
import { shardBuildSites } from './lib/e2e-shards.ts';

const root = resolve(import.meta.dirname, '..');
const dir = join(root, '.github/workflows');
const HEADER = '# Written by `npm run workflows` from sites.config.ts (scripts/workflows.ts): do not edit by hand.';

/** The steps every job starts with: the code, Node 24 with npm's cache, the dependencies. */
const SETUP = `      - uses: actions/checkout@v4
      - uses: actions/setup-node@v4
        with:
          node-version: 24
          cache: npm
      - run: npm ci`;

/** Encoded images, icons and trimmed stylesheets of earlier builds (content-hashed keys). */
const BUILD_CACHE = `      - name: Build cache (images, icons, trimmed stylesheets)
        uses: actions/cache@v4
        with:
          path: node_modules/.cache
          key: build-\${{ matrix.site }}-\${{ hashFiles('sites/**', 'src/landers/**', 'src/styles/**', 'scripts/lib/**') }}
          restore-keys: build-\${{ matrix.site }}-`;

const quote = (text: string) => `'${text.replace(/'/g, "''")}'`;

export function pullRequestWorkflow(): string {
  const include = sites
    .map((site) => `          - site: ${site.id}\n            build: ${quote(shardBuildSites(site.id).join(','))}`)
    .join('\n');
  return `${HEADER}
name: Pull request

on:
  pull_request:
  workflow_dispatch:

concurrency:
  group: pull-request-\${{ github.ref }}
  cancel-in-progress: true

permissions:
  contents: read

jobs:
  checks:
    name: Types, lint, unit and integration tests
    runs-on: ubuntu-latest
    timeout-minutes: 40
    services:
      redis:
        image: redis:7
        ports:
          - 6379:6379
    env:
      CI: true
      TEST_REDIS_URL: redis://127.0.0.1:6379
      # The runner's Chrome, for the new-site test's journey (tests/integration/new-site.test.ts).
      CHROMIUM_PATH: /usr/bin/google-chrome
    steps:
${SETUP}
      - run: npm run typecheck
      - run: npm run lint
      - run: npm run format:check
      - run: npm run workflows -- --check
      - run: npm exec -- vitest run --project unit --project components --project integration

  site:
    name: Site \${{ matrix.site }}
    runs-on: ubuntu-latest
    timeout-minutes: 60
    strategy:
      fail-fast: false
      matrix:
        include:
${include}
    env:
      CI: true
      # The runner's Chrome; the project's e2e never downloads a browser.
      CHROMIUM_PATH: /usr/bin/google-chrome
    steps:
${SETUP}
${BUILD_CACHE}
      - name: Build the variants the shard visits
        run: npm run build -- --site \${{ matrix.build }}
      - name: Size budgets of the built pages
        run: npm exec -- vitest run --project budgets
        if: matrix.site == '${sites[0]?.id ?? 'default'}'
      - name: Playwright shard (phone and desktop)
        run: npm run test:e2e -- --site \${{ matrix.site }}
      - name: Screenshots, traces and reports of a failed shard
        if: failure()
        uses: actions/upload-artifact@v4
        with:
          name: e2e-\${{ matrix.site }}
          path: |
            test-results/
            .test-reports/
          retention-days: 14
`;
}

export function deployWorkflow(): string {
  const include = sites
    .map((site) => `          - site: ${site.id}\n            locales: ${quote(LOCALES.join(' '))}`)
    .join('\n');
  return `${HEADER}
name: Deploy

on:
  push:
    branches: [main]
  workflow_dispatch:

concurrency:
  group: deploy-\${{ github.ref }}
  cancel-in-progress: false

permissions:
  contents: read
  deployments: write

jobs:
  site:
    name: Deploy \${{ matrix.site }}
    runs-on: ubuntu-latest
    timeout-minutes: 30
    environment: production
    strategy:
      fail-fast: false
      matrix:
        include:
${include}
    steps:
${SETUP}
${BUILD_CACHE}
      - name: Build the site's variants
        run: npm run build -- --site \${{ matrix.site }}
      - name: One Cloudflare Pages project per locale root (<site>-<locale>, on its own domain)
        env:
          CLOUDFLARE_API_TOKEN: \${{ secrets.CLOUDFLARE_API_TOKEN }}
          CLOUDFLARE_ACCOUNT_ID: \${{ secrets.CLOUDFLARE_ACCOUNT_ID }}
          SITE: \${{ matrix.site }}
          LOCALES: \${{ matrix.locales }}
        run: |
          for locale in $LOCALES; do
            npm exec --yes -- wrangler@4 pages deploy "dist/sites/$SITE/$locale" \\
              --project-name "$SITE-$locale" --branch main --commit-dirty=true
          done
`;
}

export function workflows(): Map<string, string> {
  return new Map([
    ['pull-request.yml', pullRequestWorkflow()],
    ['deploy.yml', deployWorkflow()],
  ]);
}

/** Runs the workflow linter on every workflow file; answers the failures. */
export function lintWorkflows(): string[] {
  const failures: string[] = [];
  const files = existsSync(dir) ? readdirSync(dir).filter((f) => /\.ya?ml$/.test(f)) : [];
  for (const file of files) {
    const result = spawnSync(join(root, 'node_modules/.bin/action-validator'), [join(dir, file)], {
      cwd: root,
      encoding: 'utf8',
    });
    if (result.status !== 0) failures.push(`${file}: ${result.stdout}${result.stderr}`.trim());
  }
  return failures;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const check = process.argv.includes('--check');
  const stale: string[] = [];
  for (const [file, text] of workflows()) {
    const path = join(dir, file);
    const current = existsSync(path) ? readFileSync(path, 'utf8') : null;
    if (current === text) continue;
    if (check) stale.push(file);
    else {
      mkdirSync(dir, { recursive: true });
      writeFileSync(path, text);
      console.log(`wrote .github/workflows/${file}`);
    }
  }
  const failures = lintWorkflows();
  for (const failure of failures) console.error(failure);
  if (stale.length > 0) console.error(`out of date (run npm run workflows): ${stale.join(', ')}`);
  if (stale.length > 0 || failures.length > 0) process.exit(1);
  console.log(`${workflows().size} workflows current and valid (action-validator)`);
}
