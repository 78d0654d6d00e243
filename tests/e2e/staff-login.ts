/**
 * The back office's login in the journeys (docs/staff.md "Login"): the staff origin, the demo
 * staff members, and the authenticator code computed from the seeded secret. Several journeys
 * log in as the same demo staff member; a code of a 30-second step already accepted for that
 * account is refused as a replay, so the code of the next step is entered then.
 */
import type { Locator, Page } from '@playwright/test';
import { generate } from 'otplib';
import { DEMO_PASSWORD } from '#src/server/seed/demo-logins.ts';
import type { StaffRole } from '#src/contract/define.ts';
import { DEMO_STAFF } from '#src/server/seed/demo-staff.ts';
import { TEXT } from '#src/staff/texts.ts';
import { E2E_PORT } from '../../playwright.config.ts';
import { expect } from './fixtures.ts';
import { expectErrorAnswers, journeyIp } from './journeys.ts';

export const STAFF_ORIGIN = `http://staff.localhost:${E2E_PORT}`;

/** A login that may wait for the next TOTP step needs more than the default test time. */
export const STAFF_LOGIN_TEST_TIMEOUT = 180_000;

/**
 * Gives the page an address of its own (the e2e server trusts X-Forwarded-For): staff logins
 * allow 20 per address in 15 minutes, and the suite's staff journeys log in more often.
 */
export async function ownAddress(page: Page): Promise<void> {
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': journeyIp() });
}

export function demoStaff(role: StaffRole): (typeof DEMO_STAFF)[number] {
  const staff = DEMO_STAFF.find((s) => s.role === role);
  if (!staff) throw new Error(`no demo staff member of role ${role}`);
  return staff;
}

/**
 * On the 'Second factor' screen: enters the authenticator's code and waits for the console;
 * a refused code (this step's code was used by another journey) is followed by the next
 * step's code.
 */
export async function enterTotp(page: Page, consoleErrors: string[], secret: string): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Second factor' })).toBeFocused();
  for (let attempt = 0; attempt < 3; attempt += 1) {
    await page.getByLabel('Authentication code').fill(await generate({ secret }));
    await page.getByRole('button', { name: 'Verify' }).click();
    const signedIn = await page
      .getByRole('button', { name: 'Log out' })
      .waitFor({ timeout: 5_000 })
      .then(() => true)
      .catch(() => false);
    if (signedIn) return;
    expectErrorAnswers(consoleErrors, 401);
    await page.waitForTimeout(30_000 - (Date.now() % 30_000) + 500);
  }
  throw new Error('the demo staff member could not log in');
}

/**
 * Logs the demo staff member of `role` in on the staff origin at `path` (password, then the
 * authenticator's code); the console asked for a session first and got none (403).
 */
export async function logInAsStaff(page: Page, consoleErrors: string[], role: StaffRole, path = '/'): Promise<void> {
  const staff = demoStaff(role);
  await ownAddress(page);
  await page.goto(`${STAFF_ORIGIN}${path}`);
  await expect(page.getByRole('heading', { name: 'Staff login' })).toBeFocused();
  expectErrorAnswers(consoleErrors, 403);
  await page.getByLabel('E-mail address').fill(staff.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Continue' }).click();
  await enterTotp(page, consoleErrors, staff.totpSecret);
}

/** What the console's page gets from a back-office call: the status and the error code. */
export async function staffCallFromPage(page: Page, path: string): Promise<{ status: number; code: string | null }> {
  return page.evaluate(async (path) => {
    const answer = await fetch(path, { headers: { accept: 'application/json', 'x-request-type': 'client' } });
    const body = (await answer.json().catch(() => ({}))) as { error?: { code?: string } };
    return { status: answer.status, code: body.error?.code ?? null };
  }, path);
}

/**
 * A money action or role change (`submit` pressed once already) needs a second factor of the
 * last minutes (docs/staff.md "Sessions"): when the console asks for one instead of showing
 * `outcome`, the demo `role`'s code is entered and the action pressed again.
 */
export async function confirmWhenAsked(
  page: Page,
  consoleErrors: string[],
  role: StaffRole,
  submit: Locator,
  outcome: Locator,
): Promise<void> {
  const reauth = page.getByRole('button', { name: TEXT.reauth_confirm });
  await expect(reauth.or(outcome)).not.toHaveCount(0);
  if (await reauth.isVisible()) {
    expectErrorAnswers(consoleErrors, 403);
    await page.getByLabel(TEXT.totp_code).fill(await generate({ secret: demoStaff(role).totpSecret }));
    await reauth.click();
    await submit.click();
  }
  await expect(outcome).toBeVisible();
}
