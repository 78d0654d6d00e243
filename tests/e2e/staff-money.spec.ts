/**
 * Money in the back office (docs/staff.md "Money section"): the demo finance member creates a
 * discount code in the Money section, a member redeems it on the site's credits page and pays
 * in the sandbox checkout, finance finds the order with its discount and refunds it (giving a
 * fresh authenticator code when the console asks for one); a moderator is refused the
 * section. No test names a site: they run once, in the default site's shard
 * (scripts/lib/e2e-shards.ts).
 */
import { translator } from '#src/i18n/index.ts';
import { MONEY_TEXT as T, fill } from '#src/staff/money/texts.ts';
import { TEXT } from '#src/staff/texts.ts';
import { expectAccessible } from './axe.ts';
import { test, expect, enterSite } from './fixtures.ts';
import { EN_DEFAULT, expectErrorAnswers, memberInSecondBrowser, urlOf } from './journeys.ts';
import { STAFF_LOGIN_TEST_TIMEOUT, confirmWhenAsked, logInAsStaff, staffCallFromPage } from './staff-login.ts';

const t = translator('en');

test('finance creates a discount code, a member redeems it at checkout, finance refunds the order', async ({
  page,
  browser,
  request,
  consoleErrors,
}) => {
  test.setTimeout(STAFF_LOGIN_TEST_TIMEOUT);
  const project = test.info().project.name;
  const code = `E2E${project.toUpperCase()}${Date.now().toString(36).toUpperCase()}`;

  await logInAsStaff(page, consoleErrors, 'finance', '/money');
  await expect(page.getByRole('heading', { name: T.title, level: 1 })).toBeVisible();
  await page.getByRole('navigation', { name: T.tabs }).getByRole('button', { name: T.tab_codes }).click();
  const form = page.getByRole('region', { name: T.new_code });
  await form.getByLabel(T.code).fill(code);
  await form.getByLabel(T.percentage).fill('30');
  await form.getByLabel(T.site, { exact: true }).selectOption('default');
  await form.getByLabel(T.validity, { exact: true }).selectOption('once-per-user');
  await form.getByLabel(T.reason).fill('Spring newsletter');
  await form.getByRole('button', { name: T.create }).click();
  await expect(form.getByRole('status')).toHaveText(fill(T.created, { code }));
  await expectAccessible(page, 'staff discount codes');

  // The member applies the code on the credits page and pays the bundle in the sandbox.
  const {
    email,
    context: memberContext,
    page: member,
  } = await memberInSecondBrowser(browser, request, `staff-money-${project}`);
  await member.goto(urlOf(EN_DEFAULT, '/credits'));
  await enterSite(member);
  await member.getByLabel(t('discounts.entry_label')).fill(code);
  await member.getByRole('button', { name: t('discounts.entry_apply') }).click();
  await expect(member.getByTestId('applied-discount')).toContainText(
    t('discounts.entry_applied', { percent: 30, code }),
  );
  await member
    .locator('article[data-tier="p1"]')
    .getByRole('link', { name: t('credits.choose') })
    .click();
  await expect(member.getByTestId('price-lines')).toContainText(code);
  await member.getByRole('button', { name: /^Pay / }).click();
  await expect(member).toHaveURL(/\/sandbox-pay\//);
  await member.getByRole('button', { name: t('billing.sandbox.complete') }).click();
  await expect(member.getByText(t('credits.transaction.completed_title'))).toBeVisible();
  await memberContext.close();

  // Finance finds the order by the member's address: the discount is on it; then refunds it.
  await page.getByRole('navigation', { name: T.tabs }).getByRole('button', { name: T.tab_orders }).click();
  await page.getByLabel(T.filter_member).fill(email);
  await page.getByRole('button', { name: T.find }).click();
  const rows = page.getByRole('row').filter({ hasText: email });
  await expect(rows).toHaveCount(1);
  await expectAccessible(page, 'staff orders');
  await rows.getByRole('button').click();
  await expect(page.getByTestId('order-status')).toHaveText('completed');
  await expect(page.getByText(new RegExp(`^${code} 30(\\.0+)? % · −`))).toBeVisible();
  await expectAccessible(page, 'staff order');

  await page.getByLabel(T.reason).fill('Member asked by mail, credits unused');
  await page.getByRole('button', { name: T.refund_button }).click();
  const done = page.getByRole('status').filter({ hasText: T.refund_done });
  await confirmWhenAsked(page, consoleErrors, 'finance', page.getByRole('button', { name: T.refund_button }), done);
  await expect(page.getByTestId('order-status')).toHaveText('refunded');
});

test('a moderator is refused the money section', async ({ page, consoleErrors }) => {
  test.setTimeout(STAFF_LOGIN_TEST_TIMEOUT);
  await logInAsStaff(page, consoleErrors, 'moderator', '/money');
  const sections = page.getByRole('navigation', { name: TEXT.sections });
  await expect(sections.getByRole('link')).not.toHaveCount(0);
  await expect(sections.getByRole('link', { name: T.title })).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(T.title);
  await expectAccessible(page, 'staff console for a moderator');
  for (const path of ['/api/staff/money/orders', '/api/staff/money/codes', '/api/staff/money/reconciliation']) {
    expect(await staffCallFromPage(page, path), path).toEqual({ status: 403, code: 'forbidden' });
  }
  expectErrorAnswers(consoleErrors, 403);
});
