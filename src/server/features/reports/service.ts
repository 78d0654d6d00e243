/**
 * Members' reports (contract src/contract/reports.ts, docs/reports.md): what a report names
 * is looked up on the reporter's site (a profile, a photo, or a message of a conversation
 * the reporter is in), the reporter's own profile, photo or message is refused, and the
 * report is stored once while open for the moderators.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, or } from 'drizzle-orm';
import type { ReportReason, ReportTarget } from '#src/contract/reports.ts';
import type { Db } from '#src/server/db/client.ts';
import { conversations, messages, photos, profiles, reports } from '#src/server/db/schema.ts';
import { fail } from '#src/server/http/errors.ts';

const REFERENCE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** A report reference for the member's confirmation, e.g. 'R-7KQ2M9XA'. */
function newReference(): string {
  let out = 'R-';
  for (const byte of randomBytes(8)) out += REFERENCE_ALPHABET.charAt(byte % REFERENCE_ALPHABET.length);
  return out;
}

interface Reported {
  profileId: number;
  photoId: number | null;
  messageId: number | null;
  key: string;
}

/** The reporter's profile id on the site, or null (staff accounts have none to report from). */
async function reporterProfile(db: Db, accountId: number, siteId: string): Promise<number | null> {
  const [row] = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(and(eq(profiles.accountId, accountId), eq(profiles.siteId, siteId)))
    .limit(1);
  return row?.id ?? null;
}

/** What the report names, on the site; not_found when it is not there (or not the reporter's to see). */
async function findReported(
  db: Db,
  target: ReportTarget,
  publicId: string,
  siteId: string,
  reporterProfileId: number | null,
): Promise<Reported> {
  if (target === 'profile') {
    const [row] = await db
      .select({ id: profiles.id })
      .from(profiles)
      .where(and(eq(profiles.publicId, publicId), eq(profiles.siteId, siteId)))
      .limit(1);
    if (!row) throw fail('not_found');
    return { profileId: row.id, photoId: null, messageId: null, key: `profile:${row.id}` };
  }
  if (target === 'photo') {
    const [row] = await db
      .select({ id: photos.id, profileId: photos.profileId })
      .from(photos)
      .innerJoin(profiles, eq(profiles.id, photos.profileId))
      .where(and(eq(photos.publicId, publicId), eq(profiles.siteId, siteId)))
      .limit(1);
    if (!row) throw fail('not_found');
    return { profileId: row.profileId, photoId: row.id, messageId: null, key: `photo:${row.id}` };
  }
  // A message: only of a conversation the reporter is in.
  if (reporterProfileId === null) throw fail('not_found');
  const [row] = await db
    .select({ id: messages.id, senderId: messages.senderId })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .where(
      and(
        eq(messages.publicId, publicId),
        or(eq(conversations.profileLow, reporterProfileId), eq(conversations.profileHigh, reporterProfileId)),
      ),
    )
    .limit(1);
  if (!row) throw fail('not_found');
  return { profileId: row.senderId, photoId: null, messageId: row.id, key: `message:${row.id}` };
}

export interface NewReport {
  accountId: number;
  siteId: string;
  target: ReportTarget;
  id: string;
  reason: ReportReason;
  details: string | null;
  locale: string;
}

/**
 * Stores a report and answers its reference; the same open report of the same reporter and
 * target answers the reference it has (nothing is stored twice).
 */
export async function storeReport(db: Db, input: NewReport, now: Date): Promise<string> {
  const mine = await reporterProfile(db, input.accountId, input.siteId);
  const reported = await findReported(db, input.target, input.id, input.siteId, mine);
  if (reported.profileId === mine) throw fail('report_self');
  const [stored] = await db
    .insert(reports)
    .values({
      publicId: newReference(),
      siteId: input.siteId,
      reporterId: input.accountId,
      targetKind: input.target,
      targetKey: reported.key,
      reportedProfileId: reported.profileId,
      photoId: reported.photoId,
      messageId: reported.messageId,
      reason: input.reason,
      details: input.details,
      locale: input.locale,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning({ publicId: reports.publicId });
  if (stored) return stored.publicId;
  const [open] = await db
    .select({ publicId: reports.publicId })
    .from(reports)
    .where(
      and(eq(reports.reporterId, input.accountId), eq(reports.targetKey, reported.key), eq(reports.status, 'open')),
    )
    .limit(1);
  if (!open) throw new Error('reports: neither stored nor found');
  return open.publicId;
}
