/**
 * The SVG files of sites/<id>/ (logo, favicon, hero art), read at build time through Vite so
 * the lookup does not depend on the working directory or the bundle's location.
 */
const files = import.meta.glob<string>('../../sites/*/*.svg', { query: '?raw', import: 'default', eager: true });

/** The text of sites/<siteId>/<file>, or null when the site has no such file. */
export function siteSvg(siteId: string, file: string): string | null {
  return files[`../../sites/${siteId}/${file}`] ?? null;
}

/**
 * An SVG of sites/<siteId>/ ready to inline: the XML prolog and comments dropped and, when
 * `decorative`, hidden from assistive technology (no role, label or title). Null when the
 * site has no such file.
 */
export function inlineSiteSvg(siteId: string, file: string, decorative: boolean): string | null {
  let svg = siteSvg(siteId, file);
  if (!svg) return null;
  svg = svg
    .replace(/<\?xml[^>]*>\s*/, '')
    .replace(/<!--[\s\S]*?-->\s*/g, '')
    .trim();
  if (decorative)
    svg = svg
      .replace(/\s(?:role|aria-label)="[^"]*"/g, '')
      .replace(/^<svg\b/, '<svg aria-hidden="true" focusable="false"')
      .replace(/<title>[\s\S]*?<\/title>/, '');
  return svg;
}
