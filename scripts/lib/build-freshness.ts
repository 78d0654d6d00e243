/**
 * Whether the static build is current: dist/sites/build.json records a hash of the build's
 * inputs (the sources it reads, by content, so a checkout or a copy that only touches
 * modification times does not count as a change). `npm start` and `npm run build` skip the
 * build when it matches. Kept apart from build-sites.ts, which switches NODE_ENV to
 * production when imported.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../..');

/** Folders and files the static build reads (the API's own code under src/server excepted). */
const INPUT_DIRS = ['src', 'sites', 'public', 'scripts/lib'];
const INPUT_FILES = [
  'sites.config.ts',
  'astro.config.mjs',
  'package-lock.json',
  'tsconfig.json',
  'scripts/build-sites.ts',
];

/** Hash of the paths and contents of every input of the static build. */
export function buildInputsHash(): string {
  const hash = createHash('sha256');
  const add = (path: string) => hash.update(relative(root, path)).update('\0').update(readFileSync(path)).update('\0');
  const walk = (dir: string) => {
    const entries = readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1));
    for (const entry of entries) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'server' && entry.name !== 'node_modules') walk(path);
      } else if (entry.isFile()) add(path);
    }
  };
  for (const dir of INPUT_DIRS) if (existsSync(join(root, dir))) walk(join(root, dir));
  for (const file of INPUT_FILES) if (existsSync(join(root, file))) add(join(root, file));
  return hash.digest('hex');
}

export interface BuildStamp {
  builtAt: string;
  variants: string[];
  inputs?: string;
}

export function readBuildStamp(sitesDir: string): BuildStamp | null {
  const stamp = join(sitesDir, 'build.json');
  return existsSync(stamp) ? (JSON.parse(readFileSync(stamp, 'utf8')) as BuildStamp) : null;
}

/**
 * True when dist/sites holds a build of every expected variant made from the sources as they
 * are now. A narrowed build (`--site`, BUILD_SITES) counts for the variants it holds only.
 */
export function isBuildCurrent(
  sitesDir: string,
  expectedVariants: readonly string[],
  inputs = buildInputsHash(),
): boolean {
  const stamp = readBuildStamp(sitesDir);
  if (!stamp || stamp.inputs !== inputs) return false;
  return expectedVariants.every((v) => stamp.variants.includes(v));
}
