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
 * The server takes a code of the step before, the current one or the one after (clock drift),
 * each step once per account. Several journeys (in two workers) log in as the same demo staff
 * member, so the code of each of those steps is sent in turn, oldest first (using the oldest
 * leaves the later ones for the next journey), with `send`, to `path`; only when all three
 * were taken does this wait for the next step.
 */
async function sendUnusedCode(
  page: Page,
  consoleErrors: string[],
  secret: string,
  path: string,
  send: (code: string) => Promise<void>,
): Promise<void> {
  for (let round = 0; round < 3; round += 1) {
    const now = Date.now();
    for (const offset of [-STEP_MS, 0, STEP_MS]) {
      const code = await generate({ secret, epoch: Math.floor((now + offset) / 1000) });
      const answer = page.waitForResponse((response) => new URL(response.url()).pathname === path);
      await send(code);
      if ((await answer).ok()) {
        // The browser reports a refused code's 401 on its console by the time the next one is taken.
        expectErrorAnswers(consoleErrors, 401);
        return;
      }
    }
    await page.waitForTimeout(STEP_MS - (Date.now() % STEP_MS) + 500);
  }
  throw new Error('every code of the demo staff member was refused');
}

const STEP_MS = 30_000;

/** On the 'Second factor' screen: enters an unused authenticator code and waits for the console. */
export async function enterTotp(page: Page, consoleErrors: string[], secret: string): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Second factor' })).toBeFocused();
  await sendUnusedCode(page, consoleErrors, secret, '/api/staff/second-factor', async (code) => {
    await page.getByLabel('Authentication code').fill(code);
    await page.getByRole('button', { name: 'Verify' }).click();
  });
  await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
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
    await sendUnusedCode(page, consoleErrors, demoStaff(role).totpSecret, '/api/staff/reauth', async (code) => {
      await page.getByLabel(TEXT.totp_code).fill(code);
      await reauth.click();
    });
    await submit.click();
  }
  await expect(outcome).toBeVisible();
}
