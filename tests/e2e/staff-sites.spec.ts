/**
 * The back office's sites section (docs/staff.md "Sites"): the demo admin logs in on the
 * staff origin, switches a site's signups to invite-only with a reason, and the public
 * site's signup page says signups are closed within seconds (the settings cache drops its
 * copies on the database's NOTIFY); switching back opens it again. On the way it looks at the
 * audit log and the dashboards (rolled up now, with the chat pals' answer times). Phone and
 * desktop each use a site of their own (no other journey signs up there), so the two never
 * collide.
 */
import { translator } from '#src/i18n/index.ts';
import { expectAccessible } from './axe.ts';
import { enterSite, expect, siteUrl, test } from './fixtures.ts';
import { STAFF_LOGIN_TEST_TIMEOUT, STAFF_ORIGIN, logInAsStaff } from './staff-login.ts';

const t = translator('en');

test('an admin switches a site to invite-only; its signup page follows within seconds', async ({
  page,
  browser,
  consoleErrors,
}) => {
  // The login may wait for the next 30-second TOTP step (tests/e2e/staff-login.ts); the walk
  // through the audit log and the dashboards' roll-up takes a minute more on a busy machine.
  test.setTimeout(STAFF_LOGIN_TEST_TIMEOUT + 60_000);
  const site = test.info().project.name === 'desktop' ? 'milf' : 'gilf';
  await logInAsStaff(page, consoleErrors, 'admin', '/sites');
  await expect(page.getByRole('heading', { name: 'Sites', level: 1 })).toBeVisible();

  const choose = page.getByLabel('Site', { exact: true });
  await choose.selectOption(site);
  const signups = page.getByLabel('Signups', { exact: true });
  const before = await signups.inputValue();
  expect(before).not.toBe('invite_only');
  await expectAccessible(page, 'staff sites');
  await page.screenshot({ path: test.info().outputPath('sites.png'), fullPage: true });

  // A visitor's signup page on that site: the form, for now.
  const visitorContext = await browser.newContext(test.info().project.use);
  const visitor = await visitorContext.newPage();
  await visitor.goto(siteUrl(site, '/signup'));
  await enterSite(visitor);
  await expect(visitor.getByLabel(t('auth.email'))).toBeVisible();

  const settings = page.getByRole('form', { name: /Settings/ });
  await signups.selectOption('invite_only');
  await settings.getByLabel('Reason (stored in the audit log)').fill('Campaign paused for the weekend');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Saved. The live site shows the change within seconds.')).toBeVisible();
  await expect(page.getByLabel('Signups', { exact: true })).toHaveValue('invite_only');

  // The public site follows within seconds: its signup page says signups are closed.
  const started = Date.now();
  await expect(async () => {
    await visitor.reload();
    await enterSite(visitor);
    await expect(visitor.getByText(t('auth.signup.invite_only'))).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 10_000 });
  expect(Date.now() - started).toBeLessThan(10_000);
  await expect(visitor.getByRole('heading', { name: t('auth.signup.invite_only_title') })).toBeVisible();

  // The audit log has the change with before and after (the audit section, admins).
  await page.goto(`${STAFF_ORIGIN}/audit`);
  await expect(page.getByRole('heading', { name: 'Audit log', level: 1 })).toBeVisible();
  await page.getByLabel('Action').fill('site.settings');
  await page.getByRole('button', { name: 'Search' }).click();
  const entry = page.getByRole('row').filter({ hasText: 'Campaign paused for the weekend' }).first();
  await expect(entry).toContainText('invite_only');
  await expectAccessible(page, 'staff audit');
  await page.screenshot({ path: test.info().outputPath('audit.png'), fullPage: true });

  // The dashboards (admins, finance, marketing): charts and tables from the daily aggregates.
  await page.goto(`${STAFF_ORIGIN}/dashboards`);
  await expect(page.getByRole('heading', { name: 'Dashboards', level: 1 })).toBeVisible();
  await expect(page.getByRole('img', { name: /^Signups, activations, first purchases/ })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Per site and country' })).toBeVisible();
  // The chat pals' answer times, rolled up now: the demo chats (src/server/seed/demo-chats.ts)
  // hold a chat pal's answer to each demo member on the default site.
  await page.getByRole('button', { name: 'Roll up now' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Figures rolled up at' })).toBeVisible();
  await expect(page.getByRole('img', { name: /^Chat pal answer times \(minutes\)/ })).toBeVisible();
  const answers = page.getByRole('region', { name: 'Chat pal answer times per site' }).first();
  const defaultRow = answers.getByRole('row').filter({ has: page.getByRole('cell', { name: 'default', exact: true }) });
  // Columns: site, answers, median wait, p90 wait.
  expect(Number(await defaultRow.getByRole('cell').nth(1).textContent())).toBeGreaterThanOrEqual(1);
  await expect(defaultRow.getByRole('cell').nth(2)).toHaveText(/^\d+(\.\d)? (s|min)$|^\d+ h \d\d min$/);
  await expect(page.getByRole('columnheader', { name: 'Wait of 9 in 10 (p90)' }).first()).toBeVisible();
  await expectAccessible(page, 'staff dashboards');
  await page.screenshot({ path: test.info().outputPath('dashboards.png'), fullPage: true });

  // Back to what it was.
  await page.goto(`${STAFF_ORIGIN}/sites`);
  await page.getByLabel('Site', { exact: true }).selectOption(site);
  await page.getByLabel('Signups', { exact: true }).selectOption(before);
  await page
    .getByRole('form', { name: /Settings/ })
    .getByLabel('Reason (stored in the audit log)')
    .fill('Campaign back on');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Saved. The live site shows the change within seconds.')).toBeVisible();
  await expect(async () => {
    await visitor.reload();
    await enterSite(visitor);
    await expect(visitor.getByLabel(t('auth.email'))).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 10_000 });
  await visitorContext.close();
});
