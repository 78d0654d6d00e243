/**
 * The complaints in the back office (docs/complaints.md "Staff"): the complaints the member
 * sites' form stored (features/complaints/), of one status, open ones oldest first and handled
 * ones newest first unless asked otherwise, keyset-paged on the complaint id; one complaint with
 * its log (the audit entries about it); marking one handled or open again, the change and its
 * audit entry in one transaction. `handled_by` names member accounts and stays empty for staff
 * (as a photo's `reviewed_by`): the audit log says who.
 */
import { and, asc, count, desc, eq, gt, lt, ne, type SQL } from 'drizzle-orm';
import type { Context } from 'hono';
import type { ComplaintStatus, ComplaintTopic } from '#src/contract/complaints.ts';
import type { AuditEntry } from '#src/contract/staff.ts';
import { COMPLAINTS_PAGE_SIZE, type ModerationOrder, type StaffComplaint } from '#src/contract/staff-moderation.ts';
import type { Db } from '#src/server/db/client.ts';
import { complaints, staffAuditLog } from '#src/server/db/schema.ts';
import type { AppEnv } from '#src/server/http/context.ts';
import { fail } from '#src/server/http/errors.ts';
import { audit, auditBy, auditEntryOf, sessionActor, type StaffSession } from '#src/server/features/staff/index.ts';

type ComplaintRow = typeof complaints.$inferSelect;

function toStaff(row: ComplaintRow): StaffComplaint {
  return {
    reference: row.publicId,
    site: row.siteId,
    topic: row.topic,
    order: row.orderRef,
    member: row.memberRef,
    description: row.description,
    email: row.email,
    from_member: row.accountId !== null,
    language: row.locale,
    status: row.status,
    created_at: row.createdAt.toISOString(),
    handled_at: row.handledAt?.toISOString() ?? null,
  };
}

export interface ComplaintFilters {
  status: ComplaintStatus;
  order?: ModerationOrder | undefined;
  siteId?: string | undefined;
  topic?: ComplaintTopic | undefined;
  after?: number | undefined;
}

export async function listComplaints(
  db: Db,
  filters: ComplaintFilters,
): Promise<{ complaints: StaffComplaint[]; next: number | null; total: number }> {
  const order = filters.order ?? (filters.status === 'open' ? 'oldest' : 'newest');
  const where: SQL[] = [eq(complaints.status, filters.status)];
  if (filters.siteId) where.push(eq(complaints.siteId, filters.siteId));
  if (filters.topic) where.push(eq(complaints.topic, filters.topic));
  const counted = [...where];
  if (filters.after !== undefined) {
    where.push(order === 'oldest' ? gt(complaints.id, filters.after) : lt(complaints.id, filters.after));
  }
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(complaints)
      .where(and(...where))
      .orderBy(order === 'oldest' ? asc(complaints.id) : desc(complaints.id))
      .limit(COMPLAINTS_PAGE_SIZE + 1),
    db
      .select({ n: count() })
      .from(complaints)
      .where(and(...counted)),
  ]);
  const page = rows.slice(0, COMPLAINTS_PAGE_SIZE);
  return {
    complaints: page.map(toStaff),
    next: rows.length > COMPLAINTS_PAGE_SIZE ? (page.at(-1)?.id ?? null) : null,
    total: total?.n ?? 0,
  };
}

async function complaintLog(db: Db, reference: string): Promise<AuditEntry[]> {
  const rows = await db
    .select()
    .from(staffAuditLog)
    .where(and(eq(staffAuditLog.targetType, 'complaint'), eq(staffAuditLog.targetId, reference)))
    .orderBy(asc(staffAuditLog.id))
    .limit(100);
  return rows.map(auditEntryOf);
}

/** A complaint with its log, oldest entry first; 404 not_found for an unknown reference. */
export async function complaintPage(
  db: Db,
  reference: string,
): Promise<{ complaint: StaffComplaint; log: AuditEntry[] }> {
  const [row] = await db.select().from(complaints).where(eq(complaints.publicId, reference)).limit(1);
  if (!row) throw fail('not_found');
  return { complaint: toStaff(row), log: await complaintLog(db, reference) };
}

/**
 * Marks a complaint handled (with what was done or answered) or open again (with why). Only a
 * complaint of the other status changes (a conditional UPDATE, so two staff members cannot both
 * mark it): 409 complaint_unchanged otherwise, 404 not_found for an unknown reference.
 */
export async function setComplaintStatus(
  c: Context<AppEnv>,
  staff: StaffSession,
  input: { id: string; status: ComplaintStatus; reason: string },
): Promise<{ complaint: StaffComplaint }> {
  const { database } = c.get('deps');
  const by = await auditBy(c, sessionActor(staff));
  const row = await database.db.transaction(async (tx) => {
    const [changed] = await tx
      .update(complaints)
      .set(
        input.status === 'handled'
          ? { status: 'handled', handledAt: by.at, handledBy: null }
          : { status: 'open', handledAt: null, handledBy: null },
      )
      .where(and(eq(complaints.publicId, input.id), ne(complaints.status, input.status)))
      .returning();
    if (!changed) {
      const [exists] = await tx
        .select({ id: complaints.id })
        .from(complaints)
        .where(eq(complaints.publicId, input.id))
        .limit(1);
      throw fail(exists ? 'complaint_unchanged' : 'not_found');
    }
    await audit(tx, by, {
      action: input.status === 'handled' ? 'complaint.handle' : 'complaint.reopen',
      targetType: 'complaint',
      targetId: changed.publicId,
      before: { status: input.status === 'handled' ? 'open' : 'handled' },
      after: { status: input.status },
      reason: input.reason,
    });
    return changed;
  });
  return { complaint: toStaff(row) };
}
