/**
 * The back office's login in the journeys (docs/staff.md "Login"): the staff origin, the demo
 * staff members, and the authenticator code computed from the seeded secret. Several journeys
 * log in as the same demo staff member; a code of a 30-second step already accepted for that
 * account is refused as a replay, so the code of the next step is entered then.
 */
import type { Page } from '@playwright/test';
import { generate } from 'otplib';
import type { StaffRole } from '#src/contract/define.ts';
import { DEMO_STAFF } from '#src/server/seed/demo-staff.ts';
import { E2E_PORT } from '../../playwright.config.ts';
import { expect } from './fixtures.ts';
import { expectErrorAnswers } from './journeys.ts';

export const STAFF_ORIGIN = `http://staff.localhost:${E2E_PORT}`;

/** A login that may wait for the next TOTP step needs more than the default test time. */
export const STAFF_LOGIN_TEST_TIMEOUT = 180_000;

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
