/**
 * The static build's command line (scripts/lib/build-steps.ts): `--site`/`--locale` lists,
 * the `=` form, `--force` and `--help`, and clear errors for unknown sites, locales and options.
 */
import { describe, expect, it } from 'vitest';
import { inPool, parseBuildArgs } from '../../scripts/lib/build-steps.ts';

describe('npm run build options', () => {
  it('reads sites and locales as lists, in both forms', () => {
    expect(parseBuildArgs(['--site', 'bdsm', '--locale=de,en'])).toEqual({
      sites: ['bdsm'],
      locales: ['de', 'en'],
      force: false,
      help: false,
    });
    expect(parseBuildArgs(['--site=bdsm,gay', '--site', 'she', '--force']).sites).toEqual(['bdsm', 'gay', 'she']);
    expect(parseBuildArgs(['--help']).help).toBe(true);
    expect(parseBuildArgs([])).toEqual({ sites: [], locales: [], force: false, help: false });
  });

  it('refuses unknown sites, locales and options, and a flag without its value', () => {
    expect(() => parseBuildArgs(['--site', 'nope'])).toThrow(/unknown nope/);
    expect(() => parseBuildArgs(['--locale', 'xx'])).toThrow(/unknown xx/);
    expect(() => parseBuildArgs(['--sitez', 'bdsm'])).toThrow(/unknown option --sitez/);
    expect(() => parseBuildArgs(['--site'])).toThrow(/needs a value/);
  });

  it('runs work at most the given number at once, every item once', async () => {
    let running = 0;
    let most = 0;
    const done: number[] = [];
    await inPool([1, 2, 3, 4, 5], 2, async (n) => {
      running++;
      most = Math.max(most, running);
      await new Promise((r) => setTimeout(r, 5));
      done.push(n);
      running--;
    });
    expect(most).toBe(2);
    expect(done.sort()).toEqual([1, 2, 3, 4, 5]);
  });
});
