/**
 * Every site in two locales (English and a rotating second one) serves its home page, a
 * legal page and the 404 page with its own brand, in the right language, without errors.
 */
import { sites } from '#sites-config';
import { LOCALES } from '#src/lib/locales.ts';
import { translator } from '#src/i18n/index.ts';
import { test, expect, siteUrl, enterSite } from './fixtures.ts';

const others = LOCALES.filter((l) => l !== 'en');

for (const [index, site] of sites.entries()) {
  for (const locale of ['en', others[index % others.length]!] as const) {
    const t = translator(locale);
    test.describe(`${site.id} in ${locale}`, () => {
      test('home page', async ({ page }) => {
        await page.goto(siteUrl(site.id, '/', locale));
        await expect(page.locator('html')).toHaveAttribute('lang', locale);
        await expect(page).toHaveTitle(new RegExp(site.brand));
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(page.locator('footer')).toContainText(t('footer.terms'));
      });

      test('legal page', async ({ page }) => {
        await page.goto(siteUrl(site.id, '/pages/terms', locale));
        await enterSite(page);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('pages.terms'));
        await expect(page.getByTestId('company-details')).toBeVisible();
      });

      test('404 page', async ({ page }) => {
        const response = await page.goto(siteUrl(site.id, '/no-such-page', locale));
        expect(response?.status()).toBe(404);
        await enterSite(page);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('errors.not_found_title'));
        await page.getByRole('link', { name: t('errors.back_home') }).click();
        await expect(page).toHaveURL(siteUrl(site.id, '/', locale));
      });
    });
  }
}
