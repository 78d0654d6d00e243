/**
 * What a new member meets on a phone (390 and 320 px wide) on the default site in English and
 * Kinkbound on its German domain: every refusal reads as a sentence in the member's language,
 * never as a text key; the swipe game and the match finder are in the account menu; the
 * activation page says what premium gives; a paying member sees the balance in the nav; the
 * time bonus stays in the members area (SPEC §2.1, §2.4 (e), §2.6).
 */
import { translator } from '#src/i18n/index.ts';
import { test, expect, enterSite } from './fixtures.ts';
import { EN_DEFAULT, JOURNEY_SITES, createMember, label, logIn, urlOf, type Where } from './journeys.ts';

const SEPA_SITES: readonly Where[] = [
  { site: 'bdsm', locale: 'de' },
  { site: 'default', locale: 'nl' },
];

const PHONES = [
  { width: 390, height: 844 },
  { width: 320, height: 640 },
] as const;

for (const phone of PHONES) {
  test.describe(`${phone.width} px`, () => {
    test.use({ viewport: phone });
    // SEPA is offered to members of SEPA countries: Kinkbound's German domain and the Dutch one.
    for (const where of SEPA_SITES) {
      test(`a bad IBAN on the SEPA form is explained, not shown as a key (${label(where)})`, async ({
        page,
        request,
      }) => {
        const t = translator(where.locale ?? 'en');
        const email = await createMember(request, 'iban', where);
        expect(await logIn(page, email, undefined, where)).toBe(200);
        await page.goto(urlOf(where, '/directdebit?package=p0'));
        await enterSite(page);
        const iban = page.getByLabel(t('direct_debit.form.iban'), { exact: true });
        // Everything else filled in as a member would: only the IBAN is wrong.
        await page.getByLabel(t('direct_debit.form.holder'), { exact: true }).fill('Sam Weber');
        await iban.fill('DE00 1234');
        await page.getByLabel(t('direct_debit.form.street'), { exact: true }).fill('Hauptstraße');
        await page.getByLabel(t('direct_debit.form.house_number'), { exact: true }).fill('12a');
        await page.getByLabel(t('direct_debit.form.postal_code'), { exact: true }).fill('10115');
        await page.getByLabel(t('direct_debit.form.city'), { exact: true }).fill('Berlin');
        await page.getByLabel(t('direct_debit.form.phone'), { exact: true }).fill('0151 23456789');
        await page.getByRole('checkbox').check();
        await page.getByRole('button', { name: t('direct_debit.form.submit') }).click();
        await expect(page.getByText(t('direct_debit.form.iban_invalid'), { exact: true })).toBeVisible();
        await expect(page.getByText(/\b(api|direct_debit)\.[a-z_.]+\b/)).toHaveCount(0);
        await expect(iban).toHaveAttribute('aria-invalid', 'true');
        // Each label on one line ('Hausnummer' broke inside the word at 320 px).
        const heights = await page
          .locator('label')
          .filter({
            hasText: new RegExp(`^(${t('direct_debit.form.holder')}|${t('direct_debit.form.house_number')})$`),
          })
          .evaluateAll((labels) => labels.map((label) => label.getBoundingClientRect().height));
        expect(heights).toHaveLength(2);
        expect(heights[1]).toBeLessThanOrEqual((heights[0] ?? 0) + 1);
      });
    }
  });
}

for (const phone of PHONES) {
  test.describe(`${phone.width} px, account menu and pages`, () => {
    test.use({ viewport: phone });
    for (const where of JOURNEY_SITES) {
      test(`the swipe game and the match finder are in the account menu (${label(where)})`, async ({
        page,
        request,
      }) => {
        const t = translator(where.locale ?? 'en');
        const email = await createMember(request, 'menu', where);
        expect(await logIn(page, email, undefined, where)).toBe(200);
        await page.goto(urlOf(where, '/likes'));
        const nav = page.getByRole('navigation', { name: t('nav.main_navigation') });
        await nav.locator('summary').last().click();
        await expect(nav.getByRole('link', { name: t('match_finder.title'), exact: true })).toBeVisible();
        await nav.getByRole('link', { name: t('swipe.title'), exact: true }).click();
        await expect(page.getByRole('heading', { level: 1, name: t('swipe.title') })).toBeVisible();
        await expect(page).toHaveURL(/\/swipe-game$/);
      });

      test(`the activation page says what premium gives (${label(where)})`, async ({ page }) => {
        const t = translator(where.locale ?? 'en');
        await page.goto(urlOf(where, '/activate/done'));
        await enterSite(page);
        await expect(page.getByText(t('auth.activate.premium_text'), { exact: true })).toBeVisible();
      });
    }

    test('a paying member sees the credit balance in the nav', async ({ page }) => {
      const t = translator('en');
      expect(await logIn(page, 'premium@demo.test', 'demo-password', EN_DEFAULT)).toBe(200);
      const credits = await page.evaluate(async () => {
        const answer = await fetch('/api/user.php', {
          headers: { accept: 'application/json', 'x-request-type': 'client' },
        });
        return ((await answer.json()) as { user: { credits: number } }).user.credits;
      });
      // The seeded purchase (250 credits): above the badge's 10, where only the figure tells.
      expect(credits).toBeGreaterThan(10);
      await page.goto(urlOf(EN_DEFAULT, '/members'));
      const nav = page.getByRole('navigation', { name: t('nav.main_navigation') });
      await expect(
        nav.getByRole('link', { name: `${t('nav.credits')} ${new Intl.NumberFormat('en').format(credits)}` }).first(),
      ).toBeVisible();
    });
  });
}

test.describe('the time bonus in the members area', () => {
  test.use({ viewport: PHONES[0] });
  for (const where of JOURNEY_SITES) {
    test(`shows on the members area only, not on the credits page (${label(where)})`, async ({ page, request }) => {
      const t = translator(where.locale ?? 'en');
      await page.clock.install();
      const email = await createMember(request, 'bonus', where);
      expect(await logIn(page, email, undefined, where)).toBe(200);
      await page.goto(urlOf(where, '/members'));
      // The banner with its countdown (the credits page has a countdown of its own).
      const timer = page.locator('[data-banner]').filter({ has: page.getByRole('timer') });
      await expect(timer).toBeVisible({ timeout: 20_000 });
      // Away to the credits page (not the members area) before the 40 s are up.
      await page.getByRole('link', { name: t('time_bonus.banner_cta') }).click();
      await expect(page.getByRole('heading', { level: 1, name: t('credits.title') })).toBeVisible();
      await expect(timer).toHaveCount(0);
      await page.clock.fastForward(45_000);
      await expect(page.getByRole('dialog')).toHaveCount(0);
      // Back in the members area the banner is back. The modal is mounted with the banner, so
      // leaving unmounted its wait too (it opens only at 0 credits, and a newcomer has the signup
      // credits: the 40 s and their cancelling are tested in time-bonus-store.test.ts).
      const nav = page.getByRole('navigation', { name: t('nav.main_navigation') });
      await nav
        .getByRole('link', { name: t('nav.search_members') })
        .last()
        .click();
      await expect(timer).toBeVisible();
    });
  }
});
