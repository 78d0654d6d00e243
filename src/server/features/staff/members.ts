/**
 * The members section (docs/staff.md "Members"): the search (by id, e-mail prefix, IP hash or
 * name prefix, of one site or all; see searchMembers for its orders and indexes), a member's page, and the actions ban, unban, force logout and
 * credit correction; each action is audited with before and after in its own transaction.
 */
import { randomUUID } from 'node:crypto';
import { isIP } from 'node:net';
import { and, asc, desc, eq, gt, inArray, like, lt, sql, type SQL } from 'drizzle-orm';
import { union } from 'drizzle-orm/pg-core';
import type { Context } from 'hono';
import {
  MEMBER_NOTE_ACTION,
  MEMBERS_PAGE_SIZE,
  NOTE_PREVIEW_MAX,
  type StaffMemberPage,
  type StaffMemberRow,
  type StaffMemberSearchRow,
} from '#src/contract/staff.ts';
import type { Db, Tx } from '#src/server/db/client.ts';
import { accounts, creditLedger, orders, profiles, sessions, staffAuditLog } from '#src/server/db/schema.ts';
import type { AppEnv } from '#src/server/http/context.ts';
import { fail } from '#src/server/http/errors.ts';
import { applyCredits } from '#src/server/features/credits/index.ts';
import { audit, auditBy, auditEntryOf, ipHashOfAddress } from './audit.ts';
import { sessionActor } from './login.ts';
import type { StaffSession } from './sessions.ts';

/** The columns of a member's row in the search list (and the members page's actions). */
export const MEMBER_ROW_COLUMNS = {
  id: accounts.id,
  site: accounts.siteId,
  email: accounts.email,
  name: profiles.name,
  status: accounts.status,
  credits: accounts.credits,
  signupDate: accounts.signupDate,
};

type Row = {
  id: number;
  site: string;
  email: string | null;
  name: string | null;
  status: StaffMemberRow['status'];
  credits: number;
  signupDate: Date;
};

function rowOf(row: Row): StaffMemberRow {
  return {
    id: row.id,
    site: row.site,
    email: row.email,
    name: row.name,
    status: row.status,
    credits: row.credits,
    signup_date: row.signupDate.toISOString(),
  };
}

/** The name as the search orders and matches it: lower case, compared byte by byte. */
const nameKey = sql`lower(${profiles.name}) collate "C"`;

/** An IP hash as the audit log shows it (hashedKey's 32 hex digits). */
const IP_HASH = /^[0-9a-f]{32}$/i;

/** A LIKE prefix pattern of text taken literally. */
function prefix(text: string): string {
  return `${text.replace(/[\\%_]/g, '\\$&')}%`;
}

/** An IPv4 or IPv6 address (staff may paste one instead of its hash). */
function ipAddress(text: string): boolean {
  return isIP(text) !== 0;
}

/**
 * The members search (docs/staff.md "Members" and "The members search and the orders list at
 * scale"). By id, e-mail prefix (an @ or a dot), IP hash (the 32 hex digits the audit log
 * shows, or an IP address hashed the same way) or name prefix, of one site or all. Name matches
 * come alphabetically, `lower(name) collate "C", account_id`, keyset-paged on both with the
 * index `profiles_name_keyset` (migration 0025); everything else newest first, keyset-paged
 * on accounts.id. The cursor (`after`) is an account id either way: for a name search the
 * server reads that member's name to continue after it.
 */
/** A note's first words: at most NOTE_PREVIEW_MAX characters, cut at a space, with an ellipsis. */
export function notePreview(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= NOTE_PREVIEW_MAX) return flat;
  const cut = flat.slice(0, NOTE_PREVIEW_MAX - 1);
  const space = cut.lastIndexOf(' ');
  return `${space > NOTE_PREVIEW_MAX / 2 ? cut.slice(0, space) : cut}…`;
}

/**
 * The staff notes of a page of members (audit entries member.note): one grouped query over the
 * audit log's target index for the page's ids, never one per member.
 */
async function notesOf(db: Db, ids: readonly number[]): Promise<Map<number, StaffMemberSearchRow['notes']>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      targetId: staffAuditLog.targetId,
      count: sql<number>`count(*)::int`.mapWith(Number),
      latest: sql<
        string | null
      >`left((array_agg(${staffAuditLog.reason} order by ${staffAuditLog.id} desc))[1], ${NOTE_PREVIEW_MAX * 2})`,
    })
    .from(staffAuditLog)
    .where(
      and(
        eq(staffAuditLog.targetType, 'member'),
        inArray(
          staffAuditLog.targetId,
          ids.map((id) => String(id)),
        ),
        eq(staffAuditLog.action, MEMBER_NOTE_ACTION),
      ),
    )
    .groupBy(staffAuditLog.targetId);
  return new Map(
    rows.map((row) => [
      Number(row.targetId),
      { count: row.count, latest: row.latest ? notePreview(row.latest) : null },
    ]),
  );
}

export async function searchMembers(
  db: Db,
  filters: { q?: string | undefined; siteId?: string | undefined; after?: number | undefined },
): Promise<{ members: StaffMemberSearchRow[]; next: number | null }> {
  const where: SQL[] = [];
  const q = filters.q?.trim() ?? '';
  let byName = false;
  if (/^\d{1,18}$/.test(q)) where.push(eq(accounts.id, Number(q)));
  else if (IP_HASH.test(q) || ipAddress(q)) {
    const hash = IP_HASH.test(q) ? q.toLowerCase() : await ipHashOfAddress(db, q);
    // Members who signed up or began a session from that address (both lookups by index).
    const signups = db.select({ id: accounts.id }).from(accounts).where(eq(accounts.signupIpHash, hash));
    const logins = db.select({ id: sessions.accountId }).from(sessions).where(eq(sessions.ipHash, hash));
    where.push(inArray(accounts.id, union(signups, logins)));
  } else if (q.includes('@') || q.includes('.')) where.push(like(accounts.email, prefix(q.toLowerCase())));
  else if (q) {
    byName = true;
    where.push(sql`${nameKey} like ${prefix(q.toLowerCase())}`);
  }
  if (filters.siteId) where.push(eq(accounts.siteId, filters.siteId));
  if (filters.after !== undefined) {
    where.push(
      byName
        ? // The cursor member's name, read here: the next page starts right after (name, id).
          sql`(${nameKey}, ${profiles.accountId}) > ((select lower(${profiles.name}) collate "C" from ${profiles} where ${profiles.accountId} = ${filters.after}), ${filters.after})`
        : lt(accounts.id, filters.after),
    );
  }
  const rows = await db
    .select(MEMBER_ROW_COLUMNS)
    .from(accounts)
    .leftJoin(profiles, eq(profiles.accountId, accounts.id))
    .where(and(...where))
    .orderBy(...(byName ? [nameKey, asc(profiles.accountId)] : [desc(accounts.id)]))
    .limit(MEMBERS_PAGE_SIZE + 1);
  const page = rows.slice(0, MEMBERS_PAGE_SIZE);
  const notes = await notesOf(
    db,
    page.map((row) => row.id),
  );
  return {
    members: page.map((row) => ({ ...rowOf(row), notes: notes.get(row.id) ?? { count: 0, latest: null } })),
    next: rows.length > MEMBERS_PAGE_SIZE ? (page.at(-1)?.id ?? null) : null,
  };
}

async function memberRow(db: Db | Tx, id: number, lock = false): Promise<Row> {
  const query = db
    .select(MEMBER_ROW_COLUMNS)
    .from(accounts)
    .leftJoin(profiles, eq(profiles.accountId, accounts.id))
    .where(eq(accounts.id, id))
    .limit(1);
  const [row] = lock ? await query.for('update', { of: accounts }) : await query;
  if (!row) throw fail('not_found');
  return row;
}

export async function memberPage(db: Db, id: number, now: Date): Promise<StaffMemberPage> {
  const [account] = await db.select().from(accounts).where(eq(accounts.id, id)).limit(1);
  if (!account) throw fail('not_found');
  const [[profile], orderRows, ledgerRows, sessionRows, auditRows] = await Promise.all([
    db.select().from(profiles).where(eq(profiles.accountId, id)).limit(1),
    db.select().from(orders).where(eq(orders.accountId, id)).orderBy(desc(orders.id)).limit(50),
    db.select().from(creditLedger).where(eq(creditLedger.accountId, id)).orderBy(desc(creditLedger.id)).limit(50),
    db
      .select()
      .from(sessions)
      .where(and(eq(sessions.accountId, id), gt(sessions.expiresAt, now)))
      .orderBy(desc(sessions.id))
      .limit(50),
    db
      .select()
      .from(staffAuditLog)
      .where(and(eq(staffAuditLog.targetType, 'member'), eq(staffAuditLog.targetId, String(id))))
      .orderBy(desc(staffAuditLog.id))
      .limit(20),
  ]);
  return {
    member: {
      ...rowOf({ ...account, site: account.siteId, name: profile?.name ?? null }),
      language: account.language,
      paid_user: account.paidUser,
      profile: profile
        ? {
            public_id: profile.publicId,
            gender: profile.gender,
            birthdate: profile.birthdate,
            country: profile.country,
            city: profile.city ?? null,
            status: profile.status,
          }
        : null,
    },
    orders: orderRows.map((o) => ({
      id: o.publicId,
      status: o.status,
      amount_minor: o.amountMinor,
      currency: o.currency,
      credits: o.credits,
      created_at: o.createdAt.toISOString(),
    })),
    ledger: ledgerRows.map((l) => ({
      id: l.id,
      delta: l.delta,
      balance_after: l.balanceAfter,
      reason: l.reason,
      reference: l.reference,
      created_at: l.createdAt.toISOString(),
    })),
    sessions: sessionRows.map((s) => ({
      id: s.id,
      created_at: s.createdAt.toISOString(),
      last_seen_at: s.lastSeenAt.toISOString(),
    })),
    audit: auditRows.map(auditEntryOf),
  };
}

type MemberAction = 'member.ban' | 'member.unban';

/** Bans or unbans (the status before the ban comes back: confirmed once confirmed). */
export async function setBanned(
  c: Context<AppEnv>,
  staff: StaffSession,
  id: number,
  banned: boolean,
  reason: string,
): Promise<StaffMemberRow> {
  const db = c.get('deps').database.db;
  const by = await auditBy(c, sessionActor(staff));
  return db.transaction(async (tx) => {
    const before = await memberRow(tx, id, true);
    const [account] = await tx.select({ confirmedAt: accounts.confirmedAt }).from(accounts).where(eq(accounts.id, id));
    const status = banned ? 'banned' : account?.confirmedAt ? 'confirmed' : 'not_confirmed';
    if (!banned && before.status !== 'banned') throw fail('not_found');
    if (['deleted', 'purged'].includes(before.status)) throw fail('not_found');
    await tx.update(accounts).set({ status }).where(eq(accounts.id, id));
    // A banned member's sessions end now (and no new ones start: login answers login_banned).
    if (banned) await tx.delete(sessions).where(eq(sessions.accountId, id));
    const action: MemberAction = banned ? 'member.ban' : 'member.unban';
    await audit(tx, by, {
      action,
      targetType: 'member',
      targetId: id,
      before: { status: before.status },
      after: { status },
      reason,
    });
    return rowOf({ ...before, status });
  });
}

/** Ends every session of the member (they log in again). */
export async function forceLogout(
  c: Context<AppEnv>,
  staff: StaffSession,
  id: number,
  reason: string,
): Promise<number> {
  const db = c.get('deps').database.db;
  const by = await auditBy(c, sessionActor(staff));
  return db.transaction(async (tx) => {
    await memberRow(tx, id);
    const ended = await tx.delete(sessions).where(eq(sessions.accountId, id)).returning({ id: sessions.id });
    await audit(tx, by, {
      action: 'member.logout',
      targetType: 'member',
      targetId: id,
      before: { sessions: ended.length },
      after: { sessions: 0 },
      reason,
    });
    return ended.length;
  });
}

/** A credit correction through the ledger (reason 'correction'), audited with the balances. */
export async function adjustCredits(
  c: Context<AppEnv>,
  staff: StaffSession,
  id: number,
  delta: number,
  reason: string,
): Promise<StaffMemberRow> {
  const { database, now } = c.get('deps');
  const by = await auditBy(c, sessionActor(staff));
  return database.db.transaction(async (tx) => {
    const before = await memberRow(tx, id);
    const { balance } = await applyCredits(tx, {
      accountId: id,
      delta,
      reason: 'correction',
      reference: `staff:${staff.staffId}:${randomUUID()}`,
      now: now(),
    });
    await audit(tx, by, {
      action: 'member.credits',
      targetType: 'member',
      targetId: id,
      before: { credits: before.credits },
      after: { credits: balance, delta },
      reason,
    });
    return rowOf({ ...before, credits: balance });
  });
}
