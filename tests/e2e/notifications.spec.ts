/**
 * E-mail notifications as a member meets them (docs/notifications.md): the switches in
 * settings save and stay after a reload; a like mails the liked member, and the unsubscribe
 * link of that mail opens a page that asks first and then stops the mails, which settings
 * then explains. Members are made through the API (signup + activation from the dev inbox).
 */
import type { Browser, Page } from '@playwright/test';
import { translator } from '#src/i18n/index.ts';
import { test, expect, enterSite } from './fixtures.ts';
import { EN_DEFAULT, createMember, logIn, mailedLink, urlOf } from './journeys.ts';

const t = translator('en');

async function openSettings(page: Page): Promise<void> {
  await page.goto(urlOf(EN_DEFAULT, '/notifications'));
  await enterSite(page);
  await expect(page.getByRole('heading', { level: 1, name: t('settings.title') })).toBeVisible();
}

/** A logged-in page of a new member in its own browser context. */
async function memberPage(browser: Browser, email: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  expect(await logIn(page, email)).toBe(200);
  return page;
}

test('the e-mail notification switches save one by one and stay after a reload', async ({ page, request }) => {
  const email = await createMember(request, 'notify-switches');
  expect(await logIn(page, email)).toBe(200);
  await openSettings(page);
  const section = page.locator('#email-notifications');
  const weekly = section.getByRole('switch', { name: t('settings.email_notifications.preferences.weekly_updates') });
  const offers = section.getByRole('switch', { name: t('settings.email_notifications.preferences.promotions') });
  await expect(weekly).toBeChecked();
  await expect(offers).not.toBeChecked();

  // The inputs are visually hidden behind the drawn switch: click the label row.
  await section.getByText(t('settings.email_notifications.preferences.weekly_updates')).click();
  await expect(weekly).not.toBeChecked();
  await expect(weekly).toBeEnabled();
  await section.getByText(t('settings.email_notifications.preferences.promotions')).click();
  await expect(offers).toBeChecked();
  await expect(offers).toBeEnabled();

  await page.reload();
  await expect(weekly).not.toBeChecked();
  await expect(offers).toBeChecked();
  await expect(section.getByRole('switch', { name: t('settings.email_notifications.preferences.like') })).toBeChecked();
});

test('a like mails the liked member; the mail’s unsubscribe page asks, then stops the mails', async ({
  browser,
  request,
}) => {
  const herEmail = await createMember(request, 'notify-her');
  const hisEmail = await createMember(request, 'notify-him');
  const her = await memberPage(browser, herEmail);
  const herProfile = await her.evaluate(
    async () =>
      (
        (await (await fetch('/api/user.php', { headers: { 'x-request-type': 'client' } })).json()) as {
          user: { profile: { id: string } };
        }
      ).user.profile.id,
  );
  const him = await memberPage(browser, hisEmail);
  const liked = await him.evaluate(
    async (profile) =>
      (
        await fetch('/api/like.php', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-request-type': 'client' },
          body: JSON.stringify({ profile }),
        })
      ).status,
    herProfile,
  );
  expect(liked).toBe(200);

  const unsubscribe = await mailedLink(request, herEmail, '/api/unsubscribe.php');
  const page = await (await browser.newContext()).newPage();
  await page.goto(urlOf(EN_DEFAULT, unsubscribe));
  await expect(page.getByText(t('notifications.unsubscribe.question', { brand: 'Flirtmoment' }))).toBeVisible();
  await page.getByRole('button', { name: t('notifications.unsubscribe.all_button') }).click();
  await expect(page.getByText(/You are unsubscribed/)).toBeVisible();

  await her.goto(urlOf(EN_DEFAULT, '/notifications'));
  await enterSite(her);
  await expect(her.getByTestId('notifications-disabled')).toContainText(
    t('banners.notifications_disabled.listunsubscribe'),
  );
});
