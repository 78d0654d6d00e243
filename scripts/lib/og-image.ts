/**
 * The share image of a variant (Open Graph / Twitter card, src/lib/seo.ts OG_IMAGE): a
 * 1200×630 JPEG drawn from an SVG: the site's hero band (theme gradient), its logo in white,
 * the niche tagline in the variant's language, the locale domain, and the site's hero art
 * (sites/<id>/hero.svg). Encoded files are cached in node_modules/.cache/og-images under a
 * hash of the SVG, so a rebuild only renders what changed.
 *
 *   npx tsx scripts/lib/og-image.ts <site> <locale> [dir]   writes <dir>/og.jpg (default .)
 */
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import sharp from 'sharp';
import { sites, type SiteConfig } from '#sites-config';
import { translator } from '#src/i18n/index.ts';
import { isLocale, type Locale } from '#src/lib/locales.ts';
import { OG_IMAGE } from '#src/lib/seo.ts';
import { derivedThemeCss } from '#src/styles/theme-tokens.ts';

const root = resolve(import.meta.dirname, '../..');
const CACHE_DIR = join(root, 'node_modules/.cache/og-images');
/** Social networks accept far more, but a small image is fetched and shown sooner. */
export const OG_IMAGE_MAX_BYTES = 80 * 1024;
const { width: W, height: H } = OG_IMAGE;
const FONT = "'Open Sans','Liberation Sans',Arial,'DejaVu Sans',sans-serif";

const escapeXml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot', "'": 'apos' }[c]};`);

function siteFile(site: SiteConfig, file: string): string | null {
  const path = join(root, 'sites', site.id, file);
  return existsSync(path) ? readFileSync(path, 'utf8') : null;
}

/**
 * Resolves `var(--name, fallback)` (nested too) with the given values, else the fallback:
 * the site SVGs take their colours from the page's custom properties, which an SVG renderer
 * on its own does not have.
 */
export function resolveCssVars(svg: string, values: Readonly<Record<string, string>>): string {
  const innermost = /var\(--([\w-]+)\s*(?:,\s*([^()]*))?\)/g;
  let out = svg;
  while (innermost.test(out)) {
    out = out.replace(innermost, (_m, name: string, fallback?: string) => values[name] ?? fallback?.trim() ?? 'none');
  }
  return out;
}

/** An SVG file placed as a nested <svg> at a box; its own viewBox keeps the proportions. */
function placed(svg: string, box: { x: number; y: number; width: number; height: number }, align: string): string {
  return svg
    .replace(/<\?xml[^>]*>\s*/, '')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<svg\b([^>]*)>/, (_m, attrs: string) => {
      const kept = attrs.replace(/\s(?:width|height|x|y|preserveAspectRatio)="[^"]*"/g, '');
      return `<svg${kept} x="${box.x}" y="${box.y}" width="${box.width}" height="${box.height}" preserveAspectRatio="${align}">`;
    });
}

/** Splits a tagline into at most `maxLines` lines of about `perLine` characters. */
export function wrapText(text: string, perLine: number, maxLines: number): string[] | null {
  const lines: string[] = [];
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const last = lines.at(-1);
    if (last !== undefined && `${last} ${word}`.length <= perLine) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines.length <= maxLines && lines.every((l) => l.length <= perLine) ? lines : null;
}

/** The tagline's lines and font size: as large as fits three lines in the text column. */
function taglineLayout(text: string): { lines: string[]; size: number } {
  // Bold sans-serif averages about 0.56 em per character; the text column is 620 px wide.
  for (const size of [68, 60, 54, 48, 42]) {
    const lines = wrapText(text, Math.floor(620 / (size * 0.56)), 3);
    if (lines) return { lines, size };
  }
  return { lines: wrapText(text, 24, 99)?.slice(0, 3) ?? [text], size: 42 };
}

/** The share image of a variant as SVG. */
export function ogImageSvg(site: SiteConfig, locale: Locale): string {
  const t = site.theme;
  const deep = /--site-primary-deep:(#[0-9a-f]{6})/i.exec(derivedThemeCss(t))?.[1] ?? t.primary;
  const colours = {
    'site-primary': t.primary,
    'site-primary-deep': deep,
    'site-primary-ink': '#ffffff',
    'site-secondary': t.secondary,
    'site-unread': t.unread,
    // The logo in white on the band, as `<Logo mono>` draws it in the site-entry warning.
    'logo-mark': '#ffffff',
    'logo-accent': '#ffffff',
    'logo-spark': '#ffffff',
    'logo-cut': deep,
  };
  const logo = siteFile(site, 'logo.svg');
  const hero = siteFile(site, 'hero.svg');
  const tagline = translator(locale)(`niche.${site.niche}`);
  const { lines, size } = taglineLayout(tagline);
  const lineHeight = Math.round(size * 1.15);
  const textTop = 300 - Math.round(((lines.length - 1) * lineHeight) / 2);
  const brand = logo
    ? placed(
        resolveCssVars(logo, colours).replace(/currentColor/g, '#ffffff'),
        { x: 72, y: 72, width: 520, height: 64 },
        'xMinYMid meet',
      )
    : `<text x="72" y="122" font-family="${FONT}" font-size="56" font-weight="800" fill="#fff">${escapeXml(site.brand)}</text>`;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">`,
    '<defs>',
    `<linearGradient id="og-band" x1="0.33" y1="0" x2="0.67" y2="1"><stop offset="0" stop-color="${t.primary}"/><stop offset="1" stop-color="${deep}"/></linearGradient>`,
    `<radialGradient id="og-glow1" cx="1" cy="0" r="0.75"><stop offset="0" stop-color="${t.secondary}" stop-opacity="0.32"/><stop offset="0.55" stop-color="${t.secondary}" stop-opacity="0"/></radialGradient>`,
    `<radialGradient id="og-glow2" cx="0" cy="1" r="0.7"><stop offset="0" stop-color="${t.unread}" stop-opacity="0.35"/><stop offset="0.6" stop-color="${t.unread}" stop-opacity="0"/></radialGradient>`,
    '</defs>',
    `<rect width="${W}" height="${H}" fill="url(#og-band)"/>`,
    `<rect width="${W}" height="${H}" fill="url(#og-glow1)"/>`,
    `<rect width="${W}" height="${H}" fill="url(#og-glow2)"/>`,
    brand,
    `<text font-family="${FONT}" font-size="${size}" font-weight="800" fill="#fff">`,
    ...lines.map((line, i) => `<tspan x="72" y="${textTop + i * lineHeight}">${escapeXml(line)}</tspan>`),
    '</text>',
    `<rect x="72" y="${H - 118}" width="72" height="6" rx="3" fill="${t.secondary}"/>`,
    `<text x="72" y="${H - 64}" font-family="${FONT}" font-size="30" font-weight="600" fill="#fff" fill-opacity="0.9">${escapeXml(site.domains[locale])}</text>`,
    hero ? placed(resolveCssVars(hero, colours), { x: 700, y: 90, width: 460, height: 450 }, 'xMidYMid meet') : '',
    '</svg>',
  ].join('\n');
}

/** Encodes the SVG as JPEG, lowering the quality until it fits the byte budget. */
async function encode(svg: string): Promise<Buffer> {
  const png = await sharp(Buffer.from(svg), { density: 72 }).resize(W, H).png().toBuffer();
  for (const quality of [82, 74, 66, 58, 50]) {
    const jpeg = await sharp(png).jpeg({ quality, mozjpeg: true, chromaSubsampling: '4:4:4' }).toBuffer();
    if (jpeg.length <= OG_IMAGE_MAX_BYTES) return jpeg;
  }
  throw new Error(`og-image: cannot encode the share image in ${OG_IMAGE_MAX_BYTES} bytes`);
}

/** Writes <dir>/og.jpg for a variant; answers its size and whether it came from the cache. */
export async function writeOgImage(
  site: SiteConfig,
  locale: Locale,
  dir: string,
): Promise<{ file: string; bytes: number; cached: boolean }> {
  const svg = ogImageSvg(site, locale);
  const key = createHash('sha256').update(svg).digest('hex').slice(0, 24);
  const cached = join(CACHE_DIR, `${key}.jpg`);
  const file = join(dir, OG_IMAGE.path.slice(1));
  const hit = existsSync(cached);
  if (!hit) {
    mkdirSync(CACHE_DIR, { recursive: true });
    // Written aside and renamed, so a parallel build never reads half a file.
    const temporary = `${cached}.${process.pid}.tmp`;
    writeFileSync(temporary, await encode(svg));
    renameSync(temporary, cached);
  }
  mkdirSync(dir, { recursive: true });
  copyFileSync(cached, file);
  return { file, bytes: readFileSync(file).length, cached: hit };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [siteId, locale, dir = '.'] = process.argv.slice(2);
  const site = sites.find((s) => s.id === siteId);
  if (!site || !isLocale(locale)) {
    console.error(`usage: npx tsx scripts/lib/og-image.ts <${sites.map((s) => s.id).join('|')}> <locale> [dir]`);
    process.exit(1);
  }
  const { file, bytes, cached } = await writeOgImage(site, locale, resolve(dir));
  console.log(`${file}: ${(bytes / 1024).toFixed(1)} KB${cached ? ' (cached)' : ''}`);
}
