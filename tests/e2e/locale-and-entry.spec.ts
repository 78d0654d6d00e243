/**
 * The locale rules of SPEC §4 and the site-entry warning of SPEC §2.6, as a visitor meets
 * them; the members shell answering members-area paths; the API on the same origin.
 */
import { translator } from '#src/i18n/index.ts';
import type { Page } from '@playwright/test';
import { test, expect, siteUrl, enterSite } from './fixtures.ts';
import { expectErrorAnswers } from './journeys.ts';

/**
 * Loads a page with a made-up login marker and runs `check` on it while the members' extras
 * of static pages wait for the answer to 'who is this?'; then lets the server answer: 403 (a
 * guest, logged by Chromium as a console error), and `afterwards` runs on the guest's page.
 */
async function withMadeUpMarker(
  page: Page,
  consoleErrors: string[],
  load: () => Promise<unknown>,
  check: () => Promise<void>,
  afterwards: () => Promise<void> = async () => {},
): Promise<void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/user.php', async (route) => {
    await held;
    await route.continue();
  });
  const answered = page.waitForResponse((response) => response.url().includes('/api/user.php'));
  await load();
  await check();
  release();
  expect((await answered).status()).toBe(403);
  await expect.poll(() => consoleErrors.some((e) => e.includes('status of 403'))).toBe(true);
  expectErrorAnswers(consoleErrors, 403);
  await afterwards();
  await page.unroute('**/api/user.php');
}

test('the domain language is stored in the locale cookie on the first visit', async ({ page, context }) => {
  await page.goto(siteUrl('she', '/', 'nl'));
  await enterSite(page);
  await expect(page.locator('html')).toHaveAttribute('lang', 'nl');
  const cookies = await context.cookies();
  expect(cookies.find((c) => c.name === 'locale')?.value).toBe('nl');
});

test('choosing a language in the menu switches the site and is remembered', async ({ page }) => {
  await page.goto(siteUrl('default', '/pages/privacy'));
  await enterSite(page);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.goto(siteUrl('default', '/lang-config?locale=de&return=/pages/privacy'));
  await expect(page).toHaveURL(siteUrl('default', '/pages/privacy'));
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(translator('de')('pages.privacy'));
  await page.goto(siteUrl('default', '/'));
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
});

test('the language menu stays on the page it was opened on, static or members route', async ({ page }) => {
  for (const path of ['/pricing', '/pages/faq', '/likes']) {
    await page.goto(siteUrl('default', path));
    await enterSite(page);
    const header = page.locator('body > header');
    await header.locator('summary').click();
    await header.locator('a[hreflang="de"]').click();
    await expect(page, path).toHaveURL(siteUrl('default', path));
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await header.locator('summary').click();
    await header.locator('a[hreflang="en"]').click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  }
});

test('the site-entry warning shows once and stays away after entering', async ({ page }) => {
  const t = translator('en');
  await page.goto(siteUrl('bdsm', '/'));
  const dialog = page.getByRole('dialog', { name: t('site_entry.title') });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog, 'Escape does not skip the warning').toBeVisible();
  await dialog.getByRole('button', { name: t('site_entry.enter') }).click();
  await expect(dialog).toBeHidden();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(dialog).toBeHidden();
});

test('members-area paths answer with the members shell, which asks a visitor to log in', async ({ page }) => {
  const t = translator('fr');
  await page.goto(siteUrl('gay', '/members/some-profile', 'fr'));
  await enterSite(page);
  await expect(page.getByText(t('members.login_required'))).toBeVisible();
});

test('the API answers on the site origin in the request language', async ({ request }) => {
  // Node does not resolve *.localhost as Chromium does: ask 127.0.0.1 with the Host header.
  const url = new URL(siteUrl('gilf', '/api/settings.php', 'it'));
  const response = await request.get(`http://127.0.0.1:${url.port}${url.pathname}`, { headers: { host: url.host } });
  expect(response.ok()).toBe(true);
  const { settings } = (await response.json()) as {
    settings: { name: string; domain_language: string; fictional_plural: string };
  };
  expect(settings.name).toBe('SilverDesire');
  expect(settings.domain_language).toBe('it');
  expect(settings.fictional_plural).toBe(translator('it')('fictional.plural'));
});

test('the development inbox is reachable', async ({ page }) => {
  await page.goto(siteUrl('default', '/_dev/mail'));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('members lose the legal footer links off the home page, visitors keep them', async ({
  page,
  context,
  consoleErrors,
}) => {
  const t = translator('de');
  const legal = page.locator('footer').getByRole('link', { name: t('footer.terms') });
  await page.goto(siteUrl('milf', '/pages/faq', 'de'));
  await enterSite(page);
  await expect(legal).toBeVisible();
  const url = new URL(siteUrl('milf', '/', 'de'));
  await context.addCookies([{ name: 'auth.loggedIn', value: '1', domain: url.hostname, path: '/' }]);
  await withMadeUpMarker(
    page,
    consoleErrors,
    () => page.reload(),
    () => expect(legal).toBeHidden(),
  );
  await withMadeUpMarker(
    page,
    consoleErrors,
    () => page.goto(siteUrl('milf', '/', 'de')),
    () => expect(legal).toBeVisible(),
  );
});

test('a logged-in member sees the way into the members area instead of Login', async ({
  page,
  context,
  consoleErrors,
}) => {
  const t = translator('nl');
  await page.goto(siteUrl('bbw', '/pages/cookies', 'nl'));
  await enterSite(page);
  const nav = page.locator('header nav');
  await expect(nav.getByRole('link', { name: t('nav.login') })).toBeVisible();
  const url = new URL(siteUrl('bbw', '/', 'nl'));
  await context.addCookies([{ name: 'auth.loggedIn', value: '1', domain: url.hostname, path: '/' }]);
  await withMadeUpMarker(
    page,
    consoleErrors,
    () => page.reload(),
    async () => {
      await expect(nav.getByRole('link', { name: t('nav.search_members') })).toBeVisible();
      await expect(nav.getByRole('link', { name: t('nav.login') })).toBeHidden();
    },
    // The marker was stale: the visitor's Login button comes back.
    () => expect(nav.getByRole('link', { name: t('nav.login') })).toBeVisible(),
  );
});
