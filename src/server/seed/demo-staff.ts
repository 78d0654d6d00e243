/**
 * The demo staff accounts of the back office (docs/staff.md "Demo staff"): one per role, the
 * demo password and a documented TOTP secret each, so `npm start` can print them and the
 * end-to-end tests can compute the codes. Development only: the seed refuses production.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { StaffRole } from '#src/contract/define.ts';
import type { Db } from '../db/client.ts';
import { chatPalOperators, profiles, staffAccounts } from '../db/schema.ts';
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

/** The site whose chat pals the demo operator answers as (the demo member logins' site). */
const DEMO_OPERATOR_SITE = 'default';

/**
 * Creates the demo staff accounts that are missing (password DEMO_PASSWORD) and assigns the
 * demo operator to the chat pals of the default site it does not answer as yet (docs/staff.md
 * "Chat pals").
 */
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
  const operator = DEMO_STAFF.find((staff) => staff.role === 'operator');
  const [row] = operator
    ? await db.select({ id: staffAccounts.id }).from(staffAccounts).where(eq(staffAccounts.email, operator.email))
    : [];
  if (!row) return;
  await db
    .insert(chatPalOperators)
    .select(
      db
        .select({
          chatPalId: profiles.id,
          staffId: sql<number>`${row.id}::bigint`.as('staff_id'),
          assignedAt: sql<Date>`${now.toISOString()}::timestamptz`.as('created_at'),
        })
        .from(profiles)
        .where(and(eq(profiles.type, 'fictional'), eq(profiles.siteId, DEMO_OPERATOR_SITE))),
    )
    .onConflictDoNothing();
}
