/**
 * The demo staff accounts of the back office (docs/staff.md "Demo staff"): one per role, the
 * demo password and a documented TOTP secret each, so `npm start` can print them and the
 * end-to-end tests can compute the codes. Development only: the seed refuses production.
 */
import { eq } from 'drizzle-orm';
import type { StaffRole } from '#src/contract/define.ts';
import type { Db } from '../db/client.ts';
import { staffAccounts } from '../db/schema.ts';
import { createStaffAccount } from '#src/server/features/staff/index.ts';
import { DEMO_PASSWORD } from './demo-logins.ts';

export interface DemoStaff {
  email: string;
  role: StaffRole;
  /** The base32 TOTP secret to add to an authenticator app (or compute codes with otplib). */
  totpSecret: string;
}

export const DEMO_STAFF: readonly DemoStaff[] = [
  { email: 'admin@staff.test', role: 'admin', totpSecret: 'Y2US7GPOKWUJBZ3CGI4PHB5KIANACWGM' },
  { email: 'finance@staff.test', role: 'finance', totpSecret: 'U6HO26P7R74HZJWM7HNCFWGK575MXOWZ' },
  { email: 'moderator@staff.test', role: 'moderator', totpSecret: 'FTVYHPZK5PPAOZH2XDWJUVGC2TYRNEPF' },
  { email: 'operator@staff.test', role: 'operator', totpSecret: 'KUSAJL7LL4NO5K2YA74LRATSPQSPPN74' },
  { email: 'marketing@staff.test', role: 'marketing', totpSecret: 'W3H32UOGBYLWV2PGN5L5GKVYL2DHA3XN' },
];

/** Creates the demo staff accounts that are missing (password DEMO_PASSWORD). */
export async function seedDemoStaff(db: Db, now: Date): Promise<void> {
  for (const staff of DEMO_STAFF) {
    const [existing] = await db
      .select({ id: staffAccounts.id })
      .from(staffAccounts)
      .where(eq(staffAccounts.email, staff.email))
      .limit(1);
    if (existing) continue;
    const name = `Demo ${staff.role}`;
    await createStaffAccount(
      db,
      { email: staff.email, name, password: DEMO_PASSWORD, roles: [staff.role], totpSecret: staff.totpSecret },
      now,
    );
  }
}
