/**
 * Creating staff accounts (docs/staff.md "Onboarding"): the demo seed's and an admin's
 * script. A new account has no second factor until its first login enrols one, unless a
 * TOTP secret is given (the demo seed's documented ones).
 */
import type { StaffRole } from '#src/contract/define.ts';
import type { Db, Tx } from '#src/server/db/client.ts';
import { staffAccounts } from '#src/server/db/schema.ts';
import { hashPassword } from '#src/server/features/accounts/index.ts';

export interface NewStaffAccount {
  email: string;
  name: string;
  password: string;
  roles: readonly StaffRole[];
  /** A base32 TOTP secret already enrolled (demo and tests); without it the first login enrols. */
  totpSecret?: string;
}

export async function createStaffAccount(db: Db | Tx, account: NewStaffAccount, now: Date): Promise<number> {
  const [row] = await db
    .insert(staffAccounts)
    .values({
      email: account.email.trim().toLowerCase(),
      name: account.name,
      passwordHash: await hashPassword(account.password),
      roles: [...account.roles],
      totpSecret: account.totpSecret ?? null,
      totpEnabledAt: account.totpSecret ? now : null,
      createdAt: now,
    })
    .returning({ id: staffAccounts.id });
  if (!row) throw new Error('createStaffAccount: no row');
  return row.id;
}
