/**
 * Tailwind generates only the classes it finds in the folders the stylesheets name with
 * `@source`. A folder of components that neither stylesheet scans renders unstyled (a moved
 * component lost its positioning once): every folder with markup must be scanned.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

const src = resolve(import.meta.dirname, '../../src');
const styles = join(src, 'styles');

function sourcesOf(file: string): string[] {
  const css = readFileSync(join(styles, file), 'utf8');
  return [...css.matchAll(/@source '([^']+)'/g)].map((m) => resolve(styles, (m[1] ?? '').replace(/\/\*\*.*$/, '')));
}

function markupFolders(dir: string): string[] {
  const entries = readdirSync(dir, { withFileTypes: true });
  const here = entries.some((e) => e.isFile() && /\.(tsx|astro)$/.test(e.name)) ? [dir] : [];
  return [...here, ...entries.filter((e) => e.isDirectory()).flatMap((e) => markupFolders(join(dir, e.name)))];
}

describe('stylesheet sources', () => {
  it('scans every folder of src that holds components or pages', () => {
    const scanned = [...sourcesOf('islands.css'), ...sourcesOf('global.css')];
    const missing = markupFolders(src)
      .filter((folder) => !scanned.some((root) => folder === root || folder.startsWith(`${root}/`)))
      .map((folder) => relative(src, folder));
    expect(missing).toEqual([]);
  });
});
