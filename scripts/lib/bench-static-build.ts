/**
 * `npm run bench -- --build`: the static build as developers and CI meet it, with the time of
 * each step (scripts/build-sites.ts), written as its own section of docs/benchmarks.md, which
 * the other runs keep. Each build is its own process (`npm run build`), as in `npm start`:
 *
 * - the full build of all variants, median of three, with the content caches of earlier
 *   builds (node_modules/.cache: lander images, share images, icons, trimmed stylesheets);
 * - the same after a change to the styles: the trimmed-stylesheet cache emptied first;
 * - an unchanged rebuild: `npm run build` again with nothing changed (skipped by the inputs hash).
 */
import { spawnSync } from 'node:child_process';
import { cpus, loadavg, tmpdir } from 'node:os';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';

const root = resolve(import.meta.dirname, '../..');
export const BUILD_HEADING = '## Static build';

interface BuildRun {
  variants: number;
  seconds: number;
  skipped: boolean;
  steps: Record<string, number>;
}

function runBuild(args: string[]): BuildRun & { wall: number } {
  const out = join(mkdtempSync(join(tmpdir(), 'bench-static-build-')), 'result.json');
  const started = performance.now();
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build-sites.ts', ...args], {
    cwd: root,
    env: { ...process.env, BUILD_RESULT_FILE: out },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const wall = (performance.now() - started) / 1000;
  if (result.status !== 0) throw new Error(`bench: npm run build ${args.join(' ')} failed`);
  const run = JSON.parse(readFileSync(out, 'utf8')) as BuildRun;
  rmSync(join(out, '..'), { recursive: true, force: true });
  return { ...run, wall };
}

const median = <T>(runs: T[], by: (run: T) => number): T =>
  [...runs].sort((a, b) => by(a) - by(b))[Math.floor(runs.length / 2)] as T;

export function runStaticBuildBench(): string[][] {
  const rows: string[][] = [];
  const full = [0, 1, 2].map(() => runBuild(['--force']));
  const mid = median(full, (r) => r.wall);
  const all = full.map((r) => `${r.wall.toFixed(1)} s`).join(', ');
  rows.push([
    `full build, ${mid.variants} variants, content caches warm (median of 3)`,
    `${mid.wall.toFixed(1)} s`,
    all,
  ]);
  for (const [step, seconds] of Object.entries(mid.steps)) {
    rows.push([`  step: ${step}`, `${seconds.toFixed(1)} s`, '']);
  }
  rmSync(join(root, 'node_modules/.cache/page-css'), { recursive: true, force: true });
  const styles = runBuild(['--force']);
  rows.push([
    'full build after a change to the styles (trimmed-stylesheet cache empty)',
    `${styles.wall.toFixed(1)} s`,
    `page css ${(styles.steps['page css'] ?? 0).toFixed(1)} s`,
  ]);
  const unchanged = runBuild([]);
  if (!unchanged.skipped) throw new Error('bench: the unchanged rebuild was not skipped');
  rows.push(['unchanged rebuild (`npm run build` again, inputs hash equal)', `${unchanged.wall.toFixed(1)} s`, '']);
  return rows;
}

export function staticBuildTable(rows: string[][]): string {
  const header = ['measurement', 'seconds', 'runs / note'];
  return [header, header.map(() => '---'), ...rows].map((r) => `| ${r.join(' | ')} |`).join('\n');
}

/** The build section of docs/benchmarks.md ('' when it has none): from its heading to the next. */
export function staticBuildSectionOf(doc: string): string {
  const start = doc.indexOf(`\n${BUILD_HEADING}\n`);
  if (start < 0) return '';
  const next = doc.indexOf('\n## ', start + 1);
  return doc.slice(start + 1, next < 0 ? undefined : next).trimEnd();
}

/** Writes the rows as the build section of the document (replaced in place, or added last). */
export function writeStaticBuildSection(docPath: string, rows: string[][], loadAverage = loadavg()[0] ?? 0): void {
  const doc = existsSync(docPath) ? readFileSync(docPath, 'utf8') : '# Benchmarks\n';
  const text = `${BUILD_HEADING}

Written by \`npm run bench -- --build\` (scripts/lib/bench-static-build.ts) on ${new Date().toISOString().slice(0, 10)}, ${cpus().length} cores,
Node ${process.version}, load average ${loadAverage.toFixed(1)} when it began (the machine is shared: compare rows of one run).
Each build is its own process, as \`npm start\` and CI run it. Step times are busy times summed over
variants; the steps after Astro run for two variants at a time, so they add up to more than the wall time.
What is cached and how the inputs hash works: docs/sites-ci.md.

${staticBuildTable(rows)}
`;
  const section = staticBuildSectionOf(doc);
  const next = section ? doc.slice(doc.indexOf(section) + section.length).trim() : '';
  const before = section ? doc.slice(0, doc.indexOf(section)).trimEnd() : doc.trimEnd();
  writeFileSync(docPath, `${before}\n\n${text}${next ? `\n${next}\n` : ''}`);
}
