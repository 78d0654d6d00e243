/**
 * The lander experiments at the edge (scripts/lib/lander-edge-worker.ts, docs/traffic.md
 * "Lander experiments"): the `_worker.js` the build writes into a root with an experiment is
 * run as Cloudflare Pages runs it, an ES module whose fetch gets the request and the root's
 * files (the ASSETS binding, here the pages by path). It assigns, keeps and serves variants as
 * `npm start` does; `_routes.json` sends it only the experiment's lander; roots without an
 * experiment get neither file, and the `_redirects` of every root serves the control, with
 * targets Cloudflare Pages rewrites to instead of redirecting.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { siteById } from '#sites-config';
import { landerExperiments } from '#src/landers/experiments.ts';
import type { EdgeWorker } from '../../scripts/lib/lander-edge-worker.ts';
import { edgeWorkerSource, writeEdgeExperiments, writeRewriteRules } from '../../scripts/lib/variant-extras.ts';

/** The root's pages Pages would answer, by path (without `.html`, as Pages serves them). */
const PAGES: Record<string, string> = {
  '/landers/gallery': 'gallery control',
  '/landers/gallery/eng': 'gallery control at its slug',
  '/landers/gallery/variant/b': 'gallery variant b',
  '/landers/video': 'video lander',
  '/pricing': 'pricing',
};

const assets = {
  fetch(request: Request) {
    const page = PAGES[new URL(request.url).pathname];
    return Promise.resolve(page ? new Response(page, { headers: { 'Content-Type': 'text/html' } }) : notFound());
  },
};
const notFound = () => new Response('not found', { status: 404 });

const ORIGIN = 'https://www.flirtmoment.com';
let dir: string;
let worker: EdgeWorker;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'edge-worker-'));
  writeFileSync(join(dir, '_worker.mjs'), edgeWorkerSource('default', 'en'));
  worker = ((await import(pathToFileURL(join(dir, '_worker.mjs')).href)) as { default: EdgeWorker }).default;
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const visit = (path: string, cookie?: string) =>
  worker.fetch(new Request(`${ORIGIN}${path}`, { headers: cookie ? { Cookie: cookie } : {} }), { ASSETS: assets });

describe('the _worker.js of default/en (gallery: control and b, half each)', () => {
  test('the experiment runs there (the test reads its rules from it)', () => {
    const experiment = landerExperiments().find((e) => e.site === 'default' && e.locale === 'en');
    expect(experiment?.lander).toBe('gallery');
    expect(experiment?.variants.map((v) => v.id)).toEqual(['b']);
  });

  test('a first visit is drawn a variant by the weights, sees its page and keeps it in the cookie', async () => {
    const seen = { control: 0, b: 0 };
    for (let i = 0; i < 200; i++) {
      const answer = await visit('/landers/gallery');
      const cookie = answer.headers.get('set-cookie') ?? '';
      const variant = /^lander_variants=gallery\.(control|b);/.exec(cookie)?.[1] as 'control' | 'b' | undefined;
      expect(variant, cookie).toBeDefined();
      if (!variant) continue;
      seen[variant]++;
      expect(await answer.text()).toBe(variant === 'b' ? 'gallery variant b' : 'gallery control');
      expect(cookie).toContain('Max-Age=2592000');
      expect(cookie).toContain('HttpOnly');
      expect(cookie).toContain('Secure');
      expect(answer.headers.get('cache-control')).toBe('no-cache');
      expect(answer.headers.get('vary')).toContain('Cookie');
    }
    // Half each: 200 draws land within 60 to 140 but for one time in a few million.
    expect(seen.b).toBeGreaterThan(60);
    expect(seen.control).toBeGreaterThan(60);
  });

  test('a returning visitor sees the variant of their cookie, and no new cookie is set', async () => {
    const b = await visit('/landers/gallery/eng', 'theme=dark; lander_variants=video.control~gallery.b');
    expect(await b.text()).toBe('gallery variant b');
    expect(b.headers.get('set-cookie')).toBeNull();
    const control = await visit('/landers/gallery/eng', 'lander_variants=gallery.control');
    expect(await control.text()).toBe('gallery control at its slug');
    expect(control.headers.get('set-cookie')).toBeNull();
  });

  test('?variant=b pins that variant over the cookie and keeps it; an unknown one is ignored', async () => {
    const pinned = await visit('/landers/gallery?variant=b', 'lander_variants=video.control~gallery.control');
    expect(await pinned.text()).toBe('gallery variant b');
    expect(pinned.headers.get('set-cookie')).toMatch(/^lander_variants=video\.control~gallery\.b;/);
    const unknown = await visit('/landers/gallery?variant=zz', 'lander_variants=gallery.control');
    expect(await unknown.text()).toBe('gallery control');
  });

  test('a campaign slug without a page of its own serves the control from the slug-less page', async () => {
    const answer = await visit('/landers/gallery/summer-campaign', 'lander_variants=gallery.control');
    expect(answer.status).toBe(200);
    expect(await answer.text()).toBe('gallery control');
  });

  test('other paths, and landers without an experiment, are the files as they are', async () => {
    for (const [path, page] of [
      ['/pricing', 'pricing'],
      ['/landers/video', 'video lander'],
    ]) {
      const answer = await visit(path ?? '');
      expect(await answer.text()).toBe(page);
      expect(answer.headers.get('set-cookie')).toBeNull();
    }
    expect((await visit('/nowhere')).status).toBe(404);
  });
});

describe('the edge rules the build writes into a root', () => {
  let root: string;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'edge-rules-'));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));
  const site = siteById('default');
  if (!site) throw new Error('the default site is gone from sites.config.ts');

  test('with an experiment: _routes.json sends only its lander (not its variants’ pages) to _worker.js', () => {
    writeEdgeExperiments(site, 'en', root);
    expect(JSON.parse(readFileSync(join(root, '_routes.json'), 'utf8'))).toMatchObject({
      version: 1,
      include: ['/landers/gallery', '/landers/gallery/*'],
      exclude: ['/landers/gallery/variant/*'],
    });
    expect(readFileSync(join(root, '_worker.js'), 'utf8')).toMatch(/export\s*\{[^}]*as default/);
  });

  test('without one: no Function at all (every request is a file)', () => {
    writeEdgeExperiments(site, 'de', root);
    expect(existsSync(join(root, '_routes.json'))).toBe(false);
    expect(existsSync(join(root, '_worker.js'))).toBe(false);
  });

  test('_redirects rewrites to pages by their address without .html (Cloudflare Pages answers a .html target with a 308)', () => {
    writeRewriteRules(root);
    const rules = readFileSync(join(root, '_redirects'), 'utf8')
      .split('\n')
      .filter((line) => line.endsWith('  200'));
    expect(rules).toContain('/members/:id/chat  /members  200');
    expect(rules).toContain('/members/:id/landing  /profile-landing  200');
    expect(rules).toContain('/landers/:lander/:slug  /landers/:lander  200');
    expect(rules.filter((line) => line.includes('.html'))).toEqual([]);
  });

  test('where no Function runs, visitors without the cookie get the control: no rewrite leads to a variant', () => {
    writeRewriteRules(root);
    for (const file of ['_redirects', 'vercel.json', '.htaccess', 'nginx.conf']) {
      expect(readFileSync(join(root, file), 'utf8'), file).not.toContain('variant');
    }
  });
});
