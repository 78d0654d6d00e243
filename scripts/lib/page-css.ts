/**
 * Trims the inlined stylesheet of each static page to the rules its own markup can use.
 *
 * Every page inlines the one Tailwind build of global.css, which holds the utilities of all
 * pages (home, nine landers, legal pages...). A page uses a fraction of them, and the first
 * HTML response must stay within 14 KB compressed, so after the build each page without an
 * island gets PurgeCSS over its own tags (text is irrelevant to selectors). Pages with an
 * island keep the whole sheet: React renders markup the HTML does not hold.
 *
 * Kept whatever the markup says: the attributes the inline scripts and the browser set later
 * (visitor hints on <html>, `open` of dialogs and details, `hidden`, `aria-busy`, loaded
 * markers), and everything inside <template> (it is in the HTML, so it counts).
 * Purges are cached by (stylesheet, tag set): pages of the same template in other languages
 * share one run.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ExtractorResultSets, PurgeCSS, defaultOptions, standardizeSafelist, type UserDefinedOptions } from 'purgecss';
import { COUNTRIES } from '#src/lib/locales.ts';

/** Attributes set after the HTML arrives, whose selectors must stay. */
const DYNAMIC_ATTRIBUTES = [
  'data-member',
  'data-app',
  'data-country',
  'data-menu',
  'data-loaded',
  'open',
  'hidden',
  'aria-busy',
  'aria-current',
  'aria-expanded',
];

/**
 * Attribute values the page gets after it arrives, for selectors such as
 * `[hidden]:where(:not([hidden=until-found]))` (preflight), `[data-menu=BE] …` (language
 * menu) and `html[data-country=US] …` (US privacy text, the map lander): PurgeCSS keeps an
 * attribute-value selector only when the value occurs in the content.
 */
const DYNAMIC_VALUES = `<html hidden="until-found" data-country="${COUNTRIES.join(' ')}" data-menu="${COUNTRIES.join(' ')}" data-member="1" data-app="1">`;

/**
 * PurgeCSS drops rules with `:where(` whatever the content (preflight's `[hidden]` rule among
 * them); they are few and generic, so they are kept as they are.
 */
function protectWhereRules(css: string): string {
  return css.replace(/(^|[{}])([^{}@]*:where\([^{}]*)\{/g, '$1/* purgecss ignore */$2{');
}

/** Tailwind class names hold ':', '/', '[', ']', '(', ')', '%', '.', '#', ',' and '!'. */
function extractor(content: string): string[] {
  return content.match(/[^<>"'`\s=]*[^<>"'`\s=:]/g) ?? [];
}

function tagsOf(html: string): string {
  return (html.match(/<[^>]+>/g) ?? []).join('\n');
}

/** The options of every purge (the content aside). */
const OPTIONS = {
  defaultExtractor: extractor,
  dynamicAttributes: DYNAMIC_ATTRIBUTES,
  safelist: { standard: ['html', 'body'], greedy: [/::backdrop/, /::-webkit-details-marker/] },
  keyframes: true,
  fontFace: true,
} satisfies Omit<UserDefinedOptions, 'content' | 'css'>;

/**
 * The questions a purge of `css` can ask about the page's words: the class names, ids, tags,
 * attribute names and values its selectors test (exact), and the attribute values they test
 * by prefix, suffix or part. Found by purging once with a set that answers yes to everything,
 * so every part of every selector is asked (a no only ever stops questions early).
 */
interface Questions {
  exact: Set<string>;
  prefixes: string[];
  suffixes: string[];
  parts: string[];
}

class Recorder extends ExtractorResultSets {
  readonly asked: Questions = { exact: new Set(), prefixes: [], suffixes: [], parts: [] };
  constructor() {
    super([]);
  }
  private yes(name: string): boolean {
    this.asked.exact.add(name);
    return true;
  }
  override hasAttrName(name: string): boolean {
    return this.yes(name);
  }
  override hasAttrValue(value: string): boolean {
    return this.yes(value);
  }
  override hasClass(name: string): boolean {
    return this.yes(name);
  }
  override hasId(id: string): boolean {
    return this.yes(id);
  }
  override hasTag(tag: string): boolean {
    return this.yes(tag);
  }
  override hasAttrPrefix(prefix: string): boolean {
    this.asked.prefixes.push(prefix);
    return true;
  }
  override hasAttrSuffix(suffix: string): boolean {
    this.asked.suffixes.push(suffix);
    return true;
  }
  override hasAttrSubstr(substr: string): boolean {
    this.asked.parts.push(...substr.trim().split(' '));
    return true;
  }
}

function purger(): PurgeCSS {
  const purgeCss = new PurgeCSS();
  // As PurgeCSS.purge() sets them, for getPurgedCSS() with a set of our own.
  purgeCss.options = { ...defaultOptions, ...OPTIONS, safelist: standardizeSafelist(OPTIONS.safelist) };
  return purgeCss;
}

interface Sheet {
  protectedCss: string;
  key: string;
  questions: Promise<Questions & { known: Map<string, boolean> }>;
}

/** Per stylesheet text: its protected form, its key and the questions a purge of it asks. */
const sheets = new Map<string, Sheet>();

function sheetOf(css: string): Sheet {
  let sheet = sheets.get(css);
  if (!sheet) {
    const protectedCss = protectWhereRules(css);
    const recorder = new Recorder();
    sheet = {
      protectedCss,
      key: sha1(RULES_HASH, protectedCss),
      questions: purger()
        .getPurgedCSS([{ raw: protectedCss }], recorder)
        .then(() => ({ ...recorder.asked, known: new Map<string, boolean>() })),
    };
    sheets.set(css, sheet);
  }
  return sheet;
}

/**
 * The page's words a purge of the sheet can see: PurgeCSS keeps or drops a rule only by
 * asking about them, so two pages with the same relevant words get the same result (the
 * eleven languages of a page differ in their texts, not in these). Answers per word are
 * kept with the questions: pages share most of their words.
 */
function relevantWords(words: readonly string[], q: Questions & { known: Map<string, boolean> }): string[] {
  const relevant = new Set<string>();
  for (const word of words) {
    let yes = q.known.get(word);
    if (yes === undefined) {
      yes =
        q.exact.has(word) ||
        q.prefixes.some((p) => word.startsWith(p)) ||
        q.suffixes.some((s) => word.endsWith(s)) ||
        q.parts.some((p) => word.includes(p));
      q.known.set(word, yes);
    }
    if (yes) relevant.add(word);
  }
  return [...relevant].sort();
}

const root = resolve(import.meta.dirname, '../..');
/** Purged sheets across builds, by the hash of (sheet, relevant words, this file). */
const CACHE_DIR = join(root, 'node_modules/.cache/page-css');
/** This file's own text is part of every key: changing the rules above invalidates the cache. */
const RULES_HASH = createHash('sha1')
  .update(readFileSync(import.meta.filename))
  .digest('hex');
const cache = new Map<string, Promise<string>>();
const sha1 = (...parts: string[]) => createHash('sha1').update(parts.join('\0')).digest('hex');

async function purge(css: string, words: readonly string[]): Promise<string> {
  const sheet = sheetOf(css);
  const relevant = relevantWords(words, await sheet.questions);
  const key = sha1(sheet.key, ...relevant);
  let result = cache.get(key);
  if (!result) {
    result = purgeCached(sheet.protectedCss, relevant, key, css);
    cache.set(key, result);
  }
  return result;
}

async function purgeCached(protectedCss: string, words: string[], key: string, css: string): Promise<string> {
  const file = join(CACHE_DIR, `${key}.css`);
  if (existsSync(file)) return readFileSync(file, 'utf8');
  const [result] = await purger().getPurgedCSS([{ raw: protectedCss }], new ExtractorResultSets(words));
  const trimmed = dropUnusedProperties(result?.css ?? css);
  mkdirSync(CACHE_DIR, { recursive: true });
  // Written aside and renamed, so a build running in parallel never reads half a file.
  const partial = `${file}.${process.pid}.tmp`;
  writeFileSync(partial, trimmed);
  renameSync(partial, file);
  return trimmed;
}

/**
 * Tailwind declares every `--tw-*` helper property it may need (`@property` rules and their
 * `initial` values in the `properties` layer); after the purge most are never read. Drops
 * those no remaining rule reads with var().
 */
export function dropUnusedProperties(css: string): string {
  const withoutDeclarations = css
    .replace(/@property\s+--[\w-]+\{[^}]*\}/g, '')
    .replace(/@layer properties\{@supports[^{]*\{[^{]*\{[^}]*\}\}\}/g, '');
  const used = new Set([...withoutDeclarations.matchAll(/var\((--[\w-]+)/g)].map((m) => m[1]));
  return css
    .replace(/@property\s+(--[\w-]+)\{[^}]*\}/g, (rule, name: string) => (used.has(name) ? rule : ''))
    .replace(
      /(@layer properties\{@supports[^{]*\{[^{]*\{)([^}]*)(\}\}\})/g,
      (_, open: string, body: string, close: string) => {
        const kept = body.split(';').filter((decl) => {
          const name = /^\s*(--[\w-]+)\s*:/.exec(decl)?.[1];
          return name === undefined ? decl.trim() !== '' : used.has(name);
        });
        return kept.length > 0 ? `${open}${kept.join(';')}${close}` : '';
      },
    );
}

/** Trims the inline styles of one page's HTML; answers the new HTML (unchanged with an island). */
export async function trimPageCss(html: string): Promise<string> {
  if (html.includes('<astro-island')) return html;
  const words = extractor(`${tagsOf(html)}\n${DYNAMIC_VALUES}`);
  const parts: string[] = [];
  let last = 0;
  for (const match of html.matchAll(/(<style[^>]*>)([\s\S]*?)(<\/style>)/g)) {
    const [whole, open = '', css = '', close = ''] = match;
    parts.push(html.slice(last, match.index), open, await purge(css, words), close);
    last = match.index + whole.length;
  }
  parts.push(html.slice(last));
  return parts.join('');
}

function htmlFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (name === '_astro') return [];
    if (statSync(path).isDirectory()) return htmlFiles(path);
    return name.endsWith('.html') ? [path] : [];
  });
}

/** Trims every static page of a variant root in place; answers the bytes saved. */
export async function trimVariantCss(dir: string): Promise<number> {
  let saved = 0;
  for (const file of htmlFiles(dir)) {
    const html = readFileSync(file, 'utf8');
    const trimmed = await trimPageCss(html);
    if (trimmed !== html) {
      saved += html.length - trimmed.length;
      writeFileSync(file, trimmed);
    }
  }
  return saved;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dir = process.argv[2];
  if (!dir) throw new Error('usage: tsx scripts/lib/page-css.ts <variant root>');
  const saved = await trimVariantCss(dir);
  console.log(`trimmed ${(saved / 1024).toFixed(1)} KB of CSS in ${dir}`);
}
