/**
 * Files each static root needs besides its pages: the web app manifest (own lang, scope and
 * start_url), robots.txt, a favicon, and the rewrite rules that send members-area paths to
 * the members shell page on Netlify/Cloudflare Pages (_redirects), Vercel (vercel.json),
 * Apache (.htaccess) and nginx (nginx.conf include).
 */
import { copyFileSync, existsSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { SiteConfig } from '../../sites.config.ts';
import type { Locale } from '../../src/lib/locales.ts';
import { SHELL_PAGE, SHELL_ROUTES } from '../../src/lib/routes.ts';
import { translator } from '../../src/i18n/index.ts';

const root = resolve(import.meta.dirname, '../..');

export function writeVariantExtras(site: SiteConfig, locale: Locale, dir: string): void {
  const t = translator(locale);
  const manifest = {
    name: site.brand,
    short_name: site.brand,
    description: t(`niche.${site.niche}`),
    lang: locale,
    scope: '/',
    start_url: '/members',
    display: 'standalone',
    background_color: site.theme.surface,
    theme_color: site.theme.primary,
    icons: [{ src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' }],
  };
  writeFileSync(join(dir, 'manifest.webmanifest'), `${JSON.stringify(manifest, null, 2)}\n`);
  writeFileSync(
    join(dir, 'robots.txt'),
    [
      'User-agent: *',
      'Disallow: /members',
      'Disallow: /chats',
      'Disallow: /moderation',
      'Disallow: /api/',
      'Allow: /',
      '',
    ].join('\n'),
  );
  const favicon = join(root, 'sites', site.id, 'favicon.svg');
  if (existsSync(favicon)) copyFileSync(favicon, join(dir, 'favicon.svg'));
  else writeFileSync(join(dir, 'favicon.svg'), defaultFavicon(site));
  writeRewriteRules(dir);
}

function defaultFavicon(site: SiteConfig): string {
  const letter = site.brand.charAt(0).toUpperCase();
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="${site.theme.primary}"/><text x="32" y="44" font-family="Arial,sans-serif" font-size="36" font-weight="700" text-anchor="middle" fill="${site.theme.onPrimary}">${letter}</text></svg>\n`;
}

/** Converts '/likes/m/:id' to host-specific patterns. */

export function writeRewriteRules(dir: string): void {
  const shell = SHELL_PAGE;
  writeFileSync(
    join(dir, '_redirects'),
    `# Members-area paths answer with the members shell (SPEC §2.1)\n${SHELL_ROUTES.map((r) => `${r}  ${shell}  200`).join('\n')}\n/*  /404.html  404\n`,
  );
  const vercel = {
    cleanUrls: true,
    rewrites: SHELL_ROUTES.map((r) => ({ source: r, destination: shell })),
  };
  writeFileSync(join(dir, 'vercel.json'), `${JSON.stringify(vercel, null, 2)}\n`);
  const regex = (r: string) =>
    `^${r
      .split('/')
      .map((p) => (p.startsWith(':') ? '[^/]+' : p))
      .join('/')}/?$`;
  writeFileSync(
    join(dir, '.htaccess'),
    [
      'RewriteEngine On',
      ...SHELL_ROUTES.map((r) => `RewriteRule ${regex(r).replace('^/', '^')} ${shell} [L]`),
      'RewriteCond %{REQUEST_FILENAME}.html -f',
      'RewriteRule ^(.+?)/?$ $1.html [L]',
      'ErrorDocument 404 /404.html',
      '',
    ].join('\n'),
  );
  writeFileSync(
    join(dir, 'nginx.conf'),
    [
      '# include inside the server block of this site/locale root',
      ...SHELL_ROUTES.map((r) => `location ~ ${regex(r)} { try_files ${shell} =404; }`),
      'location / { try_files $uri $uri.html $uri/index.html =404; }',
      'error_page 404 /404.html;',
      '',
    ].join('\n'),
  );
}
