/**
 * The lander experiments at the edge (docs/traffic.md "Lander experiments"): the Cloudflare
 * Pages Function of a static root whose site and locale run an experiment. The build bundles
 * this module with the experiments into the root's `_worker.js` (advanced mode), and
 * `_routes.json` sends only the experiment landers' paths to it; every other request is
 * served by Pages from the files and `_redirects` as before. For those paths it does what
 * `npm start` does (src/server/static-sites.ts): the variant `?variant=` names, else the
 * `lander_variants` cookie's, else one drawn by the weights and kept in the cookie, served
 * in the same answer. No JavaScript runs in the browser for any of it.
 *
 * Runs in the Workers runtime: web APIs only (Request, Response, URL), no Node modules.
 */
import {
  CONTROL,
  LANDER_COOKIE_MAX_AGE_S,
  VARIANT_COOKIE,
  VARIANT_PARAM,
  chooseVariant,
  experimentOf,
  landerOfPath,
  variantFile,
} from '#src/landers/experiments.ts';

/** The binding Pages gives an advanced-mode Function to its project's files. */
export interface AssetsBinding {
  fetch(request: Request): Promise<Response>;
}

export interface EdgeWorker {
  fetch(request: Request, env: { ASSETS: AssetsBinding }): Promise<Response>;
}

/** One cookie's value from a Cookie header (undefined when it is not there). */
export function cookieValue(header: string | null, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}

/**
 * Pages answers a page at its path without `.html` (it redirects the `.html` address there),
 * so a variant's page is asked for as `/landers/gallery/variant/b`.
 */
const pagePath = (file: string) => `/${file.replace(/\.html$/, '')}`;

/** The Function of the root of one site and locale; `random` draws in [0, 1). */
export function landerEdgeWorker(siteId: string, locale: string, random: () => number = Math.random): EdgeWorker {
  return {
    async fetch(request, env) {
      const url = new URL(request.url);
      const lander = landerOfPath(url.pathname);
      const experiment = lander ? experimentOf(siteId, locale, lander) : undefined;
      const reading = request.method === 'GET' || request.method === 'HEAD';
      if (!lander || !experiment || !reading) return env.ASSETS.fetch(request);
      const choice = chooseVariant(
        experiment,
        cookieValue(request.headers.get('cookie'), VARIANT_COOKIE),
        url.searchParams.get(VARIANT_PARAM) ?? undefined,
        random,
      );
      let page: Response | null = null;
      if (choice.variant !== CONTROL) {
        const variant = await env.ASSETS.fetch(
          new Request(new URL(pagePath(variantFile(lander, choice.variant)), url), { headers: request.headers }),
        );
        // A variant whose page is missing falls back to the control, as on npm start.
        page = variant.ok ? variant : null;
      }
      page ??= await controlPage(request, lander, env.ASSETS);
      const answer = new Response(page.body, page);
      answer.headers.set('Cache-Control', 'no-cache');
      answer.headers.append('Vary', 'Cookie');
      if (choice.cookie !== null) {
        answer.headers.append(
          'Set-Cookie',
          `${VARIANT_COOKIE}=${choice.cookie}; Max-Age=${LANDER_COOKIE_MAX_AGE_S}; Path=/; HttpOnly; Secure; SameSite=Lax`,
        );
      }
      return answer;
    },
  };
}

/**
 * The lander's own page: the file at the address, or for a campaign slug that has no file
 * (`/landers/gallery/summer`), the slug-less page `_redirects` would rewrite it to.
 */
async function controlPage(request: Request, lander: string, assets: AssetsBinding): Promise<Response> {
  const own = await assets.fetch(request);
  if (own.status !== 404) return own;
  return assets.fetch(new Request(new URL(`/landers/${lander}`, request.url), { headers: request.headers }));
}
