/**
 * The installable app's files of a static root (docs/pwa.md):
 *
 * - /icons/*.png (src/pwa/icons.ts): PNGs drawn with sharp from the site's symbol
 *   (sites/<id>/favicon.svg; a letter icon in the site's colours when there is none). `any`
 *   icons are the symbol as it is; `maskable` ones and the Apple touch icon put it at 70 %
 *   on a full square of the primary colour, inside the safe zone launchers keep. Drawn once
 *   per site and build (or taken from node_modules/.cache/app-icons when the same SVG was
 *   drawn before), copied to each locale.
 * - /sw-push.js (src/pwa/app-worker.ts): the members app's worker with this root's precache
 *   list (the shell page, every script it can load, the manifest, the icons) and a version
 *   hashed from those files, so any change to them makes browsers install a new worker.
 *   Written last, after the pages and assets of the root are final.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import sharp from 'sharp';
import type { SiteConfig } from '#sites-config';
import { APPLE_TOUCH_ICON, APP_ICONS, type AppIcon } from '#src/pwa/icons.ts';
import { APP_WORKER_FILE, SHELL_URL, appWorkerSource } from '#src/pwa/app-worker.ts';
import { SHELL_PAGE } from '#src/lib/routes.ts';
import { reachableScripts } from './shell-js.ts';

const root = resolve(import.meta.dirname, '../..');

/** The site's symbol as SVG: its favicon, else its initial on the primary colour. */
export function siteSymbolSvg(site: SiteConfig): string {
  const favicon = join(root, 'sites', site.id, 'favicon.svg');
  if (existsSync(favicon)) return readFileSync(favicon, 'utf8');
  const letter = site.brand.charAt(0).toUpperCase();
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="${site.theme.primary}"/><text x="32" y="44" font-family="Arial,sans-serif" font-size="36" font-weight="700" text-anchor="middle" fill="${site.theme.onPrimary}">${letter}</text></svg>`;
}

/** The SVG an icon is drawn from. */
export function iconSvg(site: SiteConfig, icon: AppIcon): string {
  const symbol = siteSymbolSvg(site);
  const { size } = icon;
  if (icon.purpose === 'any') {
    return symbol.replace(/<svg\b([^>]*)>/, (_m, attrs: string) => {
      const kept = attrs.replace(/\s(?:width|height)="[^"]*"/g, '');
      return `<svg${kept} width="${size}" height="${size}">`;
    });
  }
  // The safe zone is the centred circle of 80 % of the width; the symbol takes 70 %.
  const inner = Math.round(size * 0.7);
  const offset = Math.round((size - inner) / 2);
  const placed = symbol.replace(/<svg\b([^>]*)>/, (_m, attrs: string) => {
    const kept = attrs.replace(/\s(?:width|height|x|y)="[^"]*"/g, '');
    return `<svg${kept} x="${offset}" y="${offset}" width="${inner}" height="${inner}">`;
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}"><rect width="${size}" height="${size}" fill="${site.theme.primary}"/>${placed}</svg>`;
}

/** Drawn icons across builds, by the hash of their SVG, size and PNG settings. */
const ICON_CACHE_DIR = join(root, 'node_modules/.cache/app-icons');
const PNG_OPTIONS = { compressionLevel: 9 } as const;
const drawn = new Map<string, Promise<Map<string, Buffer>>>();

async function drawIcon(svg: string, size: number): Promise<Buffer> {
  const key = createHash('sha256')
    .update(`${svg}\0${size}\0${JSON.stringify(PNG_OPTIONS)}`)
    .digest('hex')
    .slice(0, 24);
  const cached = join(ICON_CACHE_DIR, `${key}.png`);
  if (existsSync(cached)) return readFileSync(cached);
  const png = await sharp(Buffer.from(svg)).resize(size, size).png(PNG_OPTIONS).toBuffer();
  mkdirSync(ICON_CACHE_DIR, { recursive: true });
  // Written aside and renamed, so a build running in parallel never reads half a file.
  const partial = `${cached}.${process.pid}.tmp`;
  writeFileSync(partial, png);
  renameSync(partial, cached);
  return png;
}

/** The site's icon PNGs by path (drawn, or read from the cache, once per process). */
export function appIconFiles(site: SiteConfig): Promise<Map<string, Buffer>> {
  let files = drawn.get(site.id);
  if (!files) {
    files = Promise.all(
      [...APP_ICONS, APPLE_TOUCH_ICON].map(
        async (icon) => [icon.src, await drawIcon(iconSvg(site, icon), icon.size)] as const,
      ),
    ).then((entries) => new Map(entries));
    drawn.set(site.id, files);
  }
  return files;
}

export async function writeAppIcons(site: SiteConfig, dir: string): Promise<void> {
  mkdirSync(join(dir, 'icons'), { recursive: true });
  for (const [src, png] of await appIconFiles(site)) writeFileSync(join(dir, src.slice(1)), png);
}

/** The paths the worker caches on install: the shell page first, then what it loads. */
export function precacheList(dir: string): string[] {
  return [
    SHELL_URL,
    ...reachableScripts(dir, SHELL_PAGE.slice(1)),
    '/manifest.webmanifest',
    '/favicon.svg',
    ...APP_ICONS.map((icon) => icon.src),
  ];
}

/** Writes /sw-push.js of a static root; answers its precache list and version. */
export function writeAppWorker(dir: string): { precache: string[]; version: string } {
  const precache = precacheList(dir);
  const hash = createHash('sha256');
  for (const path of precache) {
    const file = path === SHELL_URL ? SHELL_PAGE : path;
    hash.update(path).update(readFileSync(join(dir, file.slice(1))));
  }
  const version = hash.digest('hex').slice(0, 16);
  writeFileSync(join(dir, APP_WORKER_FILE), appWorkerSource({ version, precache }));
  return { precache, version };
}
