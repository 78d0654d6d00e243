/**
 * The scaffold of `npm run new-site` (scripts/lib/new-site.ts): its refusals name the option
 * and the site it clashes with, its edit of sites.config.ts goes through the syntax tree, and
 * its niche texts land in numeric key order. tests/integration/new-site.test.ts runs the
 * whole command on a copy of the repository.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { sites } from '#sites-config';
import { catalogues } from '#src/i18n/index.ts';
import {
  NewSiteError,
  addNicheTexts,
  addSiteToConfig,
  logoSvg,
  newSiteProblems,
  nextNiche,
  parseNewSiteArgs,
  siteEntrySource,
  type NewSiteOptions,
} from '../../scripts/lib/new-site.ts';

const config = readFileSync(join(import.meta.dirname, '../../sites.config.ts'), 'utf8');

function options(argv: string[]): NewSiteOptions {
  const parsed = parseNewSiteArgs(argv);
  if (parsed === 'help') throw new Error('help');
  return parsed;
}

const fetish = options(['--id', 'fetish', '--brand', 'Fetish Flirt', '--niche', 'Fetish, latex and leather']);

describe('new-site options', () => {
  it('default the domain to the brand and keep the given texts', () => {
    expect(fetish).toMatchObject({ id: 'fetish', domain: 'fetishflirt', niche: 'Fetish, latex and leather' });
    expect(newSiteProblems(fetish, sites)).toEqual([]);
    expect(parseNewSiteArgs(['--help'])).toBe('help');
  });

  it('refuse a missing brand or an unknown argument', () => {
    expect(() => parseNewSiteArgs(['--id', 'fetish'])).toThrow(/--id and --brand are required/);
    expect(() => parseNewSiteArgs(['--id', 'x', '--brand', 'X', '--colour', '#000000'])).toThrow(
      /unknown argument --colour/,
    );
  });

  it('name every clash with an existing site and every bad value', () => {
    const problems = newSiteProblems(
      options(['--id', 'bdsm', '--brand', 'kinkbound', '--domain', 'kinkbound', '--color', '#f0e0ff']),
      sites,
    );
    expect(problems).toEqual([
      '--id bdsm: a site with this id exists already',
      '--brand kinkbound: the site bdsm has this brand already',
      expect.stringMatching(/^--domain kinkbound: kinkbound\.dk, kinkbound\.de, .* belong to the site bdsm$/),
      expect.stringMatching(/^--color #f0e0ff: white button text on it reaches 1\.\d+:1/),
    ]);
    expect(newSiteProblems(options(['--id', '9lives', '--brand', 'Nine', '--domain', 'Nine.com']), sites)).toEqual([
      expect.stringMatching(/^--id 9lives: must start with a letter/),
      expect.stringMatching(/^--domain Nine\.com: must be a domain name without its ending/),
    ]);
    expect(newSiteProblems(options(['--id', 'staff', '--brand', 'Staff Flirt']), sites)).toEqual([
      expect.stringMatching(/^--id staff: reserved/),
    ]);
  });
});

describe('the sites.config.ts edit', () => {
  const niche = nextNiche(sites);
  const edited = addSiteToConfig(config, siteEntrySource(fetish, niche), niche);
  const file = ts.createSourceFile('sites.config.ts', edited, ts.ScriptTarget.Latest, true);

  it('appends the site to rawSites and its niche to the schema, leaving the rest as it was', () => {
    expect(niche).toBe(Math.max(...sites.map((s) => s.niche)) + 1);
    const diagnostics = (file as unknown as { parseDiagnostics: unknown[] }).parseDiagnostics;
    expect(diagnostics).toEqual([]);
    expect(edited).toContain(`niche: z.literal([${[...sites.map((s) => s.niche), niche].join(', ')}])`);
    expect(edited.replace(`, ${niche}])`, '])').replace(/\n {2}site\(\{\n {4}id: 'fetish',[\s\S]*?\}\),/, '')).toBe(
      config,
    );
    expect(edited).toMatch(/\n {2}site\(\{\n {4}id: 'fetish',\n {4}niche: \d+,\n {4}brand: 'Fetish Flirt',/);
  });

  it('refuses a file without the places it edits', () => {
    expect(() => addSiteToConfig('export const other = [];', 'site({})', 8)).toThrow(NewSiteError);
    expect(() => addSiteToConfig(edited, siteEntrySource(fetish, niche), niche)).toThrow(/niche \d+ is listed/);
  });
});

describe('niche texts and assets', () => {
  it('add the three texts under the new niche number, in numeric order, and refuse to overwrite', () => {
    const added = addNicheTexts(catalogues.de, fetish, 8, 'de.json') as {
      niche: Record<string, string>;
      home: { hero: Record<string, { title: string }> };
    };
    expect(Object.keys(added.niche)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8']);
    expect(added.niche['8']).toBe('Fetish, latex and leather');
    expect(added.home.hero['8']?.title).toBe(fetish.heroTitle);
    expect(() => addNicheTexts(added, fetish, 8, 'de.json')).toThrow(/de\.json: niche\.8 exists already/);
  });

  it('escape the brand in the logo', () => {
    expect(logoSvg('Tom & Jerry', { primary: '#5b21b6' })).toContain('aria-label="Tom &amp; Jerry"');
  });
});
