/**
 * The back office on its own origin (docs/staff.md): a demo staff member logs in on
 * staff.localhost with the password and a TOTP code computed here from the seeded secret,
 * finds a member by e-mail address, opens their page and bans them with a reason; the member's
 * session ends and their login is refused as banned. Phone logs in as the demo moderator,
 * desktop as the demo admin; other journeys log in as the admin too, so a code refused as a
 * replay is followed by the next step's (tests/e2e/staff-login.ts).
 */
import { DEMO_PASSWORD } from '#src/server/seed/demo-logins.ts';
import { expectAccessible } from './axe.ts';
import { test, expect } from './fixtures.ts';
import { STAFF_LOGIN_TEST_TIMEOUT, STAFF_ORIGIN, demoStaff, enterTotp, ownAddress } from './staff-login.ts';
import { EN_DEFAULT, PASSWORD, createMember, expectErrorAnswers, logIn, secondBrowser, urlOf } from './journeys.ts';

test('a moderator bans a member in the back office; the member is locked out', async ({
  page,
  browser,
  request,
  consoleErrors,
}) => {
  test.setTimeout(STAFF_LOGIN_TEST_TIMEOUT);
  const role = test.info().project.name === 'desktop' ? 'admin' : 'moderator';
  const staff = demoStaff(role);

  // The member, logged in on their site in a browser of their own.
  const email = await createMember(request, `staff-ban-${role}`);
  const memberContext = await secondBrowser(browser);
  const member = await memberContext.newPage();
  expect(await logIn(member, email)).toBe(200);

  // The staff member's login: password, then the code of the authenticator app.
  await ownAddress(page);
  await page.goto(`${STAFF_ORIGIN}/`);
  await expect(page.getByRole('heading', { name: 'Staff login' })).toBeFocused();
  await expectAccessible(page, 'staff login');
  // The console asked for a session first: none yet (403).
  expectErrorAnswers(consoleErrors, 403);
  await page.getByLabel('E-mail address').fill(staff.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Continue' }).click();
  await enterTotp(page, consoleErrors, staff.totpSecret);

  // The members section: search by the e-mail address, open the member.
  await expect(page.getByRole('heading', { name: 'Members' })).toBeVisible();
  await page.getByLabel('E-mail, name or member id').fill(email);
  await page.getByRole('button', { name: 'Search' }).click();
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row).toHaveCount(1);
  await row.getByRole('button').click();
  await expect(page.getByTestId('member-status')).toHaveText('confirmed');
  await expectAccessible(page, 'staff member page');

  await page.getByLabel('Reason (stored in the audit log)').first().fill('Scam messages reported by three members');
  await page.getByRole('button', { name: 'Ban member' }).click();
  await expect(page.getByTestId('member-status')).toHaveText('banned');
  await expect(page.getByText('member.ban', { exact: false })).toBeVisible();

  // The member: their session is gone, and logging in again is refused as banned.
  const afterBan = await member.evaluate(async () => {
    const user = await fetch('/api/user.php', { headers: { accept: 'application/json', 'x-request-type': 'client' } });
    return user.status;
  });
  expect(afterBan).toBe(403);
  const login = await member.evaluate(
    async ({ email, password }) => {
      const answer = await fetch('/api/user.php', {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json', 'x-request-type': 'client' },
        body: JSON.stringify({ email, password }),
      });
      return ((await answer.json()) as { error?: { code: string } }).error?.code;
    },
    { email, password: PASSWORD },
  );
  expect(login).toBe('login_banned');
  expect(member.url()).toContain(urlOf(EN_DEFAULT, '/'));
  await memberContext.close();
});
