/**
 * The pricing page's call to action: a visitor is sent to sign up first (billing needs an
 * account); a logged-in member goes straight to the credit bundles.
 */
import { translator } from '#src/i18n/index.ts';
import { test, expect, enterSite } from './fixtures.ts';
import { EN_DEFAULT, createMember, logIn, urlOf } from './journeys.ts';

const t = translator('en');

test('the pricing button leads a visitor to sign up and a member to the credit bundles', async ({ page, request }) => {
  await page.goto(urlOf(EN_DEFAULT, '/pricing'));
  await enterSite(page);
  const cta = page.getByRole('link', { name: t('pricing.cta_bundles') });
  await expect(cta).toHaveCount(1);
  await expect(cta).toHaveAttribute('href', '/signup');

  const email = await createMember(request, 'pricing');
  expect(await logIn(page, email)).toBe(200);
  await page.goto(urlOf(EN_DEFAULT, '/pricing'));
  await expect(cta).toHaveCount(1);
  await expect(cta).toHaveAttribute('href', '/credits');
});
