/**
 * npm run test:e2e [-- --site <id>] [Playwright options and files]: the Playwright suite, or
 * one site's shard of it (scripts/lib/e2e-shards.ts; both the phone and the desktop project).
 * With --site, the server `npm start` starts for the run builds only the variants that
 * shard needs when dist/sites does not hold them yet (docs/sites-ci.md).
 */
import './lib/runtime.ts';
import { spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { assertSite } from './lib/e2e-shards.ts';

const root = resolve(import.meta.dirname, '..');
const rest: string[] = [];
let site: string | undefined;
const argv = process.argv.slice(2);
for (let i = 0; i < argv.length; i++) {
  const arg = argv[i] ?? '';
  if (arg === '--site') site = argv[++i];
  else if (arg.startsWith('--site=')) site = arg.slice('--site='.length);
  else rest.push(arg);
}
if (site !== undefined) {
  try {
    assertSite(site);
  } catch (error) {
    console.error(`test:e2e: ${(error as Error).message}`);
    process.exit(2);
  }
}
const result = spawnSync(join(root, 'node_modules/.bin/playwright'), ['test', ...rest], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, ...(site ? { E2E_SITE: site } : {}) },
});
process.exit(result.status ?? 1);
