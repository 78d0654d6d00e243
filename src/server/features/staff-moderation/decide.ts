/**
 * Deciding a report (docs/reports.md "Decisions"): in one transaction the report (and every
 * other open report of the same content) is closed, the action is taken (a photo taken down,
 * an account banned and logged out) and each closed report gets its audit entry (who, what,
 * the ground, the moderator's note) — the report's decision log. Then the reported member
 * receives the statement of reasons in their language, and its sending is logged too.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Context } from 'hono';
import type { ReportDecision, ReportGround, StaffReport } from '#src/contract/staff-moderation.ts';
import type { PhotoRejectReason } from '#src/contract/photos.ts';
import type { Tx } from '#src/server/db/client.ts';
import { accounts, reports, sessions } from '#src/server/db/schema.ts';
import type { AppEnv } from '#src/server/http/context.ts';
import { fail } from '#src/server/http/errors.ts';
import { sendMail } from '#src/server/platform/mail.ts';
import { takeDownPhoto } from '#src/server/features/moderation/index.ts';
import { loadSite } from '#src/server/features/site/index.ts';
import { audit, auditBy, sessionActor, type AuditBy, type StaffSession } from '#src/server/features/staff/index.ts';
import { OPEN_STATUSES, reportRow, toStaffReports, type ReportRow } from './reports.ts';
import { complaintsUrl, memberLocale, statementMail } from './statement.ts';

export interface ReportDecisionInput {
  id: string;
  decision: ReportDecision;
  ground: ReportGround;
  reason: string;
}

/** What a photo taken down shows its owner (the photo reasons members already read). */
const PHOTO_REASON: Record<ReportGround, PhotoRejectReason> = {
  fake_profile: 'not_you',
  scam: 'other',
  harassment: 'other',
  minor: 'other',
  explicit_content: 'nudity',
  other_terms: 'other',
};

/** Bans the reported account (not one deleted or purged) and ends its sessions; answers the status before. */
async function ban(tx: Tx, accountId: number): Promise<string | null> {
  const [account] = await tx
    .select({ status: accounts.status })
    .from(accounts)
    .where(eq(accounts.id, accountId))
    .for('update');
  if (!account || ['deleted', 'purged'].includes(account.status)) return null;
  await tx.update(accounts).set({ status: 'banned' }).where(eq(accounts.id, accountId));
  // A banned member's sessions end now; the next login answers login_banned (docs/staff.md).
  await tx.delete(sessions).where(eq(sessions.accountId, accountId));
  return account.status;
}

async function act(tx: Tx, row: ReportRow, input: ReportDecisionInput, now: Date): Promise<Record<string, unknown>> {
  if (input.decision === 'remove_content') {
    if (row.photoDbId === null) throw fail('report_decision_invalid');
    return { photo: row.photoId, taken_down: await takeDownPhoto(tx, row.photoDbId, PHOTO_REASON[input.ground], now) };
  }
  if (input.decision === 'ban' && row.accountId !== null) {
    const before = await ban(tx, row.accountId);
    return { member: row.accountId, status_before: before, status: before === null ? before : 'banned' };
  }
  return {};
}

async function closeReports(tx: Tx, by: AuditBy, row: ReportRow, input: ReportDecisionInput): Promise<void> {
  const effects = await act(tx, row, input, by.at);
  const status = input.decision === 'no_violation' ? 'dismissed' : 'actioned';
  // Every open report of the same content is decided with it (several members may report one photo).
  const closed = await tx
    .update(reports)
    .set({ status, handledAt: by.at })
    .where(and(eq(reports.targetKey, row.targetKey), inArray(reports.status, [...OPEN_STATUSES])))
    .returning({ publicId: reports.publicId, status: reports.status });
  for (const report of closed) {
    await audit(tx, by, {
      action: 'report.decide',
      targetType: 'report',
      targetId: report.publicId,
      before: { status: report.publicId === row.publicId ? row.status : 'open' },
      after: { status, decision: input.decision, ground: input.ground, ...effects },
      reason: input.reason,
    });
  }
}

/** Sends the statement of reasons to the reported member; answers whether it went out. */
async function sendStatement(
  c: Context<AppEnv>,
  row: ReportRow,
  input: ReportDecisionInput & { decision: Exclude<ReportDecision, 'no_violation'> },
  at: Date,
): Promise<{ sent: boolean; language: string | null }> {
  const { database, sites, mail, config } = c.get('deps');
  if (row.accountId === null) return { sent: false, language: null };
  const [account] = await database.db
    .select({ email: accounts.email, language: accounts.language, status: accounts.status })
    .from(accounts)
    .where(eq(accounts.id, row.accountId));
  const site = sites.find((candidate) => candidate.id === row.siteId);
  if (!account?.email || account.status === 'purged' || !site) return { sent: false, language: null };
  const language = memberLocale(account.language);
  const { settings } = await loadSite(database.db, site);
  try {
    await sendMail(
      mail,
      statementMail({
        site,
        to: account.email,
        language,
        name: row.profileName,
        target: row.target,
        decision: input.decision,
        ground: input.ground,
        reference: row.publicId,
        reportedAt: row.createdAt,
        decidedAt: at,
        supportEmail: settings.support_email,
        complaintsUrl: complaintsUrl(site, language, config),
      }),
    );
    return { sent: true, language };
  } catch (error) {
    console.error('[staff-moderation] a statement of reasons could not be sent:', (error as Error).message);
    return { sent: false, language };
  }
}

export async function decideReport(
  c: Context<AppEnv>,
  staff: StaffSession,
  input: ReportDecisionInput,
): Promise<{ report: StaffReport; statement_sent: boolean }> {
  const db = c.get('deps').database.db;
  const by = await auditBy(c, sessionActor(staff));
  const row = await db.transaction(async (tx) => {
    const locked = await reportRow(tx, input.id, true);
    if (!(OPEN_STATUSES as readonly string[]).includes(locked.status)) throw fail('report_decided');
    await closeReports(tx, by, locked, input);
    return locked;
  });
  let sent = false;
  if (input.decision !== 'no_violation') {
    const statement = await sendStatement(c, row, { ...input, decision: input.decision }, by.at);
    sent = statement.sent;
    await audit(db, by, {
      action: 'report.statement',
      targetType: 'report',
      targetId: row.publicId,
      after: { sent, language: statement.language, decision: input.decision, ground: input.ground },
    });
  }
  const [report] = await toStaffReports(db, [await reportRow(db, input.id)]);
  if (!report) throw fail('not_found');
  return { report, statement_sent: sent };
}
