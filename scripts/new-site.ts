/**
 * npm run new-site -- --id fetish --brand "Fetish Flirt" [--domain …] [--color …] [--niche …]:
 * adds a site (docs/new-site.md). Writes its entry in sites.config.ts, its niche texts in the
 * eleven catalogues (English, to be translated), its logo, favicon and hero art in
 * sites/<id>/, formats what it edited, and regenerates the GitHub workflows; the build, the
 * e2e shards and the deploy pick the site up from sites.config.ts with no other change.
 * Writes nothing when an option is wrong or taken.
 */
import './lib/runtime.ts';
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { localeDomains, sites } from '#sites-config';
import { LOCALES } from '#src/lib/locales.ts';
import { landerSlug } from '#src/landers/paths.ts';
import {
  NEW_SITE_USAGE,
  NewSiteError,
  addNicheTexts,
  addSiteToConfig,
  faviconSvg,
  logoSvg,
  newSiteProblems,
  newSiteTheme,
  nextNiche,
  nicheTexts,
  parseNewSiteArgs,
  siteEntrySource,
} from './lib/new-site.ts';

const root = resolve(import.meta.dirname, '..');
const bin = (name: string) => join(root, 'node_modules/.bin', name);

function fail(message: string): never {
  console.error(`new-site: ${message}`);
  process.exit(2);
}

let parsed;
try {
  parsed = parseNewSiteArgs(process.argv.slice(2));
} catch (error) {
  fail(`${(error as Error).message}\n\n${NEW_SITE_USAGE}`);
}
if (parsed === 'help') {
  console.log(NEW_SITE_USAGE);
  process.exit(0);
}
const options = parsed;
const problems = newSiteProblems(options, sites);
const assets = join(root, 'sites', options.id);
if (existsSync(assets)) problems.push(`sites/${options.id}/ exists already`);
if (problems.length > 0) fail(`nothing written:\n  ${problems.join('\n  ')}`);

// Everything is computed before the first write, so an error leaves the tree as it was.
const niche = nextNiche(sites);
const configFile = join(root, 'sites.config.ts');
const catalogueFile = (locale: string) => join(root, 'src/i18n/locales', `${locale}.json`);
let config: string;
let catalogues: [string, string][];
try {
  config = addSiteToConfig(readFileSync(configFile, 'utf8'), siteEntrySource(options, niche), niche);
  catalogues = LOCALES.map((locale) => {
    const file = catalogueFile(locale);
    const catalogue = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    return [file, `${JSON.stringify(addNicheTexts(catalogue, options, niche, `${locale}.json`), null, 2)}\n`];
  });
} catch (error) {
  if (error instanceof NewSiteError) fail(`nothing written: ${error.message}`);
  throw error;
}

writeFileSync(configFile, config);
for (const [file, text] of catalogues) writeFileSync(file, text);
mkdirSync(assets, { recursive: true });
const theme = newSiteTheme(options.color);
writeFileSync(join(assets, 'logo.svg'), logoSvg(options.brand, theme));
writeFileSync(join(assets, 'favicon.svg'), faviconSvg(theme));
const homeHero = join(root, 'sites', sites[0]?.id ?? 'default', 'hero.svg');
if (existsSync(homeHero)) copyFileSync(homeHero, join(assets, 'hero.svg'));

const run = (command: string, args: string[]) => spawnSync(command, args, { cwd: root, stdio: 'inherit' }).status;
if (run(bin('prettier'), ['--write', '--log-level', 'warn', 'sites.config.ts']) !== 0)
  fail('Prettier could not format sites.config.ts (see above)');
// Regenerating the workflows loads the edited sites.config.ts: its validation runs here too.
if (run(bin('tsx'), ['scripts/workflows.ts']) !== 0)
  fail('sites.config.ts does not validate with the new site, or the workflows could not be written (see above)');

const domains = localeDomains(options.domain);
const site = { id: options.id, niche };
console.log(`
Added the site ${options.id} (${options.brand}, niche ${niche}):
  sites.config.ts                   its entry (theme, domains, 2257 token statement-2257-${options.id})
  sites/${options.id}/                     logo.svg, favicon.svg, hero.svg
  src/i18n/locales/*.json           ${nicheTexts(options, niche)
    .map(([path]) => path.join('.'))
    .join(', ')} (English in all eleven)
  .github/workflows/                its build, e2e and deploy jobs
  .github/lighthouse/${options.id}.json   its Lighthouse CI pages and budgets

Domains and lander slugs:
${LOCALES.map((l) => `  ${l}  https://${domains[l]}/  /landers/<lander>/${landerSlug(site, l)}`).join('\n')}

Next:
  npx tsx scripts/i18n-todo.ts              lists the texts to translate (npm test fails until they are)
  npm run build -- --site ${options.id} --locale en   builds it; then npm start and open http://${options.id}.localhost:4321/
  npm run test:e2e -- --site ${options.id}          its Playwright shard
  git add sites.config.ts sites/${options.id} src/i18n/locales .github   and commit
See docs/new-site.md for domains and deploying.`);
