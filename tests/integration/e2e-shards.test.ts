/**
 * The per-site shards of the Playwright suite (scripts/lib/e2e-shards.ts, docs/sites-ci.md):
 * the seven shards together list exactly the tests of the full suite, and each lists tests in
 * both projects. Compares `playwright test --list` of the full run with those of
 * `E2E_SITE=<id>` runs.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { sites } from '#sites-config';
import { HOME_SITE, namesSite } from '../../scripts/lib/e2e-shards.ts';

const root = resolve(import.meta.dirname, '../..');
const run = promisify(execFile);

/**
 * The tests of `playwright test --list` ("[phone] › file › … › title"; the line and column
 * left out: what is compared is which tests run, and a fresh clone's CI once listed a spec's
 * tests at the lines of an older version of it in one of the three listings run side by side).
 * Each listing compiles the specs in a transform cache of its own.
 */
async function listTests(site?: string): Promise<string[]> {
  const cache = mkdtempSync(join(tmpdir(), 'e2e-shards-'));
  const env: NodeJS.ProcessEnv = { ...process.env, E2E_SITE: site ?? '', PLAYWRIGHT_TRANSFORM_CACHE_DIR: cache };
  const { stdout } = await run(join(root, 'node_modules/.bin/playwright'), ['test', '--list', '--reporter=list'], {
    cwd: root,
    env,
    maxBuffer: 16 * 1024 * 1024,
  });
  rmSync(cache, { recursive: true, force: true });
  return stdout
    .split('\n')
    .filter((line) => /^\s+\[\w+\] › /.test(line))
    .map((line) => line.replace(/^(\s+\[\w+\] › [^ ]+?):\d+:\d+ › /, '$1 › '));
}

/** Whether a listed test is in a site's shard, as scripts/lib/e2e-shards.ts means it. */
function inShard(line: string, siteId: string): boolean {
  if (siteId !== HOME_SITE) return namesSite(siteId).test(line);
  return !sites.some((s) => s.id !== HOME_SITE && namesSite(s.id).test(line));
}

describe('e2e shards per site', () => {
  test(
    'the shards of the seven sites together list the same tests as the full suite',
    { timeout: 300_000 },
    async () => {
      // Each listing loads every spec: Playwright's own listing of two shards (the home site's
      // and another) checks the rule above, which then gives the other five.
      const other = sites.find((s) => s.id === 'bdsm') ?? sites.find((s) => s.id !== HOME_SITE);
      const [full, home, second] = await Promise.all([listTests(), listTests(HOME_SITE), listTests(other?.id)]);
      expect(full.length).toBeGreaterThan(0);
      expect(home).toEqual(full.filter((line) => inShard(line, HOME_SITE)));
      if (other) expect(second).toEqual(full.filter((line) => inShard(line, other.id)));

      const shards = new Map(sites.map((site) => [site.id, full.filter((line) => inShard(line, site.id))]));
      expect(new Set([...shards.values()].flat())).toEqual(new Set(full));
      for (const [site, shard] of shards) {
        // Every shard runs tests, in both projects.
        expect(
          shard.some((line) => line.includes('[phone]')),
          site,
        ).toBe(true);
        expect(
          shard.some((line) => line.includes('[desktop]')),
          site,
        ).toBe(true);
      }
    },
  );
});
