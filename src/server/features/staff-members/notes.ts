/**
 * Staff notes about a member (docs/staff.md "Members"): each note is an audit entry
 * `member.note` on the member (the text in its reason). So a note is append-only like the
 * rest of the log (the trigger of migration 0019 refuses UPDATE and DELETE): never edited or
 * removed, a correction is a new note; its author, roles, time and IP hash come with it, and
 * it shows in the audit search and CSV like every staff action.
 */
import { and, desc, eq } from 'drizzle-orm';
import type { Context } from 'hono';
import { NOTES_SHOWN, type StaffNote } from '#src/contract/staff-members.ts';
import { MEMBER_NOTE_ACTION } from '#src/contract/staff.ts';
import type { Db } from '#src/server/db/client.ts';
import { staffAuditLog } from '#src/server/db/schema.ts';
import type { AppEnv } from '#src/server/http/context.ts';
import { audit, auditBy, sessionActor, type StaffSession } from '#src/server/features/staff/index.ts';
import { memberProfileId } from './content.ts';

export const NOTE_ACTION = MEMBER_NOTE_ACTION;

function noteOf(row: typeof staffAuditLog.$inferSelect): StaffNote {
  return {
    id: row.id,
    at: row.createdAt.toISOString(),
    staff_id: row.staffId,
    staff_email: row.staffEmail,
    text: row.reason ?? '',
  };
}

/** The member's notes, newest first (the audit log's target index, then the action). */
export async function memberNotes(db: Db, accountId: number): Promise<StaffNote[]> {
  await memberProfileId(db, accountId);
  const rows = await db
    .select()
    .from(staffAuditLog)
    .where(
      and(
        eq(staffAuditLog.targetType, 'member'),
        eq(staffAuditLog.targetId, String(accountId)),
        eq(staffAuditLog.action, NOTE_ACTION),
      ),
    )
    .orderBy(desc(staffAuditLog.id))
    .limit(NOTES_SHOWN);
  return rows.map(noteOf);
}

export async function addNote(
  c: Context<AppEnv>,
  staff: StaffSession,
  accountId: number,
  text: string,
): Promise<StaffNote> {
  const db = c.get('deps').database.db;
  const by = await auditBy(c, sessionActor(staff));
  return db.transaction(async (tx) => {
    await memberProfileId(tx, accountId);
    await audit(tx, by, { action: NOTE_ACTION, targetType: 'member', targetId: accountId, reason: text });
    const [row] = await tx
      .select()
      .from(staffAuditLog)
      .where(and(eq(staffAuditLog.staffId, staff.staffId), eq(staffAuditLog.action, NOTE_ACTION)))
      .orderBy(desc(staffAuditLog.id))
      .limit(1);
    if (!row) throw new Error('staff-members: the note was not written');
    return noteOf(row);
  });
}
