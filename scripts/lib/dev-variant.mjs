// Vite plugin for `npm run dev`: serves one (site, locale) variant at prefix-free paths, as
// production does, by rewriting /x to /<site>/<locale>/x, members-area paths to the shell,
// and proxying /api and /_dev to the API server. Active only when DEV_SITE is set.
import { SHELL_ROUTES } from '#src/lib/routes.ts';

const shellMatchers = SHELL_ROUTES.map(
  (r) =>
    new RegExp(
      `^${r
        .split('/')
        .map((p) => (p.startsWith(':') ? '[^/]+' : p))
        .join('/')}/?$`,
    ),
);
const passThrough = /^\/(@|_astro|node_modules|src|sites|\.astro|favicon|manifest|__)/;

/** @returns {import('vite').Plugin} */
export function devVariant() {
  const site = process.env['DEV_SITE'];
  const locale = process.env['DEV_LOCALE'] ?? 'en';
  const api = process.env['DEV_API'];
  return {
    name: 'dev-variant',
    apply: 'serve',
    config() {
      if (!api) return {};
      // changeOrigin stays false: the API picks the site from the Host header.
      const target = { target: api, changeOrigin: false };
      return { server: { proxy: { '/api': target, '/_dev': target, '/lang-config': target } } };
    },
    configureServer(server) {
      if (!site) return;
      server.middlewares.use((req, _res, next) => {
        const url = new URL(req.url ?? '/', 'http://dev');
        const path = url.pathname;
        if (
          passThrough.test(path) ||
          path.startsWith('/api/') ||
          path.startsWith('/_dev') ||
          path.startsWith(`/${site}/`)
        )
          return next();
        let target = path === '/' ? '' : path.replace(/\/$/, '');
        if (shellMatchers.some((re) => re.test(path))) target = '/members';
        if (target === '/404') target = '/not-found';
        req.url = `/${site}/${locale}${target}${url.search}`;
        next();
      });
    },
  };
}
