/**
 * The JavaScript a page loads up front: its island and renderer entries and their static
 * imports, followed transitively. Chunks behind dynamic import() (lazy routes) load later
 * and are not counted. Used by the size budget test and `npm run bench`.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export function upfrontScripts(root: string, page: string): string[] {
  const html = readFileSync(join(root, page), 'utf8');
  const entries = [...html.matchAll(/(?:component|renderer)-url="(\/_astro\/[^"]+\.js)"/g)].map((m) => m[1] ?? '');
  const seen = new Set<string>();
  const visit = (url: string) => {
    if (!url || seen.has(url)) return;
    seen.add(url);
    const code = readFileSync(join(root, url), 'utf8');
    for (const m of code.matchAll(/(?:import|export)\s*(?:[^'"()]*?from\s*)?["'](\.\/[^"']+\.js)["']/g))
      visit(`/_astro/${(m[1] ?? '').slice(2)}`);
  };
  entries.forEach(visit);
  return [...seen];
}

/** Compressed bytes of the JavaScript a page loads up front. */
export function upfrontScriptBytes(root: string, page: string): { files: number; gzipBytes: number } {
  const files = upfrontScripts(root, page);
  const gzipBytes = files.reduce((n, url) => n + gzipSync(readFileSync(join(root, url))).length, 0);
  return { files: files.length, gzipBytes };
}
