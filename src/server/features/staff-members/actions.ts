/**
 * The member page's account actions (docs/staff.md "Members"), each through the members' own
 * code and each audited with before and after:
 * - resend activation (`member.activation_mail`): the members' activation mail, limited with the
 *   member's own requests (ACTIVATION_MAIL_LIMIT per account) and STAFF_ACTIVATION_LIMIT per
 *   staff member;
 * - the data export (`member.export`): the members' ZIP (collectMemberData, exportZip), not
 *   logged in data_exports, so the member's own once-a-day limit does not move;
 * - deletion (`member.delete`): the members' deleteAccount (status deleted, profile hidden,
 *   sessions gone, the reactivation mail; the hourly purge erases the account after the
 *   reactivation window), its audit entry in the deletion's transaction.
 * Export and deletion need a second factor in the last REAUTH_MINUTES (the route checks it).
 */
import { eq } from 'drizzle-orm';
import type { Context } from 'hono';
import type { StaffMemberRow } from '#src/contract/staff.ts';
import { accounts, profiles } from '#src/server/db/schema.ts';
import type { AppEnv } from '#src/server/http/context.ts';
import { fail } from '#src/server/http/errors.ts';
import { accountKey, enforce } from '#src/server/http/rate-limit.ts';
import type { RequestContext } from '#src/server/platform/request-context.ts';
import {
  ACTIVATION_MAIL_LIMIT,
  deleteAccount,
  REACTIVATION_WINDOW_MS,
  sendActivationMail,
} from '#src/server/features/accounts/index.ts';
import { collectMemberData, exportZip } from '#src/server/features/data-export/index.ts';
import {
  audit,
  auditBy,
  MEMBER_ROW_COLUMNS,
  sessionActor,
  type StaffSession,
} from '#src/server/features/staff/index.ts';

/** Activation mails one staff member may send per hour (over all members). */
export const STAFF_ACTIVATION_LIMIT = { max: 30, windowMs: 3_600_000 };

async function memberAccount(c: Context<AppEnv>, id: number) {
  const db = c.get('deps').database.db;
  const [row] = await db
    .select(MEMBER_ROW_COLUMNS)
    .from(accounts)
    .leftJoin(profiles, eq(profiles.accountId, accounts.id))
    .where(eq(accounts.id, id))
    .limit(1);
  if (!row) throw fail('not_found');
  return row;
}

/** The members' services' context for the member's site (mails go out in the member's site's name). */
function memberSiteContext(c: Context<AppEnv>, siteId: string): RequestContext {
  const deps = c.get('deps');
  const site = deps.sites.find((candidate) => candidate.id === siteId);
  if (!site) throw fail('not_found');
  return { c, deps, db: deps.database.db, site, now: deps.now() };
}

export async function resendActivationMail(
  c: Context<AppEnv>,
  staff: StaffSession,
  id: number,
  reason: string,
): Promise<void> {
  const account = await memberAccount(c, id);
  if (account.status === 'confirmed') throw fail('already_confirmed');
  if (account.status !== 'not_confirmed' || !account.email) throw fail('not_found');
  const ctx = memberSiteContext(c, account.site);
  const by = await auditBy(c, sessionActor(staff));
  // The member's own limit counts staff requests too: no address gets more than it allows.
  await enforce(ctx.db, accountKey('activation-mail', id), ACTIVATION_MAIL_LIMIT, ctx.now);
  await enforce(ctx.db, accountKey('staff-activation-mail', staff.staffId), STAFF_ACTIVATION_LIMIT, ctx.now);
  await sendActivationMail(ctx, id, false);
  await audit(ctx.db, by, {
    action: 'member.activation_mail',
    targetType: 'member',
    targetId: id,
    before: { status: account.status },
    after: { status: account.status, activation_mail: 'sent' },
    reason,
  });
}

/** The ZIP of the member's data as an attachment, after its audit entry. */
export async function memberExport(
  c: Context<AppEnv>,
  staff: StaffSession,
  id: number,
  reason: string,
): Promise<Response> {
  const { database, photoStorage, now } = c.get('deps');
  const account = await memberAccount(c, id);
  if (account.status === 'purged') throw fail('not_found');
  const by = await auditBy(c, sessionActor(staff));
  const data = await collectMemberData(database.db, id);
  await audit(database.db, by, {
    action: 'member.export',
    targetType: 'member',
    targetId: id,
    before: { status: account.status },
    after: { files: Object.keys(data.files).length + 1, photos: data.photos.length },
    reason,
  });
  const at = now();
  const stream = exportZip(data, photoStorage, at, (result) => {
    if ('error' in result) console.error(`[staff-members] the export of account ${id} failed:`, result.error);
  });
  return new Response(stream, {
    headers: {
      'content-type': 'application/zip',
      'content-disposition': `attachment; filename="member-${id}-data-${at.toISOString().slice(0, 10)}.zip"`,
      'cache-control': 'no-store',
    },
  });
}

export async function deleteMember(
  c: Context<AppEnv>,
  staff: StaffSession,
  id: number,
  reason: string,
): Promise<{ member: StaffMemberRow; purge_after: string }> {
  const account = await memberAccount(c, id);
  if ((account.status !== 'confirmed' && account.status !== 'not_confirmed') || !account.email) {
    throw fail('member_not_deletable');
  }
  const ctx = memberSiteContext(c, account.site);
  const by = await auditBy(c, sessionActor(staff));
  const purgeAfter = new Date(ctx.now.getTime() + REACTIVATION_WINDOW_MS).toISOString();
  const outcome = { audited: false };
  await deleteAccount(ctx, id, {
    reason: 'other',
    remarks: `staff:${staff.staffId}`,
    inTransaction: async (tx) => {
      await audit(tx, by, {
        action: 'member.delete',
        targetType: 'member',
        targetId: id,
        before: { status: account.status },
        after: { status: 'deleted', purge_after: purgeAfter },
        reason,
      });
      outcome.audited = true;
    },
  });
  // The status changed between the check and the deletion's lock (a ban, the member's own deletion).
  if (!outcome.audited) throw fail('member_not_deletable');
  return {
    member: {
      id: account.id,
      site: account.site,
      email: account.email,
      name: account.name,
      status: 'deleted',
      credits: account.credits,
      signup_date: account.signupDate.toISOString(),
    },
    purge_after: purgeAfter,
  };
}
