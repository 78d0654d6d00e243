/**
 * The SVG files of sites/<id>/ (logo, favicon, hero art), read at build time through Vite so
 * the lookup does not depend on the working directory or the bundle's location.
 */
const files = import.meta.glob<string>('../../sites/*/*.svg', { query: '?raw', import: 'default', eager: true });

/** The text of sites/<siteId>/<file>, or null when the site has no such file. */
export function siteSvg(siteId: string, file: string): string | null {
  return files[`../../sites/${siteId}/${file}`] ?? null;
}
