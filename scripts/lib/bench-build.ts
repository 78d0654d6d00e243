/**
 * Build-strategy measurement for `npm run bench -- --builds` (docs/decisions.md): one Astro
 * build emitting all variants, versus one build per variant (sequential in one process, and
 * separate processes), the latter two measured on a sample and extrapolated to 77.
 */
process.env['NODE_ENV'] = 'production';

import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';

const root = resolve(import.meta.dirname, '../..');
const SAMPLE = [
  ['default', 'en'],
  ['bdsm', 'de'],
  ['gay', 'nl'],
] as const;

export interface BuildTimings {
  variants: number;
  oneBuildSeconds: number;
  perVariantInProcessSeconds: number;
  perVariantProcessSeconds: number;
}

function timeChild(args: string[], env: Record<string, string>): number {
  const started = performance.now();
  const result = spawnSync(process.execPath, args, { cwd: root, env: { ...process.env, ...env }, stdio: 'ignore' });
  if (result.status !== 0) throw new Error(`bench: ${args.join(' ')} failed`);
  return (performance.now() - started) / 1000;
}

export function measureBuilds(totalVariants: number): BuildTimings {
  const oneBuildSeconds = timeChild(['--import', 'tsx', 'scripts/build-sites.ts'], {});
  // Sequential build() calls in one process, each for one variant, after a warm-up build.
  const out = mkdtempSync(join(tmpdir(), 'bench-build-'));
  const inProcess = timeChild(['--import', 'tsx', 'scripts/lib/bench-build.ts', '--in-process', out], {});
  const perVariantInProcessSeconds = inProcess / SAMPLE.length;
  let processes = 0;
  for (const [site, locale] of SAMPLE) {
    processes += timeChild(
      [join(root, 'node_modules/.bin/astro'), 'build', '--outDir', join(out, 'p', site, locale), '--silent'],
      {
        BUILD_SITES: site,
        BUILD_LOCALES: locale,
        NODE_ENV: 'production',
      },
    );
  }
  rmSync(out, { recursive: true, force: true });
  return {
    variants: totalVariants,
    oneBuildSeconds,
    perVariantInProcessSeconds: perVariantInProcessSeconds,
    perVariantProcessSeconds: processes / SAMPLE.length,
  };
}

async function inProcess(out: string): Promise<void> {
  const { build } = await import('astro');
  for (const [site, locale] of SAMPLE) {
    process.env['BUILD_SITES'] = site;
    process.env['BUILD_LOCALES'] = locale;
    await build({ root, outDir: join(out, site, locale), logLevel: 'silent' });
  }
}

if (process.argv[2] === '--in-process') await inProcess(process.argv[3] ?? tmpdir());
