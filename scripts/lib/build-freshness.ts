/**
 * Whether the static build is older than its sources (npm start rebuilds then). Kept apart
 * from build-sites.ts, which switches NODE_ENV to production when imported.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../..');

/** Newest modification time of the inputs of the static build, to tell whether dist is stale. */
export function newestSourceMtime(): number {
  let newest = 0;
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'server' && entry.name !== 'node_modules') walk(path);
      } else newest = Math.max(newest, statSync(path).mtimeMs);
    }
  };
  for (const dir of ['src', 'sites', 'public']) if (existsSync(join(root, dir))) walk(join(root, dir));
  for (const file of ['sites.config.ts', 'astro.config.mjs', 'package-lock.json'])
    if (existsSync(join(root, file))) newest = Math.max(newest, statSync(join(root, file)).mtimeMs);
  return newest;
}

/**
 * True when dist/sites holds a build of every variant that is newer than its sources.
 * A narrowed build (BUILD_SITES/BUILD_LOCALES) does not count as complete.
 */
export function isBuildCurrent(sitesDir: string, expectedVariants: readonly string[]): boolean {
  const stamp = join(sitesDir, 'build.json');
  if (!existsSync(stamp)) return false;
  const built = (JSON.parse(readFileSync(stamp, 'utf8')) as { variants?: string[] }).variants ?? [];
  if (expectedVariants.some((v) => !built.includes(v))) return false;
  return statSync(stamp).mtimeMs >= newestSourceMtime();
}
