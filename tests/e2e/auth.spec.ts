/**
 * Account journeys in the browser (SPEC §2.6, §2.7, §8): signup as a page on
 * the phone project and as a modal on the desktop project, the activation link from the dev
 * inbox, logout and login, a wrong password, and the password reset. On two sites and two
 * locales. Every test makes its own account with a unique address.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { translator, type Translate } from '#src/i18n/index.ts';
import type { Locale } from '#src/lib/locales.ts';
import { test, expect, siteUrl, enterSite } from './fixtures.ts';
import { journeyIp } from './journeys.ts';

const VARIANTS: { site: string; locale: Locale }[] = [
  { site: 'default', locale: 'en' },
  { site: 'bdsm', locale: 'de' },
];
const PASSWORD = 'velvet-harbour-lantern-42';

let counter = 0;
function uniqueAccount(tag: string) {
  const id = `${Date.now().toString(36)}${(counter++).toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  return { email: `e2e-${tag}-${id}@example.com`, name: `E2e${id}`.slice(0, 20) };
}

/**
 * Each test signs up from its own address, so the per-IP signup limit (5 an hour) counts
 * it apart when the server trusts X-Forwarded-For (TRUST_PROXY); ignored otherwise.
 */
/** The API on a site's host name: Node cannot resolve *.localhost, Chromium can. */
function apiTarget(site: string, locale: Locale, path: string) {
  const url = new URL(siteUrl(site, path, locale));
  return { url: `http://127.0.0.1:${url.port}${url.pathname}${url.search}`, headers: { host: url.host } };
}

/** The newest link to `path` in the mails sent to `to`, waiting for the mail to arrive. */
async function mailedLink(request: APIRequestContext, site: string, locale: Locale, to: string, path: string) {
  const { url, headers } = apiTarget(site, locale, `/_dev/mail.json?to=${encodeURIComponent(to)}`);
  let found: string | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get(url, { headers });
        const { mails } = (await response.json()) as { mails: { links: string[] }[] };
        found = mails.flatMap((m) => m.links).find((link) => new URL(link).pathname === path);
        return found;
      },
      { message: `a mail to ${to} with a link to ${path}` },
    )
    .toBeTruthy();
  return found!;
}

/** Creates an account through the API (the signup UI is not under test there). */
async function signupByApi(
  request: APIRequestContext,
  site: string,
  locale: Locale,
  account: { email: string; name: string },
) {
  const { email, name } = account;
  const { url, headers } = apiTarget(site, locale, '/api/signup.php');
  const response = await request.post(url, {
    headers: {
      ...headers,
      'content-type': 'application/json',
      'x-request-type': 'client',
      'x-forwarded-for': journeyIp(),
    },
    data: { email, name, password: PASSWORD, date_of_birth: '1988-03-14', gender: 'male', seeking: 'female' },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

/** Waits until the page's islands are hydrated, so a click reaches React. */
async function hydrated(page: Page) {
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
}

async function fillSignupForm(page: Page, t: Translate, account: { email: string; name: string }) {
  const form = page.locator('form').filter({ has: page.getByRole('button', { name: t('auth.signup.submit') }) });
  await form.getByLabel(t('auth.email')).fill(account.email);
  await form.getByLabel(t('auth.signup.name')).fill(account.name);
  await form.getByLabel(t('auth.password'), { exact: true }).fill(PASSWORD);
  await form.getByLabel(t('auth.signup.day'), { exact: true }).selectOption('14');
  await form.getByLabel(t('auth.signup.month'), { exact: true }).selectOption('03');
  await form.getByLabel(t('auth.signup.year'), { exact: true }).selectOption('1988');
  await form.getByLabel(t('auth.signup.male'), { exact: true }).check();
  await form.getByLabel(t('auth.signup.seeking_female'), { exact: true }).check();
  await form.getByRole('checkbox').check();
  await form.getByRole('button', { name: t('auth.signup.submit') }).click();
}

async function logIn(page: Page, t: Translate, site: string, locale: Locale, email: string, password: string) {
  await page.goto(siteUrl(site, '/login', locale));
  await enterSite(page);
  await hydrated(page);
  await page.getByLabel(t('auth.email')).fill(email);
  await page.getByLabel(t('auth.password'), { exact: true }).fill(password);
  await page.getByRole('button', { name: t('auth.login.submit'), exact: true }).click();
}

for (const { site, locale } of VARIANTS) {
  test.describe(`${site}/${locale}`, () => {
    const t = translator(locale);

    test('sign up, check the e-mail, activate, log out and log in again', async ({ page, request }, info) => {
      // The longest member journey of the suite: signup, activation, logout and login again.
      test.setTimeout(60_000);
      const account = uniqueAccount(info.project.name);
      await page.setExtraHTTPHeaders({ 'x-forwarded-for': journeyIp() });
      await page.goto(siteUrl(site, '/signup', locale));
      await enterSite(page);

      // Phones get the page, other devices the modal (SPEC §2.6).
      const dialog = page.locator('dialog[open]:not(#site-entry-warning)');
      if (info.project.name === 'phone') await expect(dialog).toHaveCount(0);
      else await expect(dialog).toBeVisible();

      await fillSignupForm(page, t, account);
      await expect(page.getByRole('heading', { name: t('auth.photo.title') })).toBeVisible();
      // Logged in from here on: the page's header says so.
      await expect(page.locator('body > header .nav-login')).toBeHidden();
      await expect(page.locator('body > header .nav-members')).toBeVisible();
      if (info.project.name === 'desktop') {
        await page.keyboard.press('Escape');
        await expect(dialog, 'Esc does not close the modal while signup is in progress').toBeVisible();
      }
      await page.getByRole('button', { name: t('auth.photo.skip') }).click();
      for (const step of [2, 3, 4] as const) {
        await expect(page.getByRole('heading', { name: t(`auth.personal.title_${step}`) })).toBeVisible();
        await page.getByRole('button', { name: t('auth.personal.continue') }).click();
      }
      await page.getByRole('button', { name: t('auth.push.not_now') }).click();
      await expect(page.getByRole('heading', { name: t('auth.complete.title') })).toBeVisible();
      await expect(page.getByText(account.email)).toBeVisible();

      const activation = await mailedLink(request, site, locale, account.email, '/api/activate.php');
      await page.goto(activation);
      await expect(page).toHaveURL(siteUrl(site, '/activate/done', locale));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('auth.activate.done_title'));
      await expect(page.getByRole('link', { name: new RegExp(t('auth.activate.premium_title')) })).toContainText(
        t('auth.activate.discount_badge', { percent: 25 }),
      );
      // Still logged in: on to members, no login hint.
      await expect(page.getByText(t('auth.activate.done_text_member'))).toBeVisible();
      await expect(page.getByRole('link', { name: t('auth.activate.login') })).toBeHidden();
      await expect(page.getByRole('link', { name: t('common.continue') })).toHaveAttribute('href', '/members');
      // The signup is complete: /signup sends the member on to members.
      await page.goto(siteUrl(site, '/signup', locale));
      await expect(page).toHaveURL(siteUrl(site, '/members', locale));

      // Logout as the SPEC's GET /api/logout.php from a page of the site (the app POSTs),
      // then '/'. From a static page: the members area still loading would meet the ended
      // session with 403 answers. The static page's member extras ask who is logged in
      // first (docs/banners.md "On static pages"); logging out while that question is under
      // way would end the session before it is answered (a 403 in the console).
      // (The members page being left may still answer a user.php of its own: the FAQ page's is
      // the one it refers to.)
      const extrasAsked = page.waitForResponse(
        async (response) =>
          new URL(response.url()).pathname === '/api/user.php' &&
          ((await response.request().headerValue('referer')) ?? '').includes('/pages/faq'),
        { timeout: 10_000 },
      );
      await page.goto(siteUrl(site, '/pages/faq', locale));
      // Its answer, when it came in time (else the logout below may still meet it: a 403).
      const asked = await extrasAsked.catch(() => null);
      if (asked) expect(asked.status()).toBe(200);
      const status = await page.evaluate(
        async () => (await fetch('/api/logout.php', { credentials: 'same-origin' })).status,
      );
      expect(status).toBe(200);
      await page.goto(siteUrl(site, '/', locale));
      await logIn(page, t, site, locale, account.email, PASSWORD);
      await expect(page).toHaveURL(siteUrl(site, '/members', locale));
    });

    test('a wrong password shows the login error', async ({ page, request, consoleErrors }, info) => {
      const account = uniqueAccount(info.project.name);
      await signupByApi(request, site, locale, account);
      await logIn(page, t, site, locale, account.email, 'not-the-password');
      await expect(page.getByRole('alert')).toHaveText(t('accounts.errors.login_failed'));
      if (locale === 'en') await expect(page.getByRole('alert')).toHaveText('Login failed, please try again');
      await expect(page).toHaveURL(siteUrl(site, '/login', locale));
      // Chromium logs the expected 401 answer of the failed login as a console error.
      const expected = consoleErrors.findIndex((e) => e.includes('status of 401'));
      if (expected >= 0) consoleErrors.splice(expected, 1);
    });

    test('reset the password by the mailed link and log in with the new one', async ({
      page,
      request,
      consoleErrors,
    }, info) => {
      const account = uniqueAccount(info.project.name);
      const newPassword = 'copper-meadow-violin-77';
      await signupByApi(request, site, locale, account);

      await page.goto(siteUrl(site, '/login', locale));
      await enterSite(page);
      await page.getByRole('link', { name: t('auth.login.forgot') }).click();
      await expect(page).toHaveURL(siteUrl(site, '/reset-password', locale));
      await hydrated(page);
      await page.getByLabel(t('auth.email')).fill(account.email);
      await page.getByRole('button', { name: t('auth.reset.submit') }).click();
      await expect(page.getByText(t('auth.reset.sent'))).toBeVisible();

      const link = await mailedLink(request, site, locale, account.email, '/reset-password/do');
      await page.goto(link);
      await page.getByLabel(t('auth.reset.new_password'), { exact: true }).fill(newPassword);
      await page.getByLabel(t('auth.reset.repeat_password'), { exact: true }).fill(newPassword);
      await page.getByRole('button', { name: t('auth.reset.do_submit') }).click();
      await expect(page.getByText(t('auth.reset.done'))).toBeVisible();

      // The link is single-use.
      await page.goto(link);
      await page.getByLabel(t('auth.reset.new_password'), { exact: true }).fill(newPassword);
      await page.getByLabel(t('auth.reset.repeat_password'), { exact: true }).fill(newPassword);
      await page.getByRole('button', { name: t('auth.reset.do_submit') }).click();
      await expect(page.getByText(t('auth.reset.link_invalid'))).toBeVisible();
      // Chromium logs the expected 400 answer to the used link as a console error.
      const expected = consoleErrors.findIndex((e) => e.includes('status of 400'));
      if (expected >= 0) consoleErrors.splice(expected, 1);
      await expect(page.getByRole('link', { name: t('auth.reset.request_new') })).toHaveAttribute(
        'href',
        '/reset-password',
      );

      await logIn(page, t, site, locale, account.email, newPassword);
      await expect(page).toHaveURL(siteUrl(site, '/members', locale));
    });
  });
}

test('an invalid activation link ends on /activate/error with the support contact', async ({ page }) => {
  const t = translator('en');
  await page.goto(siteUrl('default', '/api/activate.php?token=not-a-real-token-0000'));
  await expect(page).toHaveURL(siteUrl('default', '/activate/error'));
  await enterSite(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('auth.activate.error_title'));
  await expect(page.getByRole('link', { name: /^support@/ })).toHaveAttribute('href', /^mailto:support@/);
});
