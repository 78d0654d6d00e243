/**
 * The account part of settings (SPEC §2.7) as a member meets it: change the e-mail address
 * and confirm it from the mailed link, the password checks, the language, and the deletion
 * flow ending on /account-deleted, then reactivation from the mailed link and a new login.
 * Journeys that change an account create their own member through the API (signup +
 * activation from the dev inbox); the seeded demo login is only used where nothing changes.
 * The account journeys run on two sites in two languages, each with its own member: every
 * variant gets smoke tests, full journeys run on a representative few.
 */
import type { Page } from '@playwright/test';
import { translator } from '#src/i18n/index.ts';
import type { Locale } from '#src/lib/locales.ts';
import { test, expect, enterSite, siteUrl } from './fixtures.ts';
import {
  EN_DEFAULT,
  JOURNEY_SITES,
  PASSWORD,
  SITE,
  createMember,
  expectErrorAnswers,
  label,
  logIn,
  mailedLink,
  uniqueEmail,
  urlOf,
  type Where,
} from './journeys.ts';

const t = translator('en');

async function openSettings(page: Page, where: Where = EN_DEFAULT): Promise<void> {
  await page.goto(urlOf(where, '/notifications'));
  await enterSite(page);
  const tr = translator(where.locale ?? 'en');
  await expect(page.getByRole('heading', { level: 1, name: tr('settings.title') })).toBeVisible();
}

test('the password change checks the repetition and the old password before changing anything', async ({
  page,
  consoleErrors,
}) => {
  // The seeded demo member: both attempts are refused, so its password stays as it is.
  expect(await logIn(page, 'free@demo.test', 'demo-password')).toBe(200);
  await openSettings(page);
  const section = page.locator('#password');
  const submit = section.getByRole('button', { name: t('settings.password.submit') });
  await section.getByLabel(t('settings.password.old')).fill('demo-password');
  await section.getByLabel(t('settings.password.new'), { exact: true }).fill('another-long-password-1');
  await section.getByLabel(t('settings.password.repeat')).fill('another-long-password-2');
  await submit.click();
  await expect(section.getByRole('alert')).toHaveText('The entered passwords are not the same.');

  await section.getByLabel(t('settings.password.old')).fill('wrong-old-password-1');
  await section.getByLabel(t('settings.password.repeat')).fill('another-long-password-1');
  await submit.click();
  await expect(section.getByRole('alert')).toHaveText('Please check your old password.');
  expectErrorAnswers(consoleErrors, 400);
});

for (const where of JOURNEY_SITES) {
  const t = translator(where.locale ?? 'en');

  test(`a member changes the e-mail address, confirms it from the mailed link, then the language (${label(where)})`, async ({
    page,
    request,
    consoleErrors,
  }) => {
    const email = await createMember(request, 'mailchange', where);
    expect(await logIn(page, email, PASSWORD, where)).toBe(200);
    await openSettings(page, where);
    const section = page.locator('#account-email');
    await expect(section.getByText(email)).toBeVisible();

    const field = section.getByLabel(t('settings.email.new'));
    // The change is confirmed with the current password (docs/security.md).
    await section.getByLabel(t('settings.email.password')).fill(PASSWORD);
    await field.fill('not-an-address');
    await section.getByRole('button', { name: t('settings.email.submit') }).click();
    await expect(section.getByRole('alert')).toHaveText(t('accounts.errors.new_email_invalid'));
    expectErrorAnswers(consoleErrors, 400);

    const newEmail = uniqueEmail('changed');
    await field.fill(newEmail);
    await section.getByRole('button', { name: t('settings.email.submit') }).click();
    await expect(section.getByRole('status')).toHaveText(t('settings.email.sent', { email: newEmail }));

    await page.goto(urlOf(where, await mailedLink(request, newEmail, '/mail-change/do')));
    await enterSite(page);
    await page.getByRole('link', { name: t('auth.mail_change.to_settings') }).click();
    await expect(page.getByRole('heading', { level: 1, name: t('settings.title') })).toBeVisible();
    await expect(page.locator('#account-email').getByText(newEmail)).toBeVisible();

    // SPEC §2.3: settings offer the locales of the member's country; Switzerland has both.
    const moved = await page.evaluate(
      async () =>
        (
          await fetch('/api/profile.php', {
            method: 'PUT',
            headers: { 'content-type': 'application/json', 'x-request-type': 'client' },
            body: JSON.stringify({ country: 'CH' }),
          })
        ).status,
    );
    expect(moved).toBe(200);
    await page.reload();
    await enterSite(page);
    // SPEC §4 "Locale": the language is saved to the server and the page reloads in it.
    const next: Locale = where.locale === 'de' ? 'en' : 'de';
    await page.locator('#language').getByRole('combobox').selectOption(next);
    await expect(page.locator('html')).toHaveAttribute('lang', next);
    await expect(page.locator('#language').getByRole('combobox')).toHaveValue(next);
    await expect(page.getByRole('heading', { level: 1, name: translator(next)('settings.title') })).toBeVisible();
    const saved = await page.evaluate(
      async () => ((await (await fetch('/api/user.php')).json()) as { user: { language: string } }).user.language,
    );
    expect(saved).toBe(next);
  });

  test(`a member changes the password, deletes the account, reactivates it from the mailed link and logs in again (${label(where)})`, async ({
    page,
    request,
    consoleErrors,
  }) => {
    const email = await createMember(request, 'delete', where);
    const newPassword = 'another-long-password-1';
    expect(await logIn(page, email, PASSWORD, where)).toBe(200);
    await openSettings(page, where);
    const password = page.locator('#password');
    await password.getByLabel(t('settings.password.old')).fill(PASSWORD);
    await password.getByLabel(t('settings.password.new'), { exact: true }).fill(newPassword);
    await password.getByLabel(t('settings.password.repeat')).fill(newPassword);
    await password.getByRole('button', { name: t('settings.password.submit') }).click();
    await expect(password.getByRole('status')).toHaveText(t('settings.password.changed'));
    expect(await logIn(page, email, newPassword, where)).toBe(200);

    await openSettings(page, where);
    const section = page.locator('#delete-account');
    await section.getByRole('button', { name: t('settings.delete.start') }).click();
    await expect(section.getByText(t('settings.delete.alt_privacy_title'), { exact: true })).toBeVisible();
    // The try-out package is a real bundle to buy (tests/e2e/delete-offer.spec.ts buys it).
    await expect(
      section.getByTestId('delete-tryout').getByRole('button', { name: t('settings.delete.alt_tryout_buy') }),
    ).toBeVisible();
    await section.getByRole('button', { name: t('settings.delete.next') }).click();
    const confirm = section.getByRole('button', { name: t('settings.delete.confirm') });
    await expect(confirm).toBeDisabled();
    await section.getByLabel(t('settings.delete.reasons.found_someone')).check();
    await section.getByLabel(t('settings.delete.remarks')).fill('Met someone here, thank you.');
    await expect(confirm).toBeDisabled();
    await section.getByLabel(t('settings.delete.password')).fill(newPassword);
    await confirm.click();
    await expect(page).toHaveURL(urlOf(where, '/account-deleted'));

    // Within the 14 days the login says the account is deleted (login_deleted) and mails a new
    // reactivation link; the newest link is the one followed below.
    expect(await logIn(page, email, newPassword, where), 'a deleted account cannot log in').toBe(403);
    expectErrorAnswers(consoleErrors, 403);

    await page.goto(urlOf(where, await mailedLink(request, email, '/api/reactivate.php')));
    await expect(page).toHaveURL(/\/login\?reactivated=1$/);
    expect(await logIn(page, email, newPassword, where)).toBe(200);
    await openSettings(page, where);
    await expect(page.locator('#account-email').getByText(email)).toBeVisible();
  });
}

test('the logged-in nav routes inside the members area and logs out to the home page', async ({ page }) => {
  expect(await logIn(page, 'free@demo.test', 'demo-password')).toBe(200);
  await page.goto(siteUrl(SITE, '/members'));
  await enterSite(page);
  const nav = page.getByRole('navigation', { name: t('nav.main_navigation') });
  await expect(nav.getByRole('link', { name: t('nav.login') }), 'the static nav is hidden for members').toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: t('search.title') })).toBeVisible();

  // Client-side routing: the page (and this marker) survives the move to the settings.
  await page.evaluate(() => Object.assign(window, { stillHere: true }));
  const accountMenu = nav.getByLabel(t('members_nav.account_menu', { name: 'Sam' }));
  await accountMenu.click();
  await nav.getByRole('link', { name: t('nav.settings') }).click();
  await expect(page).toHaveURL(siteUrl(SITE, '/notifications'));
  await expect(page.getByRole('heading', { level: 1, name: t('settings.title') })).toBeVisible();
  expect(await page.evaluate(() => 'stillHere' in window)).toBe(true);

  await accountMenu.click();
  await nav.getByRole('button', { name: t('nav.logout') }).click();
  await expect(page).toHaveURL(siteUrl(SITE, '/'));
  await expect(page.locator('html')).not.toHaveAttribute('data-member');
});
