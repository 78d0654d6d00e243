/**
 * The reports queue (docs/reports.md "The back office"): open reports (open and in review)
 * oldest first, decided ones newest first, keyset-paged on the report id (REPORTS_PAGE_SIZE a
 * page); each with what was reported as the moderator needs to see it (the profile, the
 * photo, the message's text) and how many upheld reports its profile had before; one report
 * with its decision log (the audit entries about it); the repeat offenders.
 */
import { and, asc, count, desc, eq, gt, inArray, lt, max, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  OFFENDERS_PAGE_SIZE,
  REPORTS_PAGE_SIZE,
  staffPhotoUrl,
  type Offender,
  type StaffReport,
} from '#src/contract/staff-moderation.ts';
import type { AuditEntry } from '#src/contract/staff.ts';
import type { Db, Tx } from '#src/server/db/client.ts';
import { accounts, messages, photos, profiles, reports, staffAuditLog } from '#src/server/db/schema.ts';
import { fail } from '#src/server/http/errors.ts';
import { auditEntryOf } from '#src/server/features/staff/index.ts';

export const OPEN_STATUSES = ['open', 'in_review'] as const;
const mainPhoto = alias(photos, 'main_photo');

const columns = {
  id: reports.id,
  publicId: reports.publicId,
  siteId: reports.siteId,
  status: reports.status,
  target: reports.targetKind,
  targetKey: reports.targetKey,
  reason: reports.reason,
  details: reports.details,
  createdAt: reports.createdAt,
  handledAt: reports.handledAt,
  reportedProfileId: reports.reportedProfileId,
  photoDbId: reports.photoId,
  profilePublicId: profiles.publicId,
  profileName: profiles.name,
  profileType: profiles.type,
  about: profiles.aboutMe,
  accountId: profiles.accountId,
  accountStatus: accounts.status,
  mainPhoto: mainPhoto.publicId,
  photoId: photos.publicId,
  photoStatus: photos.status,
  messageId: messages.publicId,
  messageKind: messages.kind,
  messageBody: messages.body,
  messageAt: messages.createdAt,
};

/** The report rows with their reported profile, photo and message (of `tx` or `db`). */
function reportQuery(db: Db | Tx) {
  return db
    .select(columns)
    .from(reports)
    .innerJoin(profiles, eq(profiles.id, reports.reportedProfileId))
    .leftJoin(accounts, eq(accounts.id, profiles.accountId))
    .leftJoin(mainPhoto, eq(mainPhoto.id, profiles.mainPhotoId))
    .leftJoin(photos, eq(photos.id, reports.photoId))
    .leftJoin(messages, eq(messages.id, reports.messageId));
}

export type ReportRow = Awaited<ReturnType<ReturnType<typeof reportQuery>['where']>>[number];

/** Upheld (actioned) reports per reported profile. */
async function upheldCounts(db: Db | Tx, profileIds: number[]): Promise<Map<number, number>> {
  if (profileIds.length === 0) return new Map();
  const rows = await db
    .select({ profileId: reports.reportedProfileId, n: count() })
    .from(reports)
    .where(and(inArray(reports.reportedProfileId, profileIds), eq(reports.status, 'actioned')))
    .groupBy(reports.reportedProfileId);
  return new Map(rows.map((row) => [row.profileId, row.n]));
}

function reportOf(row: ReportRow, upheld: Map<number, number>): StaffReport {
  return {
    id: row.publicId,
    site: row.siteId,
    status: row.status,
    target: row.target,
    reason: row.reason,
    details: row.details,
    created_at: row.createdAt.toISOString(),
    handled_at: row.handledAt?.toISOString() ?? null,
    profile: {
      id: row.profilePublicId,
      name: row.profileName,
      type: row.profileType,
      account_id: row.accountId,
      account_status: row.accountStatus,
      about: row.about,
      photo_url: row.mainPhoto ? staffPhotoUrl(row.mainPhoto, 'thumb') : null,
    },
    photo: row.photoId
      ? { id: row.photoId, url: staffPhotoUrl(row.photoId, 'full'), status: row.photoStatus ?? '' }
      : null,
    message:
      row.messageId && row.messageKind && row.messageAt
        ? {
            id: row.messageId,
            kind: row.messageKind,
            // Icebreakers store their catalogue key, not text the sender wrote.
            text: row.messageKind === 'text' ? row.messageBody : null,
            sent_at: row.messageAt.toISOString(),
          }
        : null,
    upheld_before: upheld.get(row.reportedProfileId) ?? 0,
  };
}

export async function toStaffReports(db: Db | Tx, rows: ReportRow[]): Promise<StaffReport[]> {
  const upheld = await upheldCounts(db, [...new Set(rows.map((row) => row.reportedProfileId))]);
  return rows.map((row) => reportOf(row, upheld));
}

export async function listReports(
  db: Db,
  filters: { view: 'open' | 'closed'; siteId?: string | undefined; after?: number | undefined },
): Promise<{ reports: StaffReport[]; next: number | null; total_open: number }> {
  const open = filters.view === 'open';
  const where: SQL[] = [
    open ? inArray(reports.status, [...OPEN_STATUSES]) : inArray(reports.status, ['actioned', 'dismissed']),
  ];
  if (filters.siteId) where.push(eq(reports.siteId, filters.siteId));
  if (filters.after !== undefined) where.push(open ? gt(reports.id, filters.after) : lt(reports.id, filters.after));
  const [rows, [total]] = await Promise.all([
    reportQuery(db)
      .where(and(...where))
      .orderBy(open ? asc(reports.id) : desc(reports.id))
      .limit(REPORTS_PAGE_SIZE + 1),
    db
      .select({ n: count() })
      .from(reports)
      .where(
        and(
          inArray(reports.status, [...OPEN_STATUSES]),
          ...(filters.siteId ? [eq(reports.siteId, filters.siteId)] : []),
        ),
      ),
  ]);
  const page = rows.slice(0, REPORTS_PAGE_SIZE);
  return {
    reports: await toStaffReports(db, page),
    next: rows.length > REPORTS_PAGE_SIZE ? (page.at(-1)?.id ?? null) : null,
    total_open: total?.n ?? 0,
  };
}

/** One report's row by its reference (locked for the decision when `lock`); 404 not_found. */
export async function reportRow(db: Db | Tx, publicId: string, lock = false): Promise<ReportRow> {
  const query = reportQuery(db).where(eq(reports.publicId, publicId)).limit(1);
  const [row] = lock ? await query.for('update', { of: reports }) : await query;
  if (!row) throw fail('not_found');
  return row;
}

/** A report with its decision log: the audit entries about it, oldest first. */
export async function reportPage(db: Db, publicId: string): Promise<{ report: StaffReport; log: AuditEntry[] }> {
  const row = await reportRow(db, publicId);
  const [[report], log] = await Promise.all([
    toStaffReports(db, [row]),
    db
      .select()
      .from(staffAuditLog)
      .where(and(eq(staffAuditLog.targetType, 'report'), eq(staffAuditLog.targetId, publicId)))
      .orderBy(asc(staffAuditLog.id))
      .limit(100),
  ]);
  if (!report) throw fail('not_found');
  return { report, log: log.map(auditEntryOf) };
}

/** The profiles with the most upheld reports (of one site or all), then the most recent. */
export async function repeatOffenders(db: Db, siteId: string | undefined): Promise<Offender[]> {
  const upheld = count().as('upheld');
  const lastAt = max(reports.handledAt).as('last_at');
  const grouped = db
    .select({ profileId: reports.reportedProfileId, upheld, lastAt })
    .from(reports)
    .where(and(eq(reports.status, 'actioned'), ...(siteId ? [eq(reports.siteId, siteId)] : [])))
    .groupBy(reports.reportedProfileId)
    .as('grouped');
  const rows = await db
    .select({
      profileId: profiles.publicId,
      name: profiles.name,
      site: profiles.siteId,
      accountId: profiles.accountId,
      accountStatus: accounts.status,
      upheld: grouped.upheld,
      lastAt: grouped.lastAt,
    })
    .from(grouped)
    .innerJoin(profiles, eq(profiles.id, grouped.profileId))
    .leftJoin(accounts, eq(accounts.id, profiles.accountId))
    .orderBy(desc(grouped.upheld), desc(grouped.lastAt))
    .limit(OFFENDERS_PAGE_SIZE);
  return rows.map((row) => ({
    profile_id: row.profileId,
    name: row.name,
    site: row.site,
    account_id: row.accountId,
    account_status: row.accountStatus,
    upheld: row.upheld,
    last_at: (row.lastAt ?? new Date(0)).toISOString(),
  }));
}
