/**
 * The JavaScript of a page with islands, as the browser loads it:
 *
 * - up front (`upfrontScripts`): the island and renderer entries and their static imports,
 *   followed transitively: what the members shell's first route needs before anything
 *   else can load (the size budget of tests/budgets and `npm run bench`);
 * - later (`lazyChunks`): each chunk behind a dynamic import() (a route's screen, the
 *   members layout, a modal) with the static imports it adds to what is already loaded;
 * - all of it (`reachableScripts`): what the members app's worker caches for offline use.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const STATIC_IMPORT = /(?:import|export)\s*(?:[^'"()]*?from\s*)?["'](\.\/[^"']+\.js)["']/g;
const DYNAMIC_IMPORT = /import\(\s*["'](\.\/[^"']+\.js)["']\s*\)/g;

const asUrl = (relative: string) => `/_astro/${relative.slice(2)}`;

function imports(root: string, url: string, pattern: RegExp): string[] {
  const code = readFileSync(join(root, url), 'utf8');
  return [...code.matchAll(pattern)].map((m) => asUrl(m[1] ?? ''));
}

function entries(root: string, page: string): string[] {
  const html = readFileSync(join(root, page), 'utf8');
  return [...html.matchAll(/(?:component|renderer)-url="(\/_astro\/[^"]+\.js)"/g)].map((m) => m[1] ?? '');
}

/** The files a set of start files loads through static imports, start files included. */
function staticClosure(root: string, start: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (url: string) => {
    if (!url || seen.has(url)) return;
    seen.add(url);
    imports(root, url, STATIC_IMPORT).forEach(visit);
  };
  start.forEach(visit);
  return seen;
}

export function upfrontScripts(root: string, page: string): string[] {
  return [...staticClosure(root, entries(root, page))];
}

/** Every script the page can ever load (static and dynamic imports), up-front ones first. */
export function reachableScripts(root: string, page: string): string[] {
  const seen = new Set<string>();
  const queue = entries(root, page);
  while (queue.length > 0) {
    const url = queue.shift() ?? '';
    if (seen.has(url)) continue;
    seen.add(url);
    queue.push(...imports(root, url, STATIC_IMPORT), ...imports(root, url, DYNAMIC_IMPORT));
  }
  return [...seen];
}

const gzipBytes = (root: string, files: Iterable<string>) =>
  [...files].reduce((n, url) => n + gzipSync(readFileSync(join(root, url))).length, 0);

/** Compressed bytes of the JavaScript a page loads up front. */
export function upfrontScriptBytes(root: string, page: string): { files: number; gzipBytes: number } {
  const files = upfrontScripts(root, page);
  return { files: files.length, gzipBytes: gzipBytes(root, files) };
}

export interface LazyChunk {
  /** The file a dynamic import() names. */
  chunk: string;
  /** The chunk whose import() loads it (the first found, nearest the entry). */
  importer: string;
  /**
   * Compressed bytes it adds to what is loaded when it is asked for: itself and its static
   * imports, less the up-front scripts and the chunks (with their imports) that led to it.
   */
  gzipBytes: number;
}

/**
 * Each lazily loaded chunk of the page with what it costs when it loads: a route's screen
 * is asked for by the members layout, which the root loaded, which the entry loaded; what
 * those brought is already there.
 */
export function lazyChunks(root: string, page: string): LazyChunk[] {
  const upfront = upfrontScripts(root, page);
  const loadedBefore = new Map<string, Set<string>>();
  const found: LazyChunk[] = [];
  const queue = upfront.map((url) => ({ url, loaded: new Set(upfront) }));
  while (queue.length > 0) {
    const { url, loaded } = queue.shift() ?? { url: '', loaded: new Set<string>() };
    for (const chunk of imports(root, url, DYNAMIC_IMPORT)) {
      if (loadedBefore.has(chunk) || loaded.has(chunk)) continue;
      const closure = staticClosure(root, [chunk]);
      const added = [...closure].filter((file) => !loaded.has(file));
      loadedBefore.set(chunk, loaded);
      found.push({ chunk, importer: url, gzipBytes: gzipBytes(root, added) });
      const after = new Set([...loaded, ...closure]);
      for (const file of closure) queue.push({ url: file, loaded: after });
    }
  }
  return found.sort((a, b) => b.gzipBytes - a.gzipBytes);
}
