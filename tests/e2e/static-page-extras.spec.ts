/**
 * The members' banners and like modal on the static pages of the default layout (SPEC §2.2,
 * §2.4, §2.6; docs/banners.md "On static pages"), on a phone at 390 and 320 px: a logged-in
 * member meets the activation reminder or the add-photo banner on pricing and the legal
 * pages, and the like modal of `?t=`; a visitor loads no script for any of it.
 */
import { translator } from '#src/i18n/index.ts';
import { MEMBER_EXTRAS_SCRIPT } from '#src/lib/member-extras.ts';
import { test, expect } from './fixtures.ts';
import { EN_DEFAULT, PASSWORD, createMember, direct, journeyIp, logIn, uniqueEmail, urlOf } from './journeys.ts';

const t = translator('en');
test.describe.configure({ timeout: 90_000 });
const LOADED = { timeout: 20_000 };

for (const viewport of [
  { width: 390, height: 844 },
  { width: 320, height: 640 },
]) {
  test.describe(`${viewport.width} × ${viewport.height}`, () => {
    test.use({ viewport });
    // Phone widths, in the phone project (the desktop project would repeat the same viewport).
    test.skip(({ isMobile }) => !isMobile, 'phone widths');

    test('a member meets the add-photo banner and the like modal on static pages', async ({
      page,
      request,
    }, testInfo) => {
      const email = await createMember(request, 'staticextras');
      expect(await logIn(page, email)).toBe(200);
      await page.goto(urlOf(EN_DEFAULT, '/pricing'));
      const photo = page.getByRole('region', { name: t('banners.photo.title') });
      await expect(photo).toBeVisible(LOADED);
      await expect(photo.getByRole('link', { name: t('banners.photo.add') })).toHaveAttribute('href', '/profile');
      // The banner sits between the top nav and the page, inside the phone's width.
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(viewport.width);
      // The static top nav stays, with the way into the members area instead of Login.
      await expect(page.getByRole('link', { name: t('nav.search_members') })).toBeVisible();
      await expect(page.getByRole('link', { name: t('nav.login') })).toBeHidden();
      await page.screenshot({ path: testInfo.outputPath('pricing-member.png') });

      // Dismissed on a static page, it stays away in the members area too (one store).
      await photo.getByRole('button', { name: t('common.dismiss') }).click();
      await expect(photo).toHaveCount(0);
      await page.goto(urlOf(EN_DEFAULT, '/members'));
      await expect(page.getByRole('link', { name: t('nav.search_members') }).first()).toBeVisible(LOADED);
      await page.waitForLoadState('networkidle');
      await expect(photo).toHaveCount(0);

      // The like modal of ?t=1 on a legal page: a new like shows, and t leaves the URL.
      await page.goto(urlOf(EN_DEFAULT, '/pages/terms?t=1'));
      const modal = page.getByRole('dialog');
      await expect(modal.getByText(t('likes.modal.new_like'))).toBeVisible(LOADED);
      await expect(page).not.toHaveURL(/[?&]t=/);
      await expect(page).toHaveURL(/\/pages\/terms$/);
      await page.screenshot({ path: testInfo.outputPath('terms-like-modal.png') });
    });

    test('a member who has not confirmed the e-mail address is reminded on static pages', async ({ page, request }) => {
      const email = uniqueEmail('staticremind');
      const signup = direct('/api/signup.php');
      const answer = await request.post(signup.url, {
        headers: { host: signup.host, 'x-forwarded-for': journeyIp() },
        data: { email, name: 'E2E remind', password: PASSWORD, date_of_birth: '1990-04-02', gender: 'male' },
      });
      expect(answer.status(), await answer.text()).toBe(200);
      expect(await logIn(page, email)).toBe(200);
      await page.goto(urlOf(EN_DEFAULT, '/pages/faq'));
      const reminder = page.getByRole('alert').filter({ hasText: t('banners.activation.title') });
      await expect(reminder).toBeVisible(LOADED);
      await reminder.getByRole('button').click();
      await expect(reminder.getByText(t('banners.activation.sent'))).toBeVisible(LOADED);
    });

    test('a visitor loads none of it', async ({ page }) => {
      const scripts: string[] = [];
      page.on('request', (r) => {
        if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
      });
      await page.goto(urlOf(EN_DEFAULT, '/pricing'));
      await page.waitForLoadState('networkidle');
      expect(scripts).not.toContain(MEMBER_EXTRAS_SCRIPT);
      expect(scripts.filter((s) => s.startsWith('/_astro/'))).toEqual([]);
      await expect(page.getByRole('region', { name: t('banners.photo.title') })).toHaveCount(0);
    });
  });
}
