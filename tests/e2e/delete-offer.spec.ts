/**
 * The account deletion flow's offer (SPEC §2.7 'Settings', docs/discounts.md): a member who
 * starts deleting sees the company's non-expiring code and the try-out package priced with
 * it, buys that package with the code applied, pays in the sandbox checkout and gets the
 * credits; the code is then used (once per member).
 */
import type { Page } from '@playwright/test';
import { translator } from '#src/i18n/index.ts';
import { test, expect, enterSite } from './fixtures.ts';
import { EN_DEFAULT, createMember, expectErrorAnswers, logIn, urlOf } from './journeys.ts';

const t = translator('en');

/** An API call from the page, as the members app makes it: the status and the JSON answer. */
async function api(page: Page, path: string): Promise<{ status: number; body: unknown }> {
  return page.evaluate(async (url) => {
    const answer = await fetch(url, { headers: { accept: 'application/json', 'x-request-type': 'client' } });
    return { status: answer.status, body: (await answer.json()) as unknown };
  }, path);
}

type Company = { company: { delete_discount: string } };
type User = { user: { credits: number } };
type Transaction = { order: { credits: number; discount: { code: string } | null; status: string } };

test('delete-account offer: the try-out package bought with the deletion code in the sandbox checkout', async ({
  page,
  request,
  consoleErrors,
}) => {
  test.setTimeout(120_000);
  const email = await createMember(request, 'delete-offer', EN_DEFAULT);
  expect(await logIn(page, email, undefined, EN_DEFAULT)).toBe(200);
  const code = ((await api(page, '/api/companyinfo.php')).body as Company).company.delete_discount;
  const before = ((await api(page, '/api/user.php')).body as User).user.credits;

  await page.goto(urlOf(EN_DEFAULT, '/notifications'));
  await enterSite(page);
  const section = page.locator('#delete-account');
  await section.getByRole('button', { name: t('settings.delete.start') }).click();
  await expect(section.getByText(code, { exact: true })).toBeVisible();
  const tryout = section.getByTestId('delete-tryout');
  await expect(tryout).toContainText(code);
  await tryout.getByRole('button', { name: t('settings.delete.alt_tryout_buy') }).click();

  await expect(page).toHaveURL(/\/credits\/p0$/);
  await page.getByRole('link', { name: t('credits.methods.creditcard') }).click();
  await expect(page).toHaveURL(/\/credits\/p0\/creditcard$/);
  await expect(page.getByTestId('price-lines')).toContainText(code);
  await page.getByRole('button', { name: /^Pay .+/ }).click();

  await expect(page).toHaveURL(/\/sandbox-pay\//);
  await page.getByRole('button', { name: t('billing.sandbox.complete') }).click();
  await expect(page).toHaveURL(/\/transactions\/[A-Z0-9]+$/);
  const paymentId = new URL(page.url()).pathname.split('/').pop() ?? '';
  await expect(
    page.getByRole('status').filter({ hasText: t('credits.transaction.toast_completed', { id: paymentId }) }),
  ).toBeVisible();

  const paid = (await api(page, `/api/transaction.php?id=${paymentId}`)).body as Transaction;
  expect(paid.order).toMatchObject({ status: 'completed', discount: { code } });
  const after = ((await api(page, '/api/user.php')).body as User).user.credits;
  expect(after).toBe(before + paid.order.credits);

  // Once per member: the offer's code is used now.
  const again = await api(page, `/api/discountcode.php?code=${code}`);
  expect(again).toMatchObject({ status: 400, body: { error: { code: 'code_used' } } });
  expectErrorAnswers(consoleErrors, 400);
});
