/**
 * The scaffold behind `npm run new-site` (docs/new-site.md): checks a new site's options
 * against the configured sites, then plans every file it writes:
 *
 * - its entry in sites.config.ts, edited through the TypeScript syntax tree (a `site({...})`
 *   call appended to `rawSites`, its niche number added to the schema's `niche` literal), so
 *   the rest of the file keeps its shape and an unexpected shape is a clear error;
 * - its niche texts (`niche.<n>`, `home.hero.<n>.title` and `.subtitle`) in the eleven
 *   catalogues, English everywhere: scripts/i18n-todo.ts lists them as "still English" per
 *   locale and tests/unit/i18n.test.ts fails naming them until a translator has done them;
 * - its logo, favicon and hero art in sites/<id>/ (sites/README.md), drawn in its colour.
 *
 * The build, the e2e shards and the workflows read sites.config.ts, so nothing else changes.
 */
import ts from 'typescript';
import { localeDomains, type SiteConfig, type Theme } from '#sites-config';
import { contrast } from '#src/styles/theme-tokens.ts';

export const NEW_SITE_USAGE = `Usage: npm run new-site -- --id <id> --brand "<Brand>" [options]

  --id <id>              short id: the output folder and <id>.localhost (a-z, 0-9, '-'; 2-31 characters)
  --brand "<Brand>"      the brand name in the nav, titles and texts (2-40 characters)
  --domain <name>        the domain name without its ending; each language gets its country's
                         ending (<name>.com, <name>.de, …). Default: the brand in lower case.
  --color <#rrggbb>      the primary colour (buttons carry white text on it). Default: #6d28d9
  --niche "<text>"       the English one-line description of the niche (footer, share image, app)
  --hero-title "<text>"  the English headline of the home page
  --hero-subtitle "<text>"  the English line under it
  --help                 this text`;

export class NewSiteError extends Error {}

export interface NewSiteOptions {
  id: string;
  brand: string;
  /** Domain name without its ending (`fetishflirt` → fetishflirt.com, fetishflirt.de, …). */
  domain: string;
  /** Primary colour, #rrggbb. */
  color: string;
  /** English texts, copied to every catalogue for translation. */
  niche: string;
  heroTitle: string;
  heroSubtitle: string;
}

const DEFAULT_COLOR = '#6d28d9';
const ID = /^[a-z][a-z0-9-]{1,30}$/;
const DOMAIN_LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const HEX = /^#[0-9a-f]{6}$/i;
/**
 * Ids taken by something else: the back office's origin (staff.localhost) and its page
 * folder in the build, and the API path.
 */
const RESERVED_IDS = ['staff', 'staff-console', 'api', 'www'];
export function parseNewSiteArgs(argv: readonly string[]): NewSiteOptions | 'help' {
  const values = new Map<string, string>();
  const known = ['id', 'brand', 'domain', 'color', 'niche', 'hero-title', 'hero-subtitle'];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    if (arg === '--help' || arg === '-h') return 'help';
    const match = /^--([a-z-]+)(?:=(.*))?$/s.exec(arg);
    if (!match?.[1] || !known.includes(match[1])) throw new NewSiteError(`unknown argument ${arg}`);
    const value = match[2] ?? argv[++i];
    if (value === undefined) throw new NewSiteError(`--${match[1]} needs a value`);
    values.set(match[1], value.trim());
  }
  const id = values.get('id');
  const brand = values.get('brand');
  if (!id || !brand) throw new NewSiteError('--id and --brand are required');
  return {
    id,
    brand,
    domain: values.get('domain') ?? brand.toLowerCase().replace(/[^a-z0-9]/g, ''),
    color: (values.get('color') ?? DEFAULT_COLOR).toLowerCase(),
    niche: values.get('niche') ?? `${capitalize(id)} dating for adults`,
    heroTitle: values.get('hero-title') ?? `Meet someone new on ${brand}`,
    heroSubtitle:
      values.get('hero-subtitle') ?? 'Adults near you are looking for a chat, a date or more. Discreet and easy.',
  };
}

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1).replace(/-/g, ' ');

/** Every problem with the options, as lines naming the option; empty when they are fine. */
export function newSiteProblems(options: NewSiteOptions, existing: readonly SiteConfig[]): string[] {
  const problems: string[] = [];
  const { id, brand, domain, color } = options;
  if (!ID.test(id))
    problems.push(`--id ${id}: must start with a letter and use only a-z, 0-9 and '-' (2 to 31 characters)`);
  else if (existing.some((site) => site.id === id)) problems.push(`--id ${id}: a site with this id exists already`);
  else if (RESERVED_IDS.includes(id)) problems.push(`--id ${id}: reserved (${RESERVED_IDS.join(', ')})`);
  if (brand.length < 2 || brand.length > 40) problems.push(`--brand: must be 2 to 40 characters`);
  const sameBrand = existing.find((site) => site.brand.toLowerCase() === brand.toLowerCase());
  if (sameBrand) problems.push(`--brand ${brand}: the site ${sameBrand.id} has this brand already`);
  if (!DOMAIN_LABEL.test(domain)) {
    problems.push(`--domain ${domain}: must be a domain name without its ending, a-z, 0-9 and '-' (fetishflirt)`);
  } else {
    for (const owner of existing) {
      const taken = Object.values(localeDomains(domain)).filter((host) => Object.values(owner.domains).includes(host));
      if (taken.length > 0) problems.push(`--domain ${domain}: ${taken.join(', ')} belong to the site ${owner.id}`);
    }
  }
  if (!HEX.test(color)) problems.push(`--color ${color}: must be a #rrggbb colour`);
  else if (contrast(color, '#ffffff') < 4.5)
    problems.push(
      `--color ${color}: white button text on it reaches ${contrast(color, '#ffffff').toFixed(2)}:1, below the 4.5:1 of WCAG AA; pick a darker colour`,
    );
  for (const [option, text] of [
    ['--niche', options.niche],
    ['--hero-title', options.heroTitle],
    ['--hero-subtitle', options.heroSubtitle],
  ] as const) {
    if (text.length < 3 || text.length > 160) problems.push(`${option}: must be 3 to 160 characters`);
  }
  return problems;
}

/** The niche number of the next site: one above the highest in use (SPEC §1 has 1 to 7). */
export function nextNiche(existing: readonly SiteConfig[]): number {
  return Math.max(0, ...existing.map((site) => site.niche)) + 1;
}

/** Mixes two #rrggbb colours; `weight` is the share of `b`. */
function mix(a: string, b: string, weight: number): string {
  const channel = (hex: string, i: number) => parseInt(hex.slice(1 + 2 * i, 3 + 2 * i), 16);
  return `#${[0, 1, 2]
    .map((i) =>
      Math.round(channel(a, i) * (1 - weight) + channel(b, i) * weight)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

/** The theme keys the new entry sets; the rest come from sites.config.ts's base theme. */
export function newSiteTheme(color: string): Partial<Theme> {
  return { primary: color, surfaceAlt: mix(color, '#ffffff', 0.94) };
}

/** The `site({...})` call of the new entry (formatted by Prettier afterwards). */
export function siteEntrySource(options: NewSiteOptions, niche: number): string {
  const q = (text: string) => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
  const theme = Object.entries(newSiteTheme(options.color))
    .map(([key, value]) => `${key}: ${q(value)}`)
    .join(', ');
  return `site({
    id: ${q(options.id)},
    niche: ${niche},
    brand: ${q(options.brand)},
    domainBase: ${q(options.domain)},
    token: ${q(`statement-2257-${options.id}`)},
    theme: { ${theme} },
  })`;
}

/** The nodes of a syntax tree, depth first. */
function* nodes(node: ts.Node): Generator<ts.Node> {
  yield node;
  for (const child of node.getChildren()) yield* nodes(child);
}

/**
 * sites.config.ts with the new entry appended to `rawSites` and its niche number added to
 * the schema's `niche: z.literal([...])`. Edits by position in the syntax tree; throws when
 * the file no longer has either place.
 */
export function addSiteToConfig(source: string, entry: string, niche: number): string {
  const file = ts.createSourceFile('sites.config.ts', source, ts.ScriptTarget.Latest, true);
  let list: ts.ArrayLiteralExpression | undefined;
  let niches: ts.ArrayLiteralExpression | undefined;
  for (const node of nodes(file)) {
    if (
      ts.isVariableDeclaration(node) &&
      ts.isIdentifier(node.name) &&
      node.name.text === 'rawSites' &&
      node.initializer &&
      ts.isArrayLiteralExpression(node.initializer)
    )
      list = node.initializer;
    if (
      ts.isPropertyAssignment(node) &&
      ts.isIdentifier(node.name) &&
      node.name.text === 'niche' &&
      ts.isCallExpression(node.initializer) &&
      node.initializer.expression.getText(file) === 'z.literal' &&
      node.initializer.arguments[0] &&
      ts.isArrayLiteralExpression(node.initializer.arguments[0])
    )
      niches = node.initializer.arguments[0];
  }
  if (!list) throw new NewSiteError('sites.config.ts: found no `export const rawSites = [...]` to add the site to');
  if (!niches) throw new NewSiteError('sites.config.ts: found no `niche: z.literal([...])` in the site schema');
  const listed = niches.elements.map((element) => Number(element.getText(file)));
  if (listed.includes(niche)) throw new NewSiteError(`sites.config.ts: niche ${niche} is listed already`);

  const lastSite = list.elements[list.elements.length - 1];
  const lastNiche = niches.elements[niches.elements.length - 1];
  // After the last site (and its trailing comma, when it has one).
  const siteAt = !lastSite
    ? list.getEnd() - 1
    : list.elements.hasTrailingComma
      ? source.indexOf(',', lastSite.getEnd()) + 1
      : lastSite.getEnd();
  const edits = [
    { at: siteAt, text: `${lastSite && !list.elements.hasTrailingComma ? ',' : ''}\n  ${entry},` },
    lastNiche ? { at: lastNiche.getEnd(), text: `, ${niche}` } : { at: niches.getEnd() - 1, text: String(niche) },
  ];
  return edits
    .sort((a, b) => b.at - a.at)
    .reduce((text, edit) => text.slice(0, edit.at) + edit.text + text.slice(edit.at), source);
}

type Catalogue = Record<string, unknown>;

/** The catalogue paths of a niche's texts with their English values. */
export function nicheTexts(options: NewSiteOptions, niche: number): [string[], string][] {
  return [
    [['niche', String(niche)], options.niche],
    [['home', 'hero', String(niche), 'title'], options.heroTitle],
    [['home', 'hero', String(niche), 'subtitle'], options.heroSubtitle],
  ];
}

/**
 * A catalogue with the niche's texts added (English values: the translator's to-do). Keys
 * are numbers, which JSON objects keep in numeric order, so en.json's order holds everywhere.
 */
export function addNicheTexts(catalogue: Catalogue, options: NewSiteOptions, niche: number, file: string): Catalogue {
  const copy = structuredClone(catalogue);
  for (const [path, value] of nicheTexts(options, niche)) {
    let node: Catalogue = copy;
    for (const key of path.slice(0, -1)) {
      node[key] ??= {};
      const next: unknown = node[key];
      if (typeof next !== 'object' || next === null) throw new NewSiteError(`${file}: ${path.join('.')} is not free`);
      node = next as Catalogue;
    }
    const last = path[path.length - 1] ?? '';
    if (Object.hasOwn(node, last)) throw new NewSiteError(`${file}: ${path.join('.')} exists already`);
    node[last] = value;
  }
  return copy;
}

const xml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot', "'": 'apos' }[c]};`);

/** The symbol: a heart in a speech bubble, with a spark (drawn in a 40 × 40 box). */
function symbol(mark: string, cut: string, spark: string): string {
  return (
    `<path d="M20 3C10.6 3 3 9.7 3 18c0 4.3 2 8.1 5.3 10.8L6.5 37l8.6-4.6c1.6.4 3.2.6 4.9.6 9.4 0 17-6.7 17-15S29.4 3 20 3z" style="fill:${mark}"/>` +
    `<path transform="translate(11.5 8.5) scale(.72)" d="M12 21s-8-4.9-8-11C4 7 6.2 4.8 9 4.8c1.3 0 2.3.6 3 1.5.7-.9 1.7-1.5 3-1.5 2.8 0 5 2.2 5 5.2 0 6.1-8 11-8 11z" style="fill:${cut}"/>` +
    `<circle cx="35.5" cy="5" r="3" style="fill:${spark}"/>`
  );
}

/**
 * The logo: the symbol and the brand as the word mark, its last word in the accent colour
 * (sites/README.md's custom properties). The word mark is text in the system's sans-serif,
 * not outlined paths: docs/new-site.md says how a designer replaces it.
 */
export function logoSvg(brand: string, theme: Partial<Theme>): string {
  const primary = theme.primary ?? DEFAULT_COLOR;
  const words = brand.split(/(?=\s\S+$)/);
  const [head, tail] = words.length > 1 ? [words[0] ?? '', words[1] ?? ''] : [brand, ''];
  const width = 48 + Math.ceil(brand.length * 14.5);
  const mark = `var(--logo-mark,var(--site-primary,${primary}))`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} 40" width="${width}" height="40" role="img" aria-label="${xml(brand)}"><title>${xml(brand)}</title>` +
    symbol(mark, 'var(--logo-cut,#fff)', 'var(--logo-spark,var(--site-secondary,#06b6d4))') +
    `<text x="46" y="29" font-family="'Open Sans',Arial,Helvetica,sans-serif" font-size="24" font-weight="800" letter-spacing="-.5" fill="currentColor">${xml(head)}` +
    (tail ? `<tspan style="fill:var(--logo-accent,var(--site-primary-ink,${primary}))">${xml(tail)}</tspan>` : '') +
    `</text></svg>\n`
  );
}

/** The favicon: the symbol in white on the primary colour (plain hex: browsers render it alone). */
export function faviconSvg(theme: Partial<Theme>): string {
  const primary = theme.primary ?? DEFAULT_COLOR;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="15" fill="${primary}"/><g transform="translate(11 12) scale(1.05)">${symbol('#fff', primary, '#fff')}</g></svg>\n`;
}
