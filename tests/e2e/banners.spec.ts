/**
 * The members area's banners (SPEC §2.4) as a new member meets them: without a photo the
 * add-photo banner (b) shows with its link to the profile, and in a browser that can receive
 * pushes the push banner (c) too; dismissed, each stays away after a reload and on other
 * pages. The push banner's button asks the browser; refused, it says how to allow them.
 */
import { translator } from '#src/i18n/index.ts';
import { test, expect } from './fixtures.ts';
import { EN_DEFAULT, createMember, logIn, urlOf } from './journeys.ts';

const t = translator('en');
// Each test signs a member up and loads several screens of the members area.
test.describe.configure({ timeout: 90_000 });
/** The members area has loaded (its nav), however busy the machine. */
const LOADED = { timeout: 20_000 };

test('the add-photo and push banners show, and stay dismissed after a reload', async ({ page, request }) => {
  const email = await createMember(request, 'banners');
  expect(await logIn(page, email)).toBe(200);
  await page.goto(urlOf(EN_DEFAULT, '/members'));
  await expect(page.getByRole('link', { name: t('nav.search_members') }).first()).toBeVisible(LOADED);

  const photo = page.getByRole('region', { name: t('banners.photo.title') });
  const push = page.getByRole('region', { name: t('banners.push.title') });
  await expect(photo).toBeVisible(LOADED);
  await expect(photo.getByRole('link', { name: t('banners.photo.add') })).toHaveAttribute('href', '/profile');
  if (test.info().project.name === 'phone') {
    // One banner at a time on a phone (docs/banners.md): the push banner waits its turn.
    await expect(push).toHaveCount(0);
  } else {
    await expect(push).toBeVisible(LOADED);
    await expect(push.getByRole('button', { name: t('banners.push.enable') })).toBeEnabled();
  }

  // Not on the profile editor (b), nor on the settings (c).
  await photo.getByRole('link', { name: t('banners.photo.add') }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(photo).toHaveCount(0);
  await expect(push).toBeVisible(LOADED);
  await page.goto(urlOf(EN_DEFAULT, '/notifications'));
  await expect(page.getByRole('heading', { level: 1, name: t('settings.title') })).toBeVisible(LOADED);
  await expect(push).toHaveCount(0);
  await expect(photo).toHaveCount(0);

  await page.goto(urlOf(EN_DEFAULT, '/members'));
  await expect(photo).toBeVisible(LOADED);
  await photo.getByRole('button', { name: t('common.dismiss') }).click();
  await expect(photo).toHaveCount(0);
  await push.getByRole('button', { name: t('common.dismiss') }).click();
  await expect(push).toHaveCount(0);
  const stored = await page.evaluate(() => [
    localStorage.getItem('banners.photo.dismissed_at'),
    localStorage.getItem('banners.push.dismissed_at'),
  ]);
  for (const value of stored) expect(Number(value)).toBeGreaterThan(Date.now() - 60_000);

  await page.reload();
  await expect(page.getByRole('link', { name: t('nav.search_members') }).first()).toBeVisible(LOADED);
  await page.goto(urlOf(EN_DEFAULT, '/likes'));
  await expect(page.getByRole('link', { name: t('nav.search_members') }).first()).toBeVisible(LOADED);
  // Everything the page loads has arrived (a banner's chunk would have too).
  await page.waitForLoadState('networkidle');
  await expect(photo).toHaveCount(0);
  await expect(push).toHaveCount(0);
});

test('the push banner says how to allow notifications when the browser refuses', async ({ page, request }) => {
  const email = await createMember(request, 'pushrefused');
  expect(await logIn(page, email)).toBe(200);
  // The member refuses notifications in the browser's prompt.
  await page.addInitScript(() => {
    Notification.requestPermission = () => Promise.resolve('denied');
    // The add-photo banner was dismissed: on a phone it would come first (one at a time).
    if (!localStorage.getItem('banners.photo.dismissed_at')) {
      localStorage.setItem('banners.photo.dismissed_at', String(Date.now()));
    }
  });
  await page.goto(urlOf(EN_DEFAULT, '/chats'));
  const push = page.getByRole('region', { name: t('banners.push.title') });
  await push.getByRole('button', { name: t('banners.push.enable') }).click(LOADED);
  await expect(push.getByText(t('banners.push.refused'))).toBeVisible();
  await push.getByRole('button', { name: t('common.dismiss') }).click();
  await page.reload();
  await expect(page.getByRole('link', { name: t('nav.search_members') }).first()).toBeVisible(LOADED);
  await page.waitForLoadState('networkidle');
  await expect(push).toHaveCount(0);
});
