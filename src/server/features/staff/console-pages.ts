/**
 * Serves the back office's page and its assets (dist/sites/_staff/, scripts/build-sites.ts)
 * on the staff origin only; on every other host it passes the request on. Any path without a
 * file is the console's one page (the island routes inside it). The page carries the same
 * Content-Security-Policy as the member sites' pages (hashes of its inline scripts).
 */
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '#src/server/http/context.ts';
import { pageSecurityHeaders } from '#src/server/http/security-headers.ts';
import { isStaffHost } from './staff-route.ts';

/** The folder of the back office's build under SITES_DIR. */
export const STAFF_ROOT = '_staff';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.json': 'application/json; charset=utf-8',
};

async function fileBelow(root: string, path: string): Promise<string | null> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return null;
  }
  const file = join(root, normalize(decoded));
  if (decoded.includes('\0') || !file.startsWith(root + sep)) return null;
  try {
    return (await stat(file)).isFile() ? file : null;
  } catch {
    return null;
  }
}

export function staffConsolePages(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const root = join(deps.config.sitesDir, STAFF_ROOT);
  app.get('*', async (c, next) => {
    if (!isStaffHost(c)) return next();
    const asset = extname(c.req.path) && c.req.path !== '/index.html' ? await fileBelow(root, c.req.path) : null;
    if (asset) {
      const type = TYPES[extname(asset)] ?? 'application/octet-stream';
      const immutable = c.req.path.startsWith('/_astro/');
      return c.body(await readFile(asset), 200, {
        'Content-Type': type,
        'Cache-Control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
        'X-Content-Type-Options': 'nosniff',
      });
    }
    let html: Buffer;
    try {
      html = await readFile(join(root, 'index.html'));
    } catch {
      return c.text('The back office is not built yet: run npm run build.', 503);
    }
    return c.body(new Uint8Array(html), 200, {
      'Content-Type': TYPES['.html'] ?? 'text/html',
      'Cache-Control': 'no-cache',
      'X-Content-Type-Options': 'nosniff',
      'X-Frame-Options': 'DENY',
      ...pageSecurityHeaders(html, deps.config.production),
    });
  });
  return app;
}
