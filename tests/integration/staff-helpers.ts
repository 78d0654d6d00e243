/**
 * Staff fixtures for the back office's tests: staff accounts with a known TOTP secret, the
 * TOTP code of the test clock, and the login through the API (password, then code), which
 * answers the staff session cookie's value. Requests go to the staff origin (STAFF_HOST).
 */
import { randomBytes } from 'node:crypto';
import { generate, generateSecret } from 'otplib';
import type { StaffRole } from '#src/contract/define.ts';
import { postStaffLogin, postStaffSecondFactor } from '#src/contract/staff.ts';
import { createStaffAccount } from '#src/server/features/staff/index.ts';
import { UnexpectedAnswer, type TestApp } from './harness.ts';

export const STAFF_HOST = 'staff.localhost';
/** The staff cookie's name outside production. */
export const STAFF_COOKIE = 'staff';
export const STAFF_PASSWORD = 'staff-password-1';

export interface TestStaff {
  id: number;
  email: string;
  secret: string;
}

export async function createTestStaff(
  t: TestApp,
  roles: readonly StaffRole[],
  options: { enrolled?: boolean } = {},
): Promise<TestStaff> {
  const email = `staff.${randomBytes(4).toString('hex')}@staff.test`;
  const secret = generateSecret();
  const id = await createStaffAccount(
    t.db,
    {
      email,
      name: `Staff ${roles.join(' ')}`,
      password: STAFF_PASSWORD,
      roles,
      ...(options.enrolled === false ? {} : { totpSecret: secret }),
    },
    t.clock.now,
  );
  return { id, email, secret };
}

/** The TOTP code of `secret` at the test app's clock. */
export function totpNow(t: TestApp, secret: string): Promise<string> {
  return generate({ secret, epoch: Math.floor(t.clock.now.getTime() / 1000) });
}

/** The staff cookie a response sets (its value), or null. */
export function staffCookieOf(response: Response): string | null {
  for (const cookie of response.headers.getSetCookie()) {
    const match = new RegExp(`^${STAFF_COOKIE}=([^;]*)`).exec(cookie);
    if (match?.[1]) return match[1];
  }
  return null;
}

/** A staff request on the staff origin with a staff cookie (or none). */
export function staffRequest(
  t: TestApp,
  path: string,
  init: { method?: string; json?: unknown; cookie?: string | null; host?: string } = {},
): Promise<Response> {
  return t.request(path, {
    method: init.method ?? 'GET',
    host: init.host ?? STAFF_HOST,
    // A write always carries a JSON body (route() refuses others: 415).
    ...(init.json !== undefined || (init.method ?? 'GET') !== 'GET' ? { json: init.json ?? {} } : {}),
    ...(init.cookie ? { cookies: { [STAFF_COOKIE]: init.cookie } } : {}),
  });
}

/** The password step: answers the pending session's cookie. */
export async function passwordStep(t: TestApp, staff: TestStaff): Promise<string> {
  const response = await staffRequest(t, postStaffLogin.path, {
    method: 'POST',
    json: { email: staff.email, password: STAFF_PASSWORD },
  });
  const cookie = staffCookieOf(response);
  if (!response.ok || !cookie) throw new UnexpectedAnswer(postStaffLogin, response.status, await response.text());
  return cookie;
}

/**
 * Both steps: answers the active session's cookie. Moves the clock to the next 30-second step
 * first, so a code is never one used before (replays are refused).
 */
export async function staffLogin(t: TestApp, staff: TestStaff): Promise<string> {
  t.clock.now = new Date(t.clock.now.getTime() + 30_000);
  const pending = await passwordStep(t, staff);
  const response = await staffRequest(t, postStaffSecondFactor.path, {
    method: 'POST',
    json: { code: await totpNow(t, staff.secret) },
    cookie: pending,
  });
  const cookie = staffCookieOf(response);
  if (!response.ok || !cookie)
    throw new UnexpectedAnswer(postStaffSecondFactor, response.status, await response.text());
  return cookie;
}
