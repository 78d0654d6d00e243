/**
 * npm run workflows [-- --check]: writes the GitHub Actions workflows of .github/workflows/
 * from sites.config.ts (docs/sites-ci.md), so the per-site matrices follow the sites without
 * a hand-written list:
 *
 * - pull-request.yml: types, lint, formatting, unit, component and integration tests once;
 *   then per site, that site's build, Lighthouse CI with its budgets on the site's lander,
 *   home, pricing and legal pages (.github/lighthouse/<site>.json, scripts/lib/lighthouse-ci.ts)
 *   and its Playwright shard (phone and desktop), with the screenshots, traces and reports
 *   uploaded when one of them fails.
 * - deploy.yml: on main, per site, the site's build and one Cloudflare Pages project per
 *   locale root (dist/sites/<site>/<locale>, its own domain); and once, the API with the staff
 *   origin (dist/sites/_staff, which the API serves): the container image to the GitHub
 *   container registry, then the production host's compose layout restarted on it over SSH.
 *
 * --check writes nothing: it fails when a committed file differs from what this script
 * writes (or one is left over from a removed site), and runs the workflow linter
 * (@action-validator/cli) on every workflow.
 */
import './lib/runtime.ts';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { format, resolveConfig } from 'prettier';
import { sites } from '#sites-config';
import { LOCALES } from '#src/lib/locales.ts';
import { shardBuildSites } from './lib/e2e-shards.ts';
import { LHCI_PACKAGE, lighthouseConfig, lighthouseConfigFile } from './lib/lighthouse-ci.ts';

const root = resolve(import.meta.dirname, '..');
const WORKFLOWS_DIR = '.github/workflows';
/** The Lighthouse CI configuration of each site, beside the workflows. */
const LIGHTHOUSE_DIR = '.github/lighthouse';
const dir = join(root, WORKFLOWS_DIR);
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
        id: build
        run: npm run build -- --site \${{ matrix.build }}
      - name: Size budgets of the built pages
        run: npm exec -- vitest run --project budgets
        if: matrix.site == '${sites[0]?.id ?? 'default'}'
      # Lighthouse and Playwright both run once the build is there, whichever of them fails.
      - name: Lighthouse CI (performance ≥ 98, accessibility 100, page weight per page type)
        id: lighthouse
        if: \${{ !cancelled() && steps.build.outcome == 'success' }}
        env:
          CHROME_PATH: /usr/bin/google-chrome
        run: npm exec --yes -- ${LHCI_PACKAGE} autorun --config=${LIGHTHOUSE_DIR}/\${{ matrix.site }}.json
      - name: Playwright shard (phone and desktop)
        id: e2e
        if: \${{ !cancelled() && steps.build.outcome == 'success' }}
        run: npm run test:e2e -- --site \${{ matrix.site }}
      - name: Lighthouse reports (screenshots, filmstrips, every audit) of failed budgets
        if: \${{ failure() && steps.lighthouse.outcome == 'failure' }}
        uses: actions/upload-artifact@v4
        with:
          name: lighthouse-\${{ matrix.site }}
          path: .lighthouseci/
          retention-days: 14
      - name: Screenshots, traces and reports of a failed shard
        if: \${{ failure() && steps.e2e.outcome == 'failure' }}
        uses: actions/upload-artifact@v4
        with:
          name: e2e-\${{ matrix.site }}
          path: |
            test-results/
            .test-reports/
          retention-days: 14
`;
}

/** Where the production host keeps compose.yaml, deploy/ and its .env (docs/sites-ci.md). */
export const API_HOST_DIR = '/srv/flirt-network';

/**
 * The API and the staff origin (docs/staff.md: the API serves dist/sites/_staff on
 * STAFF_ORIGIN), released together and apart from the sites: the image of the Dockerfile
 * (which builds every root, the staff root with them) to the GitHub container registry under
 * the commit, then on the host of compose.yaml: the reference data's one-shot service, and
 * the two API containers one after the other, each waited for until healthy, so the proxy
 * always has one to send to.
 */
const API_JOB = `  api:
    name: Deploy the API and the staff origin
    runs-on: ubuntu-latest
    timeout-minutes: 45
    environment: production
    permissions:
      contents: read
      packages: write
    steps:
      - uses: actions/checkout@v4
      - name: The image's name (the registry wants it in lower case)
        run: echo "IMAGE=ghcr.io/\${GITHUB_REPOSITORY,,}:\${GITHUB_SHA}" >> "$GITHUB_ENV"
      - uses: docker/login-action@v3
        with:
          registry: ghcr.io
          username: \${{ github.actor }}
          password: \${{ secrets.GITHUB_TOKEN }}
      - name: Build and push the image (the API, every static root and the staff root)
        uses: docker/build-push-action@v6
        with:
          context: .
          push: true
          tags: \${{ env.IMAGE }}
      - name: Roll the production host's compose layout onto the image
        env:
          SSH_KEY: \${{ secrets.API_DEPLOY_SSH_KEY }}
          KNOWN_HOSTS: \${{ secrets.API_DEPLOY_KNOWN_HOSTS }}
          TARGET: \${{ secrets.API_DEPLOY_USER }}@\${{ secrets.API_DEPLOY_HOST }}
        run: |
          install -m 700 -d ~/.ssh
          printf '%s\\n' "$SSH_KEY" > ~/.ssh/deploy
          chmod 600 ~/.ssh/deploy
          printf '%s\\n' "$KNOWN_HOSTS" > ~/.ssh/known_hosts
          scp -i ~/.ssh/deploy -r compose.yaml deploy "$TARGET:${API_HOST_DIR}/"
          ssh -i ~/.ssh/deploy "$TARGET" IMAGE="$IMAGE" sh -eu <<'SH'
          cd ${API_HOST_DIR}
          docker pull "$IMAGE"
          docker tag "$IMAGE" flirt-network:latest
          docker compose run --rm --no-deps migrate
          for api in api-1 api-2; do
            docker compose up -d --no-build --no-deps --wait --wait-timeout 180 "$api"
          done
          SH
`;

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

${API_JOB}`;
}

export function workflows(): Map<string, string> {
  return new Map([
    ['pull-request.yml', pullRequestWorkflow()],
    ['deploy.yml', deployWorkflow()],
  ]);
}

/** Each site's Lighthouse CI configuration (scripts/lib/lighthouse-ci.ts), as Prettier prints JSON. */
export async function lighthouseConfigs(): Promise<Map<string, string>> {
  const options = { ...(await resolveConfig(join(root, 'package.json'))), parser: 'json' };
  const files = new Map<string, string>();
  for (const [index, site] of sites.entries()) {
    files.set(lighthouseConfigFile(site), await format(JSON.stringify(lighthouseConfig(site, index)), options));
  }
  return files;
}

/** Every file this script writes, by its path in the repository. */
export async function generatedFiles(): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  for (const [file, text] of workflows()) files.set(`${WORKFLOWS_DIR}/${file}`, text);
  for (const [file, text] of await lighthouseConfigs()) files.set(`${LIGHTHOUSE_DIR}/${file}`, text);
  return files;
}

/** Files in the generated folders that this script no longer writes (a removed site's). */
export function leftoverFiles(files: ReadonlyMap<string, string>): string[] {
  return [WORKFLOWS_DIR, LIGHTHOUSE_DIR].flatMap((folder) =>
    existsSync(join(root, folder))
      ? readdirSync(join(root, folder), { withFileTypes: true })
          .filter((entry) => entry.isFile())
          .map((entry) => `${folder}/${entry.name}`)
          .filter((path) => !files.has(path))
      : [],
  );
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
  const files = await generatedFiles();
  const stale: string[] = [];
  for (const [file, text] of files) {
    const path = join(root, file);
    const current = existsSync(path) ? readFileSync(path, 'utf8') : null;
    if (current === text) continue;
    if (check) stale.push(file);
    else {
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, text);
      console.log(`wrote ${file}`);
    }
  }
  for (const file of leftoverFiles(files)) {
    if (check) stale.push(`${file} (no site writes it)`);
    else {
      rmSync(join(root, file));
      console.log(`removed ${file}`);
    }
  }
  const failures = lintWorkflows();
  for (const failure of failures) console.error(failure);
  if (stale.length > 0) console.error(`out of date (run npm run workflows): ${stale.join(', ')}`);
  if (stale.length > 0 || failures.length > 0) process.exit(1);
  console.log(`${files.size} files current, ${workflows().size} workflows valid (action-validator)`);
}
