/**
 * The back office's login in the journeys (docs/staff.md "Login"): the staff origin, the demo
 * staff members, and the authenticator code computed from the seeded secret. Several journeys
 * log in as the same demo staff member; a code of a 30-second step already accepted for that
 * account is refused as a replay, so each journey claims a step of its own (claimStep).
 */
import type { Locator, Page } from '@playwright/test';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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

const STEP_MS = 30_000;

const sleep = (ms: number) => new Promise((resolveWait) => setTimeout(resolveWait, Math.max(0, ms)));

/** The last TOTP step a journey sent for a demo staff member (both workers): a file per secret and run port. */
const stepFile = (secret: string) => join(tmpdir(), `e2e-totp-${E2E_PORT}-${secret.slice(0, 8)}`);

/** Runs `fn` holding the file's lock (a directory beside it; both workers use it). */
async function withFileLock<T>(path: string, fn: () => T): Promise<T> {
  const lock = `${path}.lock`;
  for (let attempt = 0; ; attempt += 1) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      // A lock older than any holder can be (a worker killed while holding it) is taken over.
      if (attempt > 100) rmSync(lock, { recursive: true, force: true });
      await sleep(20);
    }
  }
  try {
    return fn();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/**
 * The server takes each step's code once per account, and a code of the step before or after
 * its own (clock drift). Several journeys in two workers log in as the same demo staff member,
 * and every refused code counts towards the account's lock (5 in 15 minutes), so a journey
 * claims a step no other journey sent yet: the current one or the next, in order; when both
 * are taken it waits for the next step.
 */
async function claimStep(secret: string): Promise<number> {
  for (;;) {
    const current = Math.floor(Date.now() / STEP_MS);
    const file = stepFile(secret);
    const claimed = await withFileLock(file, () => {
      const last = existsSync(file) ? Number(readFileSync(file, 'utf8')) || 0 : 0;
      const step = Math.max(last + 1, current);
      if (step > current + 1) return null;
      writeFileSync(file, String(step));
      return step;
    });
    if (claimed !== null) return claimed;
    await sleep((current + 1) * STEP_MS - Date.now() + 200);
  }
}

/** Sends (with `send`, answered at `path`) the code of a step claimed for this journey. */
async function sendUnusedCode(
  page: Page,
  consoleErrors: string[],
  secret: string,
  path: string,
  send: (code: string) => Promise<void>,
): Promise<void> {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const step = await claimStep(secret);
    const code = await generate({ secret, epoch: step * (STEP_MS / 1000) });
    const answer = page.waitForResponse((response) => new URL(response.url()).pathname === path);
    await send(code);
    const status = (await answer).status();
    if (status === 200) {
      // The browser reports a refused code's 401 on its console by the time the next one is taken.
      expectErrorAnswers(consoleErrors, 401);
      return;
    }
    if (status !== 401) throw new Error(`the authentication code was answered ${status}`);
  }
  throw new Error('three authentication codes of the demo staff member were refused');
}

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
