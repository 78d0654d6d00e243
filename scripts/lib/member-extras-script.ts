/**
 * The members' extras of static pages in each variant root (src/lib/member-extras.ts):
 *
 * - member-extras.js: imports the extras' entry, the script the client build made of
 *   src/pages/member-extras.astro (`takeExtrasPage` reads it and drops the page);
 * - member-extras.json: the variant's locale and the texts the extras use;
 * - member-extras.css: that page's stylesheets, whole: the site-wide sheet and the islands'
 *   (static pages keep only the rules of their own markup, scripts/lib/page-css.ts, and React
 *   renders markup they do not hold).
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { catalogues, pickNamespaces } from '#src/i18n/index.ts';
import type { Locale } from '#src/lib/locales.ts';
import {
  MEMBER_EXTRAS_NAMESPACES,
  MEMBER_EXTRAS_OPTIONS,
  MEMBER_EXTRAS_SCRIPT,
  MEMBER_EXTRAS_STYLESHEET,
  type MemberExtrasOptions,
} from '#src/lib/member-extras.ts';

/** The build-only page of src/pages/member-extras.astro, in the Astro output. */
const EXTRAS_PAGE = 'member-extras.html';

export interface ExtrasPage {
  /** The URL of the extras' entry script. */
  entry: string;
  /** The page's inlined stylesheets. */
  css: string;
}

/** The entry and the sheets of the build-only page, which is removed from `astroOut`. */
export function takeExtrasPage(astroOut: string): ExtrasPage {
  const page = join(astroOut, EXTRAS_PAGE);
  const html = readFileSync(page, 'utf8');
  const entry = /<script type="module" src="(\/_astro\/[^"]+\.js)"/.exec(html)?.[1];
  if (!entry) throw new Error(`member-extras: ${EXTRAS_PAGE} loads no entry script`);
  const css = [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1] ?? '').join('\n');
  if (!css) throw new Error(`member-extras: ${EXTRAS_PAGE} inlines no stylesheet`);
  rmSync(page);
  return { entry, css };
}

/** Writes the three files into a variant root. */
export function writeMemberExtras(dir: string, locale: Locale, { entry, css }: ExtrasPage): void {
  const options: MemberExtrasOptions = {
    locale,
    catalogue: pickNamespaces(catalogues[locale], MEMBER_EXTRAS_NAMESPACES),
  };
  writeFileSync(join(dir, MEMBER_EXTRAS_SCRIPT.slice(1)), `import${JSON.stringify(entry)};\n`);
  writeFileSync(join(dir, MEMBER_EXTRAS_OPTIONS.slice(1)), JSON.stringify(options));
  writeFileSync(join(dir, MEMBER_EXTRAS_STYLESHEET.slice(1)), css);
}
