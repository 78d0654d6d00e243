/**
 * Bundle prices in the back office (docs/staff.md "Prices"): the demo finance member changes a
 * country's price of the 250-credit bundle in the Money section's Prices tab (giving a fresh
 * authenticator code when the console asks for one); a member of the default site paying in
 * that country sees the new price on the credits screen at once, and the static pricing page
 * shows it too (its prices are filled from settings.php). The prices are put back at the end.
 * Each project edits a country of its own, so the phone and desktop runs do not meet. The
 * bundles' credits are the same everywhere, so only the desktop run changes them: credits that
 * would break a country's prices are refused, new credits of the 250-credit bundle show on the
 * member's credits screen and the pricing page, and they are put back.
 */
import type { Page } from '@playwright/test';
import { translator } from '#src/i18n/index.ts';
import { formatMoney } from '#src/lib/money.ts';
import { MONEY_TEXT as T, fill } from '#src/staff/money/texts.ts';
import { expectAccessible } from './axe.ts';
import { test, expect, enterSite } from './fixtures.ts';
import { EN_DEFAULT, expectErrorAnswers, memberInSecondBrowser, urlOf } from './journeys.ts';
import { STAFF_LOGIN_TEST_TIMEOUT, confirmWhenAsked, logInAsStaff } from './staff-login.ts';

const t = translator('en');
const COUNTRY_OF_PROJECT: Record<string, string> = { phone: 'DE', desktop: 'AT' };
const euro = (minor: number) => formatMoney(minor, 'EUR', 'en');

/** Saves the 250-credit bundle's price of `country` in the open Prices tab (major units text). */
async function saveP1(page: Page, consoleErrors: string[], country: string, price: string): Promise<void> {
  await page.getByRole('button', { name: fill(T.edit_prices_of, { country }) }).click();
  const form = page.getByRole('region', { name: fill(T.prices_of, { country, currency: 'EUR' }) });
  await expect(form.getByRole('heading')).toBeFocused();
  await form.getByLabel(fill(T.price_of, { credits: 250, currency: 'EUR' })).fill(price);
  await form.getByLabel(T.reason).fill('E2E price check');
  await form.getByRole('button', { name: T.save_prices }).click();
  const saved = page.getByRole('status').filter({ hasText: fill(T.prices_saved, { country }) });
  await confirmWhenAsked(page, consoleErrors, 'finance', form.getByRole('button', { name: T.save_prices }), saved);
}

/** Saves the p1 bundle's credits in the open Prices tab. */
async function saveP1Credits(page: Page, consoleErrors: string[], credits: string): Promise<void> {
  await page.getByRole('button', { name: T.edit_credits }).click();
  const form = page.getByRole('region', { name: T.credits_form });
  await expect(form.getByRole('heading')).toBeFocused();
  await form.getByLabel(fill(T.credits_of, { key: 'p1' })).fill(credits);
  await form.getByLabel(T.reason).fill('E2E credits check');
  await form.getByRole('button', { name: T.save_credits }).click();
  const saved = page.getByRole('status').filter({ hasText: T.credits_saved });
  await confirmWhenAsked(page, consoleErrors, 'finance', form.getByRole('button', { name: T.save_credits }), saved);
  await expect(page.getByTestId('bundle-credits')).toContainText(fill(T.bundle_credits, { credits }));
}

/** Credits of p2 that break the rule are refused with the country named; then p1 gets 10 more credits. */
async function changeP1Credits(page: Page, consoleErrors: string[]): Promise<{ before: number; now: number }> {
  await page.getByRole('button', { name: T.edit_credits }).click();
  const form = page.getByRole('region', { name: T.credits_form });
  const p1 = form.getByLabel(fill(T.credits_of, { key: 'p1' }));
  const before = Number(await p1.inputValue());
  await expectAccessible(page, 'staff bundle credits form');
  // 450 credits for 39.99 is dearer per credit than 250 for 19.99.
  await form.getByLabel(fill(T.credits_of, { key: 'p2' })).fill('450');
  await form.getByLabel(T.reason).fill('E2E credits check');
  await form.getByRole('button', { name: T.save_credits }).click();
  const refused = form.getByText(/would break the rule/);
  await confirmWhenAsked(page, consoleErrors, 'finance', form.getByRole('button', { name: T.save_credits }), refused);
  expectErrorAnswers(consoleErrors, 400);
  await form.getByRole('button', { name: T.cancel }).click();
  const now = before + 10;
  await saveP1Credits(page, consoleErrors, String(now));
  return { before, now };
}

test('finance changes a country’s bundle price and a member sees it on the credits screen and the pricing page', async ({
  page,
  browser,
  request,
  consoleErrors,
}) => {
  test.setTimeout(STAFF_LOGIN_TEST_TIMEOUT);
  const country = COUNTRY_OF_PROJECT[test.info().project.name] ?? 'BE';

  await logInAsStaff(page, consoleErrors, 'finance', '/money');
  await page.getByRole('navigation', { name: T.tabs }).getByRole('button', { name: T.tab_prices }).click();
  const row = page.getByTestId(`prices-${country}`);
  await expect(row).toContainText('EUR');
  await expectAccessible(page, 'staff prices');

  // A price that breaks the rule (250 credits dearer per credit than 50) is refused at its field.
  await page.getByRole('button', { name: fill(T.edit_prices_of, { country }) }).click();
  const form = page.getByRole('region', { name: fill(T.prices_of, { country, currency: 'EUR' }) });
  const p1Field = form.getByLabel(fill(T.price_of, { credits: 250, currency: 'EUR' }));
  const before = await p1Field.inputValue();
  await expectAccessible(page, 'staff prices form');
  await p1Field.fill('99.99');
  await form.getByLabel(T.reason).fill('E2E price check');
  await form.getByRole('button', { name: T.save_prices }).click();
  const refused = form.getByText(/prices\.p1/);
  await confirmWhenAsked(page, consoleErrors, 'finance', form.getByRole('button', { name: T.save_prices }), refused);
  await expect(p1Field).toHaveAttribute('aria-invalid', 'true');
  expectErrorAnswers(consoleErrors, 400);
  await form.getByRole('button', { name: T.cancel }).click();

  // A new price: 20.99 (or 21.49 when a failed run left 20.99).
  const newMinor = before === '20.99' ? 2149 : 2099;
  await saveP1(page, consoleErrors, country, (newMinor / 100).toFixed(2));
  await expect(row).toContainText(euro(newMinor));

  try {
    const { context, page: member } = await memberInSecondBrowser(
      browser,
      request,
      `staff-prices-${country.toLowerCase()}`,
    );
    await member.goto(urlOf(EN_DEFAULT, '/credits'));
    await enterSite(member);
    await member.getByLabel(t('credits.country_label')).selectOption(country);
    await expect(member.locator('article[data-tier="p1"]')).toContainText(euro(newMinor));

    // The static pricing page writes the live prices of the visitor's country over its first paint.
    const url = new URL(urlOf(EN_DEFAULT, '/pricing'));
    await context.addCookies([{ name: 'country', value: country, url: url.origin }]);
    await member.goto(url.toString());
    await expect(member.locator('#bundle-list li[data-key="p1"] .bundle-price')).toHaveText(euro(newMinor));

    if (test.info().project.name === 'desktop') {
      const credits = await changeP1Credits(page, consoleErrors);
      try {
        await member.goto(urlOf(EN_DEFAULT, '/credits'));
        await member.getByLabel(t('credits.country_label')).selectOption(country);
        await expect(member.locator('article[data-tier="p1"]')).toContainText(String(credits.now));
        await member.goto(url.toString());
        await expect(member.locator('#bundle-list li[data-key="p1"] .bundle-credits')).toHaveText(
          t('pricing.credits', { count: credits.now }),
        );
      } finally {
        await saveP1Credits(page, consoleErrors, String(credits.before));
      }
    }
    await context.close();
  } finally {
    await saveP1(page, consoleErrors, country, before);
    await expect(row).toContainText(euro(Math.round(Number(before) * 100)));
  }
});
