/**
 * Staff passkeys in the browser (docs/staff.md "Passkeys"), with Chromium's virtual
 * authenticator (DevTools protocol: WebAuthn.enable, WebAuthn.addVirtualAuthenticator) standing
 * in for a platform authenticator: a demo staff member logs in with the code, adds a named
 * passkey in "Your account", logs out, logs in with password and passkey, and removes the
 * passkey again (the passkey login is the fresh second factor removal needs). Axe checks the
 * account screen and the second step offering the passkey. Phone and desktop use different
 * demo staff members, so the two runs do not see each other's passkeys.
 */
import { DEMO_PASSWORD } from '#src/server/seed/demo-logins.ts';
import { expectAccessible } from './axe.ts';
import { test, expect } from './fixtures.ts';
import { STAFF_LOGIN_TEST_TIMEOUT, demoStaff, logInAsStaff } from './staff-login.ts';
import { expectErrorAnswers } from './journeys.ts';

test('a staff member adds a passkey, logs in with it and removes it', async ({ page, consoleErrors }) => {
  test.setTimeout(STAFF_LOGIN_TEST_TIMEOUT);
  const role = test.info().project.name === 'desktop' ? 'marketing' : 'operator';
  const name = `E2E passkey ${test.info().project.name}`;

  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });

  await logInAsStaff(page, consoleErrors, role);
  await page.getByRole('link', { name: 'Your account' }).click();
  await expect(page.getByRole('heading', { name: 'Your account' })).toBeFocused();
  await expect(page.getByText('You have no passkey yet.')).toBeVisible();
  await expectAccessible(page, 'staff account');

  await page.getByLabel('Passkey name').fill(name);
  await page.getByRole('button', { name: 'Add passkey' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Passkey added' })).toContainText(name);
  await expect(page.getByRole('row').filter({ hasText: name })).toHaveCount(1);
  await expectAccessible(page, 'staff account with a passkey');

  // Log out, then log in with the password and the passkey.
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page.getByRole('heading', { name: 'Staff login' })).toBeFocused();
  await page.getByLabel('E-mail address').fill(demoStaff(role).email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Second factor' })).toBeFocused();
  await expect(page.getByLabel('Authentication code')).toBeVisible();
  await expectAccessible(page, 'staff second factor with a passkey');
  await page.getByRole('button', { name: 'Use a passkey' }).click();
  await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();

  // The passkey is now 'last used'; removing it needs no code (the passkey was the second factor).
  await page.getByRole('link', { name: 'Your account' }).click();
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).not.toContainText('never');
  await row.getByRole('button', { name: `Remove ${name}` }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Passkey removed' })).toContainText(name);
  await expect(page.getByRole('row').filter({ hasText: name })).toHaveCount(0);
  // The console asked for a session before each login (403) and nothing else failed.
  expectErrorAnswers(consoleErrors, 403);
});
