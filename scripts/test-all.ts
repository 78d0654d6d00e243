/**
 * npm test: everything, in the order a failure is cheapest to find. Types (astro check +
 * tsc), lint (zero warnings), formatting, unit/component/integration tests (Vitest), the
 * full static build, size budgets of the built pages, and the Playwright e2e matrix
 * against `npm start`'s server. Prints each step's time and a closing 'N passed, N failed'.
 * `npm test -- --skip-build` reuses an existing dist/ (quick local reruns).
 */
import './lib/runtime.ts';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';

const root = resolve(import.meta.dirname, '..');
// Not test-results/: Playwright empties that folder when it starts.
const reports = join(root, '.test-reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });
const args = new Set(process.argv.slice(2));
const bin = (name: string) => join(root, 'node_modules/.bin', name);

interface Step {
  name: string;
  command: string;
  args: string[];
  env?: Record<string, string>;
  skip?: boolean;
}

const steps: Step[] = [
  { name: 'types (astro check)', command: bin('astro'), args: ['check', '--minimumSeverity', 'warning'] },
  { name: 'types (tsc)', command: bin('tsc'), args: ['--noEmit', '-p', 'tsconfig.json'] },
  { name: 'lint', command: bin('eslint'), args: ['--max-warnings', '0', '.'] },
  // The GitHub Actions workflows: current with sites.config.ts, and valid (action-validator).
  { name: 'workflows', command: bin('tsx'), args: ['scripts/workflows.ts', '--check'] },
  { name: 'format', command: bin('prettier'), args: ['--check', '--log-level', 'warn', '.'] },
  {
    name: 'unit, components, integration',
    command: bin('vitest'),
    args: [
      'run',
      '--project',
      'unit',
      '--project',
      'components',
      '--project',
      'integration',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${join(reports, 'vitest.json')}`,
    ],
  },
  {
    name: 'build (7 sites × 11 locales)',
    command: bin('tsx'),
    args: ['scripts/build-sites.ts'],
    skip: args.has('--skip-build') && existsSync(join(root, 'dist/sites/build.json')),
  },
  {
    name: 'size budgets',
    command: bin('vitest'),
    args: [
      'run',
      '--project',
      'budgets',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${join(reports, 'budgets.json')}`,
    ],
  },
  {
    name: 'e2e (Playwright, Chromium)',
    command: bin('playwright'),
    args: ['test'],
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: join(reports, 'e2e.json') },
  },
];

const timings: string[] = [];
let failed: string | null = null;
for (const step of steps) {
  if (step.skip) {
    timings.push(`  ${step.name.padEnd(34)} skipped`);
    continue;
  }
  console.log(`\n▶ ${step.name}`);
  const started = performance.now();
  const result = spawnSync(step.command, step.args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...step.env },
  });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  timings.push(`  ${step.name.padEnd(34)} ${seconds.padStart(6)} s  ${result.status === 0 ? 'ok' : 'FAILED'}`);
  if (result.status !== 0) {
    failed = step.name;
    break;
  }
}

function count(file: string, read: (json: Record<string, unknown>) => [number, number]): [number, number] {
  const path = join(reports, file);
  if (!existsSync(path)) return [0, 0];
  try {
    return read(JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>);
  } catch {
    return [0, 0];
  }
}
const vitest = (j: Record<string, unknown>): [number, number] => [
  Number(j['numPassedTests'] ?? 0),
  Number(j['numFailedTests'] ?? 0),
];
const [vp, vf] = count('vitest.json', vitest);
const [bp, bf] = count('budgets.json', vitest);
const [ep, ef] = count('e2e.json', (j) => {
  const stats = j['stats'] as { expected?: number; unexpected?: number; flaky?: number } | undefined;
  return [(stats?.expected ?? 0) + (stats?.flaky ?? 0), stats?.unexpected ?? 0];
});

console.log(`\nSteps:\n${timings.join('\n')}`);
if (failed) console.log(`\nFailed at: ${failed}`);
const passed = vp + bp + ep;
const failures = vf + bf + ef + (failed && vf + bf + ef === 0 ? 1 : 0);
console.log(`\n${passed} passed, ${failures} failed`);
process.exit(failed ? 1 : 0);
