/**
 * Helpers of the static build (scripts/build-sites.ts): its command line (`--site`,
 * `--locale`, `--force`), the time each step takes (printed after every build, recorded by
 * `npm run bench -- --build`), and a small pool that runs variants side by side.
 */
import { performance } from 'node:perf_hooks';
import { sites } from '#sites-config';
import { LOCALES } from '#src/lib/locales.ts';

export const BUILD_USAGE = `npm run build [-- --site <id>[,<id>…]] [--locale <code>[,<code>…]] [--force]

  --site     build only these sites' variants (${sites.map((s) => s.id).join(', ')})
  --locale   build only these languages (${LOCALES.join(', ')})
  --force    build even when dist/sites already holds a build of the same sources

Without options: all ${sites.length} sites × ${LOCALES.length} languages. A build whose sources did not change
since the last one is skipped (docs/sites-ci.md).`;

export interface BuildArgs {
  sites: string[];
  locales: string[];
  force: boolean;
  help: boolean;
}

function listOf(value: string | undefined, flag: string, known: readonly string[]): string[] {
  const items = (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (items.length === 0) throw new Error(`${flag} needs a value: one of ${known.join(', ')}`);
  const unknown = items.filter((item) => !known.includes(item));
  if (unknown.length > 0) throw new Error(`${flag}: unknown ${unknown.join(', ')} (known: ${known.join(', ')})`);
  return items;
}

/** Parses `--site a,b --locale de` (also `--site=a`, repeated flags add up). Throws on unknown values. */
export function parseBuildArgs(argv: readonly string[]): BuildArgs {
  const parsed: BuildArgs = { sites: [], locales: [], force: false, help: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    const [flag = '', inline] = arg.split(/=(.*)/s, 2);
    const value = () => (inline !== undefined ? inline : argv[++i]);
    if (flag === '--site' || flag === '--sites')
      parsed.sites.push(
        ...listOf(
          value(),
          '--site',
          sites.map((s) => s.id),
        ),
      );
    else if (flag === '--locale' || flag === '--locales') parsed.locales.push(...listOf(value(), '--locale', LOCALES));
    else if (flag === '--force') parsed.force = true;
    else if (flag === '--help' || flag === '-h') parsed.help = true;
    else throw new Error(`unknown option ${arg}\n\n${BUILD_USAGE}`);
  }
  return parsed;
}

/**
 * Time spent per step. Variants are built side by side, so a step's time is the sum over
 * variants of its own durations (busy time), which can exceed the wall time of the build.
 */
export class StepTimes {
  private readonly busy = new Map<string, number>();

  async time<R>(step: string, work: () => R | Promise<R>): Promise<R> {
    const started = performance.now();
    try {
      return await work();
    } finally {
      this.busy.set(step, (this.busy.get(step) ?? 0) + (performance.now() - started) / 1000);
    }
  }

  /** Seconds per step, in the order the steps first ran. */
  seconds(): Record<string, number> {
    return Object.fromEntries(this.busy);
  }
}

/** Runs `work` on every item, at most `parallel` at once; rejects on the first failure. */
export async function inPool<T>(
  items: readonly T[],
  parallel: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const runner = async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(parallel, items.length) }, runner));
}
