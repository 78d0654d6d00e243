/**
 * The GitHub Actions workflows (scripts/workflows.ts, docs/sites-ci.md): the committed files
 * are what `npm run workflows` writes from sites.config.ts, every site has its shard job, its
 * Lighthouse CI configuration and its deploy job, the API and the staff origin have their
 * deploy job, and the workflow linter accepts them.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parse } from 'yaml';
import { sites } from '#sites-config';
import {
  LANDER_WEIGHT_BUDGETS_KB,
  SCORE_BUDGETS,
  WEIGHT_BUDGETS_KB,
  lighthouseConfig,
  lighthousePages,
} from '../../scripts/lib/lighthouse-ci.ts';
import { indexablePaths } from '../../scripts/lib/variant-extras.ts';
import {
  deployWorkflow,
  generatedFiles,
  leftoverFiles,
  lintWorkflows,
  pullRequestWorkflow,
} from '../../scripts/workflows.ts';

const root = resolve(import.meta.dirname, '../..');

interface Step {
  name?: string;
  id?: string;
  if?: string;
  run?: string;
  uses?: string;
  env?: Record<string, string>;
  with?: Record<string, unknown>;
}
interface Job {
  permissions?: Record<string, string>;
  steps: Step[];
}
const jobsOf = (yaml: string) => (parse(yaml) as { jobs: Record<string, Job> }).jobs;

describe('GitHub Actions workflows', () => {
  test('the committed files are up to date with sites.config.ts (npm run workflows)', async () => {
    const files = await generatedFiles();
    for (const [file, text] of files) {
      expect(existsSync(join(root, file)), file).toBe(true);
      expect(readFileSync(join(root, file), 'utf8'), file).toBe(text);
    }
    expect(leftoverFiles(files)).toEqual([]);
  });

  test('every site has a matrix entry in the pull-request shards and in the deploys', () => {
    for (const site of sites) {
      expect(pullRequestWorkflow()).toContain(`- site: ${site.id}\n`);
      expect(deployWorkflow()).toContain(`- site: ${site.id}\n`);
    }
    expect(pullRequestWorkflow()).toContain('npm run test:e2e -- --site ${{ matrix.site }}');
  });

  test('the workflow linter accepts them', { timeout: 60_000 }, () => {
    expect(lintWorkflows()).toEqual([]);
  });
});

describe('Lighthouse CI in each site job', () => {
  const steps = jobsOf(pullRequestWorkflow())['site']?.steps ?? [];
  const lighthouse = steps.find((s) => s.id === 'lighthouse');

  test('runs @lhci/cli on the matrix site’s configuration once the build is there, even when the shard fails', () => {
    expect(lighthouse?.run).toMatch(/^npm exec --yes -- @lhci\/cli@\d+\.\d+\.\d+ autorun /);
    expect(lighthouse?.run).toContain('--config=.github/lighthouse/${{ matrix.site }}.json');
    expect(lighthouse?.if).toContain("steps.build.outcome == 'success'");
    expect(lighthouse?.env?.['CHROME_PATH']).toBeTruthy();
    const ids = steps.map((s) => s.id);
    expect(ids.indexOf('build')).toBeLessThan(ids.indexOf('lighthouse'));
    expect(steps.find((s) => s.id === 'e2e')?.if).not.toContain('lighthouse');
  });

  test('uploads its reports (with screenshots) when a budget fails', () => {
    const upload = steps.find((s) => s.with?.['name'] === 'lighthouse-${{ matrix.site }}');
    expect(upload?.uses).toMatch(/^actions\/upload-artifact@/);
    expect(upload?.if).toContain("steps.lighthouse.outcome == 'failure'");
    expect(upload?.with?.['path']).toBe('.lighthouseci/');
  });

  test.each(sites.map((site, index) => ({ site, index, id: site.id })))(
    '$id: lander, home, pricing and legal pages of its built root, each with its budgets',
    ({ site, index }) => {
      const { ci } = lighthouseConfig(site, index);
      expect(ci.collect.staticDistDir).toBe(`dist/sites/${site.id}/${site.defaultLocale}`);
      const pages = lighthousePages(site, index);
      expect(pages.map((p) => p.type)).toEqual(['lander', 'home', 'pricing', 'legal']);
      // Pages the site publishes (its sitemap's), at the file LHCI's plain server can answer.
      const published = indexablePaths(site, site.defaultLocale);
      for (const page of pages) expect(published).toContain(page.path.replace(/\.html$/, ''));
      expect(ci.collect.url).toEqual(pages.map((p) => `http://localhost${p.path}`));

      const [scores, ...weights] = ci.assert.assertMatrix;
      expect(scores?.assertions).toEqual({
        'categories:performance': ['error', { minScore: 0.98, aggregationMethod: 'median-run' }],
        'categories:accessibility': ['error', { minScore: 1 }],
      });
      for (const page of pages) {
        const url = `http://localhost:4000${page.path}`;
        const matching = weights.filter((w) => new RegExp(w.matchingUrlPattern).test(url));
        expect(matching, url).toHaveLength(1);
        expect(matching[0]?.assertions['total-byte-weight']).toEqual([
          'error',
          { maxNumericValue: page.weightKb * 1024 },
        ]);
      }
      // The lander's budget is its design's; the other pages' their type's.
      const [lander, ...others] = pages;
      const design = lander?.path.split('/')[2] as keyof typeof LANDER_WEIGHT_BUDGETS_KB;
      expect(lander?.weightKb).toBe(LANDER_WEIGHT_BUDGETS_KB[design]);
      expect(others.map((page) => [page.type, page.weightKb])).toEqual(Object.entries(WEIGHT_BUDGETS_KB));
    },
  );

  test('the score budgets are the issue’s: performance 98 and accessibility 100', () => {
    expect(SCORE_BUDGETS).toEqual({ performance: 0.98, accessibility: 1 });
  });

  test('the sites between them check several lander designs', () => {
    const landers = new Set(sites.map((site, index) => lighthousePages(site, index)[0]?.path.split('/')[2]));
    expect(landers.size).toBe(Math.min(sites.length, sites[0]?.landers.length ?? 0));
  });
});

describe('the deploy of the API and the staff origin', () => {
  const api = jobsOf(deployWorkflow())['api'];
  const steps = api?.steps ?? [];

  test('runs on pushes to main, once, apart from the site jobs', () => {
    const workflow = parse(deployWorkflow()) as { on: { push: { branches: string[] } } };
    expect(workflow.on.push.branches).toEqual(['main']);
    expect(api).toBeDefined();
    expect(api).not.toHaveProperty('strategy');
    expect(api).not.toHaveProperty('needs');
  });

  test('pushes the Dockerfile’s image (the API, which builds and serves dist/sites/_staff) under the commit', () => {
    expect(api?.permissions?.['packages']).toBe('write');
    const build = steps.find((s) => s.uses?.startsWith('docker/build-push-action@'));
    expect(build?.with).toMatchObject({ context: '.', push: true, tags: '${{ env.IMAGE }}' });
    expect(steps.map((s) => s.run ?? '').join('\n')).toContain('IMAGE=ghcr.io/${GITHUB_REPOSITORY,,}:${GITHUB_SHA}');
    expect(readFileSync(join(root, 'Dockerfile'), 'utf8')).toContain('npm run build');
  });

  test('rolls the two API containers of compose.yaml one at a time with the named secrets', () => {
    const roll = steps.at(-1);
    expect(roll?.env).toEqual({
      SSH_KEY: '${{ secrets.API_DEPLOY_SSH_KEY }}',
      KNOWN_HOSTS: '${{ secrets.API_DEPLOY_KNOWN_HOSTS }}',
      TARGET: '${{ secrets.API_DEPLOY_USER }}@${{ secrets.API_DEPLOY_HOST }}',
    });
    expect(roll?.run).toContain('docker compose run --rm --no-deps migrate');
    expect(roll?.run).toMatch(/for api in api-1 api-2; do\s+docker compose up -d --no-build --no-deps --wait/);
    const compose = readFileSync(join(root, 'compose.yaml'), 'utf8');
    for (const service of ['api-1:', 'api-2:', 'migrate:', 'image: flirt-network:latest']) {
      expect(compose).toContain(service);
    }
  });
});
