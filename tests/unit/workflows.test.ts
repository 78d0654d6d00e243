/**
 * The GitHub Actions workflows (scripts/workflows.ts, docs/sites-ci.md): the committed files
 * are what `npm run workflows` writes from sites.config.ts, every site has its shard job and
 * its deploy job, and the workflow linter accepts them.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { sites } from '#sites-config';
import { deployWorkflow, lintWorkflows, pullRequestWorkflow, workflows } from '../../scripts/workflows.ts';

const dir = resolve(import.meta.dirname, '../../.github/workflows');

describe('GitHub Actions workflows', () => {
  test('the committed workflows are up to date with sites.config.ts (npm run workflows)', () => {
    for (const [file, text] of workflows()) expect(readFileSync(join(dir, file), 'utf8'), file).toBe(text);
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
