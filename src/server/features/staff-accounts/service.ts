/**
 * Staff accounts for admins (docs/staff.md "Staff accounts"; contract
 * src/contract/staff-accounts.ts): the list, a new colleague's account, roles, disabling and
 * enabling, and resetting a lost second factor or a leaver's passkeys. Every change needs a
 * recent second factor, is audited with before and after in its transaction, and refuses the
 * changes that would lock the acting admin out (another admin does those).
 */
import { asc, eq, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import type { StaffRole } from '#src/contract/define.ts';
import type { StaffAccountRow } from '#src/contract/staff-accounts.ts';
import type { Db, Tx } from '#src/server/db/client.ts';
import {
  staffAccounts,
  staffAuditLog,
  staffPasskeys,
  staffRecoveryCodes,
  staffSessions,
} from '#src/server/db/schema.ts';
import type { AppEnv } from '#src/server/http/context.ts';
import { fail } from '#src/server/http/errors.ts';
import { isUniqueViolation } from '#src/server/platform/unique-violation.ts';
import {
  audit,
  auditBy,
  createStaffAccount,
  requireRecentSecondFactor,
  sessionActor,
  type StaffSession,
} from '#src/server/features/staff/index.ts';

const passkeyCount = sql<number>`(select count(*)::int from ${staffPasskeys} p where p.staff_id = ${staffAccounts.id})`;
const lastLogin = sql<Date | null>`(select max(l.created_at) from ${staffAuditLog} l where l.staff_id = ${staffAccounts.id} and l.action = 'login')`;

const rowColumns = {
  id: staffAccounts.id,
  email: staffAccounts.email,
  name: staffAccounts.name,
  roles: staffAccounts.roles,
  status: staffAccounts.status,
  totpEnabledAt: staffAccounts.totpEnabledAt,
  passkeys: passkeyCount,
  lastLogin: lastLogin.mapWith((value: string | Date | null) => (value === null ? null : new Date(value))),
  createdAt: staffAccounts.createdAt,
};

type Row = {
  id: number;
  email: string;
  name: string;
  roles: string[];
  status: 'active' | 'disabled';
  totpEnabledAt: Date | null;
  passkeys: number;
  lastLogin: Date | null;
  createdAt: Date;
};

function rowOf(row: Row): StaffAccountRow {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    roles: row.roles as StaffRole[],
    status: row.status,
    totp_enrolled: row.totpEnabledAt !== null,
    passkeys: row.passkeys,
    last_login_at: row.lastLogin?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

/** What the audit keeps of an account before and after a change (no secrets). */
function auditView(row: StaffAccountRow) {
  return {
    roles: row.roles,
    status: row.status,
    totp_enrolled: row.totp_enrolled,
    passkeys: row.passkeys,
  };
}

export async function listStaffAccounts(db: Db): Promise<StaffAccountRow[]> {
  const rows = await db
    .select(rowColumns)
    .from(staffAccounts)
    .orderBy(sql`${staffAccounts.status} = 'disabled'`, asc(staffAccounts.name), asc(staffAccounts.id));
  return rows.map(rowOf);
}

async function accountRow(db: Db | Tx, id: number, lock = false): Promise<StaffAccountRow> {
  const query = db.select(rowColumns).from(staffAccounts).where(eq(staffAccounts.id, id));
  const [row] = lock ? await query.for('update', { of: staffAccounts }) : await query;
  if (!row) throw fail('not_found');
  return rowOf(row);
}

export interface NewColleague {
  email: string;
  name: string;
  password: string;
  roles: readonly StaffRole[];
  reason: string;
}

/** A new staff account; its first login enrols the second factor. */
export async function addStaffAccount(
  c: Context<AppEnv>,
  staff: StaffSession,
  input: NewColleague,
): Promise<StaffAccountRow> {
  const { database, now } = c.get('deps');
  requireRecentSecondFactor(staff, now());
  const by = await auditBy(c, sessionActor(staff));
  try {
    return await database.db.transaction(async (tx) => {
      const id = await createStaffAccount(tx, input, now());
      const account = await accountRow(tx, id);
      await audit(tx, by, {
        action: 'staff.create',
        targetType: 'staff',
        targetId: id,
        after: { email: account.email, name: account.name, ...auditView(account) },
        reason: input.reason,
      });
      return account;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw fail('invalid_input', { field: 'email' });
    throw error;
  }
}

type Change =
  | { kind: 'roles'; roles: readonly StaffRole[] }
  | { kind: 'status'; status: 'active' | 'disabled' }
  | { kind: 'reset'; passkeys: boolean };

const ACTION: Record<Change['kind'], string> = {
  roles: 'staff.roles',
  status: 'staff.status',
  reset: 'staff.second_factor_reset',
};

/** Whether the change would take away the acting admin's own way in. */
function locksOutSelf(staff: StaffSession, id: number, change: Change): boolean {
  if (id !== staff.staffId) return false;
  if (change.kind === 'roles') return !change.roles.includes('admin');
  if (change.kind === 'status') return change.status === 'disabled';
  return true;
}

/** Changes one staff account as `change` says; sessions end where something is taken away. */
export async function changeStaffAccount(
  c: Context<AppEnv>,
  staff: StaffSession,
  id: number,
  change: Change,
  reason: string,
): Promise<StaffAccountRow> {
  const { database, now } = c.get('deps');
  requireRecentSecondFactor(staff, now());
  if (locksOutSelf(staff, id, change)) throw fail('staff_self_change');
  const by = await auditBy(c, sessionActor(staff));
  return database.db.transaction(async (tx) => {
    const before = await accountRow(tx, id, true);
    let endSessions: boolean;
    if (change.kind === 'roles') {
      await tx
        .update(staffAccounts)
        .set({ roles: [...new Set(change.roles)] })
        .where(eq(staffAccounts.id, id));
      endSessions = before.roles.some((role) => !change.roles.includes(role));
    } else if (change.kind === 'status') {
      await tx.update(staffAccounts).set({ status: change.status }).where(eq(staffAccounts.id, id));
      endSessions = change.status === 'disabled';
    } else {
      await tx
        .update(staffAccounts)
        .set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null })
        .where(eq(staffAccounts.id, id));
      await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, id));
      if (change.passkeys) await tx.delete(staffPasskeys).where(eq(staffPasskeys.staffId, id));
      endSessions = true;
    }
    if (endSessions) await tx.delete(staffSessions).where(eq(staffSessions.staffId, id));
    const after = await accountRow(tx, id);
    await audit(tx, by, {
      action: ACTION[change.kind],
      targetType: 'staff',
      targetId: id,
      before: auditView(before),
      after: { ...auditView(after), sessions_ended: endSessions },
      reason,
    });
    return after;
  });
}
