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
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PurgeCSS } from 'purgecss';
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

const cache = new Map<string, string>();

async function purge(css: string, tags: string): Promise<string> {
  const key = createHash('sha1').update(css).update('\0').update(tags).digest('hex');
  const cached = cache.get(key);
  if (cached !== undefined) return cached;
  const [result] = await new PurgeCSS().purge({
    content: [{ raw: `${tags}\n${DYNAMIC_VALUES}`, extension: 'html' }],
    css: [{ raw: protectWhereRules(css) }],
    defaultExtractor: extractor,
    dynamicAttributes: DYNAMIC_ATTRIBUTES,
    safelist: { standard: ['html', 'body'], greedy: [/::backdrop/, /::-webkit-details-marker/] },
    keyframes: true,
    fontFace: true,
  });
  const trimmed = dropUnusedProperties(result?.css ?? css);
  cache.set(key, trimmed);
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
  const tags = tagsOf(html);
  const parts: string[] = [];
  let last = 0;
  for (const match of html.matchAll(/(<style[^>]*>)([\s\S]*?)(<\/style>)/g)) {
    const [whole, open = '', css = '', close = ''] = match;
    parts.push(html.slice(last, match.index), open, await purge(css, tags), close);
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
