/**
 * The staff audit log (docs/staff.md "Audit log"): every staff action, login and failed login,
 * appended with who (id, address, roles at the time), what, on what, before and after, why,
 * when and a keyed hash of the IP address. The table refuses UPDATE, DELETE and TRUNCATE
 * (a trigger, migration 0019), so this module only inserts and reads.
 */
import { and, desc, eq, gte, like, lt, type SQL } from 'drizzle-orm';
import type { Context } from 'hono';
import type { AuditEntry } from '#src/contract/staff.ts';
import { AUDIT_CSV_MAX, AUDIT_PAGE_SIZE } from '#src/contract/staff.ts';
import type { Db, Tx } from '#src/server/db/client.ts';
import { staffAuditLog } from '#src/server/db/schema.ts';
import type { AppEnv } from '#src/server/http/context.ts';
import { clientIp, hashedKey } from '#src/server/http/rate-limit.ts';

/** Who acted: a staff member, or the address a failed login gave. */
export interface Actor {
  staffId: number | null;
  email: string;
  roles: readonly string[];
}

export interface AuditRecord {
  action: string;
  targetType?: string;
  targetId?: string | number;
  before?: unknown;
  after?: unknown;
  reason?: string;
}

/** A keyed hash of the request's IP address (the rate limits' key, app_keys 'ip_hash'): never the address. */
export async function ipHashOf(c: Context<AppEnv>): Promise<string> {
  return ipHashOfAddress(c.get('deps').database.db, clientIp(c));
}

/**
 * The IP hash of an address, as the audit log, the members' signups and sessions store it
 * (so staff may search members by an address: the address itself is never stored).
 */
export async function ipHashOfAddress(db: Db, ip: string): Promise<string> {
  const key = await hashedKey(db, 'audit', 'ip', ip);
  return key.slice(key.lastIndexOf(':') + 1);
}

/** Who acts, from where and when: made before a transaction (the IP hash reads app_keys). */
export interface AuditBy {
  actor: Actor;
  ipHash: string;
  at: Date;
}

export async function auditBy(c: Context<AppEnv>, actor: Actor): Promise<AuditBy> {
  return { actor, ipHash: await ipHashOf(c), at: c.get('deps').now() };
}

/** Appends one entry (in the caller's transaction when `db` is one). */
export async function audit(db: Db | Tx, by: AuditBy, record: AuditRecord): Promise<void> {
  await db.insert(staffAuditLog).values({
    staffId: by.actor.staffId,
    staffEmail: by.actor.email,
    roles: [...by.actor.roles],
    action: record.action,
    targetType: record.targetType ?? null,
    targetId: record.targetId === undefined ? null : String(record.targetId),
    before: record.before ?? null,
    after: record.after ?? null,
    reason: record.reason ?? null,
    ipHash: by.ipHash,
    createdAt: by.at,
  });
}

export interface AuditFilters {
  staff?: string | undefined;
  action?: string | undefined;
  target_type?: string | undefined;
  target_id?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

function conditions(filters: AuditFilters): SQL[] {
  const where: SQL[] = [];
  if (filters.staff) where.push(eq(staffAuditLog.staffId, Number(filters.staff)));
  if (filters.action) {
    // 'member.' is every member action; the prefix is literal (no LIKE wildcards from input).
    where.push(
      filters.action.endsWith('.')
        ? like(staffAuditLog.action, `${filters.action.replace(/[\\%_]/g, '\\$&')}%`)
        : eq(staffAuditLog.action, filters.action),
    );
  }
  if (filters.target_type) where.push(eq(staffAuditLog.targetType, filters.target_type));
  if (filters.target_id) where.push(eq(staffAuditLog.targetId, filters.target_id));
  if (filters.from) where.push(gte(staffAuditLog.createdAt, new Date(filters.from)));
  if (filters.to) where.push(lt(staffAuditLog.createdAt, new Date(filters.to)));
  return where;
}

type AuditRow = typeof staffAuditLog.$inferSelect;

export function auditEntryOf(row: AuditRow): AuditEntry {
  return {
    id: row.id,
    at: row.createdAt.toISOString(),
    staff_id: row.staffId,
    staff_email: row.staffEmail,
    roles: row.roles,
    action: row.action,
    target_type: row.targetType,
    target_id: row.targetId,
    before: row.before ?? null,
    after: row.after ?? null,
    reason: row.reason,
    ip_hash: row.ipHash,
  };
}

/** A page of the log, newest first: the entries before id `before` (keyset paging). */
export async function searchAudit(
  db: Db,
  filters: AuditFilters,
  before: number | null,
  pageSize = AUDIT_PAGE_SIZE,
): Promise<{ entries: AuditEntry[]; next: number | null }> {
  const where = conditions(filters);
  if (before !== null) where.push(lt(staffAuditLog.id, before));
  const rows = await db
    .select()
    .from(staffAuditLog)
    .where(and(...where))
    .orderBy(desc(staffAuditLog.id))
    .limit(pageSize + 1);
  const page = rows.slice(0, pageSize);
  return { entries: page.map(auditEntryOf), next: rows.length > pageSize ? (page.at(-1)?.id ?? null) : null };
}

/** One CSV field: quoted, with formula-starting text defused (a spreadsheet must not run it). */
export function csvField(value: unknown): string {
  let text = value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

const CSV_COLUMNS = [
  'id',
  'at',
  'staff_id',
  'staff_email',
  'roles',
  'action',
  'target_type',
  'target_id',
  'before',
  'after',
  'reason',
  'ip_hash',
] as const;

/** The filtered log as CSV, newest first, at most AUDIT_CSV_MAX rows. */
export async function auditCsv(db: Db, filters: AuditFilters): Promise<string> {
  const lines = [CSV_COLUMNS.join(',')];
  let before: number | null = null;
  for (let count = 0; count < AUDIT_CSV_MAX;) {
    const { entries, next } = await searchAudit(db, filters, before, 1000);
    for (const entry of entries) {
      lines.push(
        CSV_COLUMNS.map((column) => csvField(column === 'roles' ? entry.roles.join(' ') : entry[column])).join(','),
      );
    }
    count += entries.length;
    if (next === null) break;
    before = next;
  }
  return `${lines.join('\r\n')}\r\n`;
}
