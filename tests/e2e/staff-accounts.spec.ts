/**
 * The back office's staff accounts section (docs/staff.md "Staff accounts"): the demo admin
 * creates a colleague's account, and the new colleague's first login goes to the second
 * factor's enrolment; the admin then takes a role away and disables the account, whose login
 * is refused from then on; the admin's own account cannot be disabled from the section; an
 * operator (desktop) or a marketer (phone) does not see the section and its calls answer 403.
 * Phone and desktop each create an address of their own.
 */
import { TEAM_TEXT as T } from '#src/staff/team/texts.ts';
import { TEXT } from '#src/staff/texts.ts';
import { expectAccessible } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { expectErrorAnswers } from './journeys.ts';
import {
  STAFF_LOGIN_TEST_TIMEOUT,
  STAFF_ORIGIN,
  demoStaff,
  logInAsStaff,
  ownAddress,
  staffCallFromPage,
} from './staff-login.ts';

test('an admin creates a colleague’s account, changes its roles and disables it', async ({
  page,
  browser,
  consoleErrors,
}) => {
  test.setTimeout(STAFF_LOGIN_TEST_TIMEOUT);
  const project = test.info().project.name;
  const email = `colleague.${project}.${Date.now().toString(36)}@staff.test`;
  const password = 'temporary-pass-2026';
  await logInAsStaff(page, consoleErrors, 'admin', '/staff');
  await expect(page.getByRole('heading', { name: T.title, level: 1 })).toBeVisible();
  const list = page.getByRole('region', { name: T.list, exact: true });
  await expect(list.getByRole('cell', { name: demoStaff('admin').email, exact: true })).toBeVisible();

  // A new colleague: name, address, temporary password, roles, reason.
  const form = page.getByRole('region', { name: T.new_account });
  await form.getByLabel(T.name).fill(`Colleague ${project}`);
  await form.getByLabel(T.email).fill(email);
  await form.getByLabel(T.password).fill(password);
  await form.getByLabel(T.reason).fill('Hired for moderation');
  await form.getByRole('checkbox', { name: T.role_names.moderator }).check();
  await form.getByRole('checkbox', { name: T.role_names.marketing }).check();
  await form.getByRole('button', { name: T.create }).click();
  await expect(form.getByRole('status')).toHaveText(T.created(email));
  const row = list.getByRole('row').filter({ hasText: email });
  await expect(row).toContainText(`${T.role_names.moderator}, ${T.role_names.marketing}`);
  await expect(row).toContainText(T.app_missing);
  await expectAccessible(page, 'staff accounts');

  // The colleague's first login asks for the authenticator app's enrolment.
  const colleagueContext = await browser.newContext(test.info().project.use);
  const colleague = await colleagueContext.newPage();
  await ownAddress(colleague);
  await colleague.goto(`${STAFF_ORIGIN}/`);
  await colleague.getByLabel(TEXT.email).fill(email);
  await colleague.getByLabel(TEXT.password, { exact: true }).fill(password);
  await colleague.getByRole('button', { name: TEXT.next }).click();
  await expect(colleague.getByRole('heading', { name: TEXT.enrol_title })).toBeVisible();

  // Marketing goes; then the account is disabled.
  await row.getByRole('button', { name: T.manage(`Colleague ${project}`) }).click();
  const change = page.getByRole('region', { name: T.edit_title(`Colleague ${project}`) });
  await expect(change).toBeVisible();
  await expectAccessible(page, 'staff account change');
  await change.getByRole('checkbox', { name: T.role_names.marketing }).uncheck();
  await change.getByLabel(T.reason).fill('Marketing is covered');
  await change.getByRole('button', { name: T.save_roles }).click();
  await expect(change.getByRole('status')).toHaveText(T.roles_saved);
  await expect(row).not.toContainText(T.role_names.marketing);
  await change.getByRole('button', { name: T.disable }).click();
  await expect(change.getByRole('status')).toHaveText(T.status_saved(T.disabled));
  await expect(row).toContainText(T.disabled);

  // A disabled account's login is refused.
  await colleague.goto(`${STAFF_ORIGIN}/`);
  await colleague.getByLabel(TEXT.email).fill(email);
  await colleague.getByLabel(TEXT.password, { exact: true }).fill(password);
  await colleague.getByRole('button', { name: TEXT.next }).click();
  await expect(colleague.getByRole('alert')).toBeVisible();
  await colleagueContext.close();

  // The admin's own row: disabling and resetting are for another admin.
  await list.getByRole('button', { name: T.manage('Demo admin') }).click();
  const own = page.getByRole('region', { name: T.edit_title('Demo admin') });
  await expect(own.getByText(T.self_note)).toBeVisible();
  await expect(own.getByRole('button', { name: T.disable })).toBeDisabled();
});

test('other roles do not see the staff accounts section, and its calls answer 403', async ({ page, consoleErrors }) => {
  test.setTimeout(STAFF_LOGIN_TEST_TIMEOUT);
  // Roles the other staff journeys use least: each demo account logs in once per 30-second
  // code step (replays are refused), so spreading the logins keeps them from waiting.
  await logInAsStaff(page, consoleErrors, test.info().project.name === 'desktop' ? 'operator' : 'marketing', '/staff');
  const sections = page.getByRole('navigation', { name: TEXT.sections });
  await expect(sections.getByRole('link')).not.toHaveCount(0);
  await expect(sections.getByRole('link', { name: T.title })).toHaveCount(0);
  expect(await staffCallFromPage(page, '/api/staff/accounts')).toEqual({ status: 403, code: 'forbidden' });
  expectErrorAnswers(consoleErrors, 403);
});
