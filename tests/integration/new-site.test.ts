/**
 * `npm run new-site` end to end (docs/new-site.md): in a copy of the repository (node_modules
 * hard-linked; no dist, data or .git), scaffolds a throwaway ninth site, builds its English
 * variant, and checks its pages carry its brand and its own domain (canonical, sitemap,
 * robots), that the workflows and the e2e shards list it, and that in Chromium a lander of it
 * loads from `npm start`'s server and its signup form opens. About three minutes on a busy
 * 2-core machine; the timings are in docs/new-site.md.
 */
import { execFile, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { promisify } from 'node:util';
import { chromium } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sites } from '#sites-config';
import { translator } from '#src/i18n/index.ts';
import { LOCALES } from '#src/lib/locales.ts';
import { nextNiche } from '../../scripts/lib/new-site.ts';

const repo = resolve(import.meta.dirname, '../..');
const run = promisify(execFile);
const ID = 'ninth';
const BRAND = 'Ninth Test Flirt';
const DOMAIN = 'ninthtestflirt';
const NICHE_TEXT = 'A throwaway niche for the scaffold test';
/** What the copy leaves out: the build output, the database, git, and test reports. */
const NOT_COPIED = new Set(['node_modules', 'dist', 'data', '.git', 'test-results', '.test-reports']);

let copy: string;
let server: ChildProcess | undefined;
/** Seconds of each step, printed for docs/new-site.md "Timings" (not asserted). */
const timings = new Map<string, number>();

async function step<T>(name: string, work: () => Promise<T> | T): Promise<T> {
  const started = performance.now();
  try {
    return await work();
  } finally {
    timings.set(name, (performance.now() - started) / 1000);
  }
}

/** A TCP port free on 127.0.0.1 right now. */
async function freePort(): Promise<number> {
  return new Promise((done, failed) => {
    const probe = createServer();
    probe.once('error', failed);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => done(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Runs a script of the copy with the project's Node (the one running this test). */
function tsx(args: string[], env: NodeJS.ProcessEnv = {}) {
  return run(process.execPath, ['--import', 'tsx', ...args], {
    cwd: copy,
    env: { ...process.env, ...env },
    maxBuffer: 16 * 1024 * 1024,
  });
}

const read = (path: string) => readFileSync(join(copy, path), 'utf8');

beforeAll(() =>
  step('copy', () => {
    copy = mkdtempSync(join(tmpdir(), 'new-site-'));
    cpSync(repo, copy, { recursive: true, filter: (source) => !NOT_COPIED.has(source.slice(repo.length + 1)) });
    // Hard links: a copy of node_modules in seconds, and the build caches stay the copy's own.
    const linked = spawnSync('cp', ['-al', join(repo, 'node_modules'), join(copy, 'node_modules')]);
    if (linked.status !== 0) throw new Error(`cp -al node_modules: ${linked.stderr.toString()}`);
  }),
);

afterAll(() => {
  server?.kill('SIGTERM');
  console.log(
    `new-site test, seconds per step: ${[...timings].map(([step, s]) => `${step} ${s.toFixed(1)}`).join(', ')}`,
  );
  // Removing the hard-linked node_modules takes longer than the test's checks: rm goes on alone.
  if (copy) spawn('rm', ['-rf', copy], { detached: true, stdio: 'ignore' }).unref();
});

describe('npm run new-site', () => {
  it(
    'scaffolds a ninth site that builds, is in the workflows and the e2e shards, and serves a lander with a working signup',
    { timeout: 420_000 },
    async () => {
      const scaffold = await step('new-site', () =>
        tsx([
          'scripts/new-site.ts',
          '--id',
          ID,
          '--brand',
          BRAND,
          '--domain',
          DOMAIN,
          '--color',
          '#5b21b6',
          '--niche',
          NICHE_TEXT,
        ]),
      );
      expect(scaffold.stdout).toContain(`Added the site ${ID}`);

      // The same id again: a clear error, nothing written.
      const config = read('sites.config.ts');
      const again = await tsx(['scripts/new-site.ts', '--id', ID, '--brand', 'Another Brand']).then(
        () => null,
        (error: unknown) => error as { code: number; stderr: string },
      );
      expect(again?.code).toBe(2);
      expect(again?.stderr).toContain(`--id ${ID}: a site with this id exists already`);
      expect(read('sites.config.ts')).toBe(config);

      // The niche texts are English in all eleven catalogues, and the translators' list names them.
      const todo = await tsx(['scripts/i18n-todo.ts']);
      for (const locale of LOCALES.filter((l) => l !== 'en'))
        expect(todo.stdout).toContain(`${locale}: 0 missing, 3 still English, 0 not in en.json`);
      expect(todo.stdout).toContain(`still English  niche.${nextNiche(sites)}: ${JSON.stringify(NICHE_TEXT)}`);

      // Workflows: regenerated by the scaffold, current, with the site in both matrices.
      for (const file of ['pull-request.yml', 'deploy.yml'])
        expect(read(`.github/workflows/${file}`)).toContain(`- site: ${ID}\n`);
      // The site's e2e shard (the loops over all sites name it) in both projects; listed while it builds.
      const listing = run(join(copy, 'node_modules/.bin/playwright'), ['test', '--list', '--reporter=list'], {
        cwd: copy,
        env: { ...process.env, E2E_SITE: ID },
        maxBuffer: 16 * 1024 * 1024,
      });
      const built = step('build', () => tsx(['scripts/build-sites.ts', '--site', ID, '--locale', 'en']));
      const shard = (await listing).stdout.split('\n').filter((line) => /^\s+\[\w+\] › /.test(line));
      expect(shard.length).toBeGreaterThan(0);
      for (const project of ['[phone]', '[desktop]'])
        expect(shard.filter((line) => line.includes(project) && line.includes(`${ID} in en`)).length).toBeGreaterThan(
          0,
        );
      expect(shard.every((line) => line.includes(ID))).toBe(true);
      await built;

      // Its pages: its brand, canonical and sitemap on its own domain, a lander at its slug.
      const root = join(copy, 'dist/sites', ID, 'en');
      const home = read(`dist/sites/${ID}/en/index.html`);
      expect(home).toMatch(new RegExp(`<title>[^<]*${BRAND}`));
      expect(home).toContain(`<link rel="canonical" href="https://${DOMAIN}.com/">`);
      expect(home).toContain(`<link rel="alternate" hreflang="de" href="https://${DOMAIN}.de/">`);
      expect(home).toContain(NICHE_TEXT);
      const locs = [...read(`dist/sites/${ID}/en/sitemap.xml`).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
      expect(locs.length).toBeGreaterThan(10);
      expect(locs.every((loc) => loc?.startsWith(`https://${DOMAIN}.com/`))).toBe(true);
      expect(locs).toContain(`https://${DOMAIN}.com/landers/gallery/${ID}-eng`);
      expect(read(`dist/sites/${ID}/en/robots.txt`)).toContain(`Sitemap: https://${DOMAIN}.com/sitemap.xml`);
      for (const file of ['landers/gallery/ninth-eng.html', 'og.jpg', 'favicon.svg', 'manifest.webmanifest'])
        expect(existsSync(join(root, file)), file).toBe(true);

      // One journey: the lander loads from `npm start`'s server and its signup form opens.
      const port = await freePort();
      server = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
        cwd: copy,
        stdio: 'ignore',
        env: {
          ...process.env,
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: join(copy, 'data'),
          SEED_MEMBERS: '40',
          NODE_ENV: 'development',
          BUILD_SITES: ID,
          BUILD_LOCALES: 'en',
        },
      });
      await step('start', () => waitForServer(server!, port));

      const t = translator('en');
      const journey = performance.now();
      const browser = await chromium.launch({
        executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
        args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
      });
      try {
        const page = await browser.newPage();
        // <id>.localhost resolves to this machine in Chromium (scripts/start.ts prints these hosts).
        await page.goto(`http://${ID}.localhost:${port}/landers/gallery/${ID}-eng`);
        expect(await page.title()).toContain(BRAND);
        await page.locator('a[href="/signup"]').first().click();
        await page.waitForURL(`http://${ID}.localhost:${port}/signup`);
        // The signup page's layout asks every visitor to confirm their age first (SPEC §2.2).
        await page.locator('dialog#site-entry-warning[open] button[value="enter"]').click();
        const form = page.locator('form').filter({ has: page.getByRole('button', { name: t('auth.signup.submit') }) });
        await form.getByLabel(t('auth.signup.name')).waitFor();
        expect(await page.title()).toContain(BRAND);
      } finally {
        await browser.close();
        timings.set('journey', (performance.now() - journey) / 1000);
      }
    },
  );
});

/** Waits until the copy's server answers (its first start migrates and seeds a database). */
async function waitForServer(process: ChildProcess, port: number): Promise<void> {
  while (process.exitCode === null) {
    const answer = await fetch(`http://127.0.0.1:${port}/api/interests.php`).catch(() => null);
    if (answer?.ok) return;
    await new Promise((done) => setTimeout(done, 500));
  }
  throw new Error(`npm start in the copy exited with ${process.exitCode}`);
}
