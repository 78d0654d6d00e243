/**
 * The installable app (docs/pwa.md): the manifest of the variant is linked and valid with
 * its icons, the members app's worker (/sw-push.js?v=2) becomes active, the app opens
 * offline after a first visit with its offline state, and a new version of the worker
 * brings the update prompt, whose Reload loads it.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { createMember, direct, logIn, PASSWORD, urlOf, EN_DEFAULT } from './journeys.ts';

/** Width and height of a PNG, from its IHDR chunk. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** Logs a new member in and opens /members until the worker is active and controls the page. */
async function firstVisit(page: Page, request: Parameters<typeof createMember>[0]): Promise<void> {
  const email = await createMember(request, 'pwa');
  expect(await logIn(page, email, PASSWORD)).toBe(200);
  await page.goto(urlOf(EN_DEFAULT, '/members'));
  await expect(page.getByRole('navigation').first()).toBeVisible();
  const script = await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL ?? '');
  expect(new URL(script).pathname + new URL(script).search).toBe('/sw-push.js?v=2');
  // The first load happened before the worker existed; from the next one on it answers.
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

/** Offline, Chromium logs each failed request; those are what the test provokes. */
function dropOfflineErrors(consoleErrors: string[]): void {
  const kept = consoleErrors.filter(
    (e) => !/ERR_INTERNET_DISCONNECTED|Failed to fetch|Failed to load resource/.test(e),
  );
  consoleErrors.splice(0, consoleErrors.length, ...kept);
}

async function offline(context: BrowserContext, value: boolean): Promise<void> {
  await context.setOffline(value);
}

test('links a valid manifest of the variant, with PNG icons drawn from the logo', async ({ page, request }) => {
  await page.goto(urlOf(EN_DEFAULT, '/members'));
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  const target = direct(href!);
  const answer = await request.get(target.url, { headers: { host: target.host } });
  expect(answer.headers()['content-type']).toContain('application/manifest+json');
  const manifest = (await answer.json()) as {
    name: string;
    lang: string;
    start_url: string;
    scope: string;
    display: string;
    theme_color: string;
    background_color: string;
    icons: { src: string; sizes: string; type: string; purpose: string }[];
  };
  expect(manifest).toMatchObject({
    name: 'Flirtmoment',
    lang: 'en',
    start_url: '/members',
    scope: '/',
    display: 'standalone',
  });
  expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
  const pngs = manifest.icons.filter((icon) => icon.type === 'image/png');
  expect(pngs.map((icon) => `${icon.sizes} ${icon.purpose}`).sort()).toEqual([
    '192x192 any',
    '192x192 maskable',
    '512x512 any',
    '512x512 maskable',
  ]);
  for (const icon of pngs) {
    const where = direct(icon.src);
    const file = await request.get(where.url, { headers: { host: where.host } });
    expect(file.status(), icon.src).toBe(200);
    const size = Number(icon.sizes.split('x')[0]);
    expect(pngSize(await file.body())).toEqual({ width: size, height: size });
  }
});

test('opens offline after a first visit, with the offline state, and the shell from the cache', async ({
  page,
  context,
  request,
  consoleErrors,
}) => {
  await firstVisit(page, request);
  await offline(context, true);
  await page.goto(urlOf(EN_DEFAULT, '/chats'));
  await expect(page.getByRole('heading', { name: 'You are offline' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('offline.png') });

  // Back online, the app goes on by itself.
  await offline(context, false);
  await expect(page.getByRole('heading', { name: 'You are offline' })).toBeHidden({ timeout: 15_000 });
  await expect(page.getByRole('link', { name: 'Messages' }).first()).toBeVisible();
  dropOfflineErrors(consoleErrors);
});

test('offers a new version with Reload when one waits, and loads it', async ({ page, request }) => {
  await firstVisit(page, request);
  // A new version is deployed: the worker file of the root changes (put back afterwards).
  // The projects run side by side: each marks its own next version, all put back the built one.
  const file = join(import.meta.dirname, '../../dist/sites/default/en/sw-push.js');
  const original = readFileSync(file, 'utf8').replace(/-next-\w+";/, '";');
  try {
    writeFileSync(
      file,
      original.replace(/var VERSION = "([^"]+)";/, `var VERSION = "$1-next-${test.info().project.name}";`),
    );
    await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration('/sw-push.js?v=2');
      await registration?.update();
    });
    const prompt = page.getByText('A new version is available');
    await expect(prompt).toBeVisible({ timeout: 15_000 });
    await page.screenshot({ path: test.info().outputPath('update.png') });
    const reloaded = page.waitForEvent('framenavigated');
    await page.getByRole('button', { name: 'Reload' }).click();
    await reloaded;
    await expect(page.getByRole('link', { name: 'Messages' }).first()).toBeVisible();
    await expect(prompt).toBeHidden();
    const caches = await page.evaluate(async () =>
      (await window.caches.keys()).filter((key) => key.startsWith('members-app-')),
    );
    expect(caches).toHaveLength(1);
    expect(caches[0]).toMatch(/-next-\w+$/);
  } finally {
    writeFileSync(file, original);
  }
});

test('shows Back on a profile in the installed app, which returns to the search', async ({ page, request }) => {
  // The page runs as an installed app: the display mode query says standalone.
  await page.addInitScript(() => {
    const real = window.matchMedia.bind(window);
    window.matchMedia = (query: string) => {
      const list = real(query);
      if (query !== '(display-mode: standalone)') return list;
      return Object.defineProperty(list, 'matches', { value: true });
    };
  });
  const email = await createMember(request, 'pwa-back');
  expect(await logIn(page, email, PASSWORD)).toBe(200);
  await page.goto(urlOf(EN_DEFAULT, '/members'));
  const back = page.getByRole('button', { name: 'Back', exact: true });
  const profile = page.locator('main a[href^="/members/"]').first();
  await expect(profile).toBeVisible({ timeout: 20_000 });
  await expect(back).toBeHidden();
  await profile.click();
  await expect(page).toHaveURL(/\/members\/[^/]+$/);
  await expect(back).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('back.png') });
  await back.click();
  await expect(page).toHaveURL(/\/members$/);
  await expect(back).toBeHidden();
});
