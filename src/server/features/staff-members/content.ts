/**
 * What a member put on the sites, as the back office sees it (docs/staff.md "Members"): the
 * profile's photos in every status (through the staff photo call: no lock, no blur), the
 * conversations with partner, last activity and message count, and one conversation's
 * messages, which are read only with a written reason: the audit entry
 * `member.conversation_read` (with the conversation's id) is written before they are read.
 * A photo message's file is served (on the staff origin) only to a staff member whose reason
 * to read that conversation is in the log (that entry covers the view; each file is logged).
 */
import { and, asc, desc, eq, gte, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Context } from 'hono';
import {
  CONVERSATIONS_PAGE_SIZE,
  MESSAGE_PHOTO_GRANT_HOURS,
  MESSAGES_PAGE_SIZE,
  staffMessagePhotoUrl,
  type StaffConversation,
  type StaffMemberPhoto,
  type StaffMessage,
} from '#src/contract/staff-members.ts';
import { staffPhotoUrl } from '#src/contract/staff-moderation.ts';
import type { PhotoRejectReason } from '#src/contract/photos.ts';
import type { Db, Tx } from '#src/server/db/client.ts';
import { accounts, conversations, messages, photos, profiles, staffAuditLog } from '#src/server/db/schema.ts';
import type { AppDeps, AppEnv } from '#src/server/http/context.ts';
import { fail } from '#src/server/http/errors.ts';
import { audit, auditBy, sessionActor, type StaffSession } from '#src/server/features/staff/index.ts';
import { privatePhotoFile } from '#src/server/features/photos/index.ts';

const READ_ACTION = 'member.conversation_read';

/** The member's account must exist (404 otherwise); answers its profile's id, or null without one. */
export async function memberProfileId(db: Db | Tx, accountId: number): Promise<number | null> {
  const [row] = await db
    .select({ id: accounts.id, profileId: profiles.id })
    .from(accounts)
    .leftJoin(profiles, eq(profiles.accountId, accounts.id))
    .where(eq(accounts.id, accountId))
    .limit(1);
  if (!row) throw fail('not_found');
  return row.profileId;
}

export async function memberPhotos(db: Db, accountId: number): Promise<StaffMemberPhoto[]> {
  const profileId = await memberProfileId(db, accountId);
  if (profileId === null) return [];
  const rows = await db
    .select()
    .from(photos)
    .where(eq(photos.profileId, profileId))
    .orderBy(asc(photos.position), asc(photos.id));
  const mainId = rows.find((row) => row.status === 'active')?.id;
  return rows.map((row) => ({
    id: row.publicId,
    status: row.status,
    reject_reason: (row.rejectReason as PhotoRejectReason | null) ?? null,
    main: row.id === mainId,
    premium: row.premium,
    created_at: row.createdAt.toISOString(),
    thumb_url: staffPhotoUrl(row.publicId, 'thumb'),
    url: staffPhotoUrl(row.publicId, 'full'),
  }));
}

/** The last activity in microseconds since 1970 (the page cursor keeps the database's precision). */
const lastMicros = sql<string>`(extract(epoch from ${conversations.lastMessageAt}) * 1000000)::bigint`;

function conversationColumns(profileId: number) {
  const other =
    sql<number>`case when ${conversations.profileLow} = ${profileId} then ${conversations.profileHigh} else ${conversations.profileLow} end`.mapWith(
      Number,
    );
  return {
    id: conversations.id,
    publicId: conversations.publicId,
    lastMessageAt: conversations.lastMessageAt,
    micros: sql<string>`${lastMicros}::text`,
    partnerId: other,
    // Spelled out: inside a subquery Drizzle's column names would lose their table.
    count: sql<number>`(select count(*) from messages m where m.conversation_id = "conversations"."id")::int`.mapWith(
      Number,
    ),
  };
}

async function partnersOf(db: Db | Tx, ids: readonly number[]): Promise<Map<number, StaffConversation['partner']>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: profiles.id,
      publicId: profiles.publicId,
      name: profiles.name,
      type: profiles.type,
      accountId: profiles.accountId,
    })
    .from(profiles)
    .where(sql`${profiles.id} in ${ids}`);
  return new Map(
    rows.map((row) => [
      row.id,
      { profile_id: row.publicId, name: row.name, type: row.type, account_id: row.accountId ?? null },
    ]),
  );
}

type ConversationRow = Awaited<ReturnType<typeof conversationRows>>[number];

function conversationRows(db: Db | Tx, profileId: number, where: SQL[], limit: number) {
  return db
    .select(conversationColumns(profileId))
    .from(conversations)
    .where(and(or(eq(conversations.profileLow, profileId), eq(conversations.profileHigh, profileId)), ...where))
    .orderBy(desc(conversations.lastMessageAt), desc(conversations.id))
    .limit(limit);
}

function conversationOf(row: ConversationRow, partners: Map<number, StaffConversation['partner']>): StaffConversation {
  return {
    id: row.publicId,
    partner: partners.get(row.partnerId) ?? { profile_id: '', name: '', type: 'member', account_id: null },
    last_message_at: row.lastMessageAt.toISOString(),
    messages: row.count,
  };
}

export async function memberConversations(
  db: Db,
  accountId: number,
  after: string | undefined,
): Promise<{ conversations: StaffConversation[]; next: string | null }> {
  const profileId = await memberProfileId(db, accountId);
  if (profileId === null) return { conversations: [], next: null };
  const where: SQL[] = [];
  if (after) {
    const [micros, id] = after.split('.');
    where.push(sql`(${lastMicros}, ${conversations.id}) < (${micros}::bigint, ${id}::bigint)`);
  }
  const rows = await conversationRows(db, profileId, where, CONVERSATIONS_PAGE_SIZE + 1);
  const page = rows.slice(0, CONVERSATIONS_PAGE_SIZE);
  const partners = await partnersOf(
    db,
    page.map((row) => row.partnerId),
  );
  const last = page.at(-1);
  return {
    conversations: page.map((row) => conversationOf(row, partners)),
    next: rows.length > CONVERSATIONS_PAGE_SIZE && last ? `${last.micros}.${last.id}` : null,
  };
}

/**
 * One conversation's messages, newest first, after its audit entry (in the same transaction:
 * no messages leave without the entry). 404 for a conversation that is not the member's.
 */
export async function readConversation(
  c: Context<AppEnv>,
  staff: StaffSession,
  input: { id: number; conversation: string; reason: string; before?: number | undefined },
): Promise<{ conversation: StaffConversation; messages: StaffMessage[]; next: number | null }> {
  const db = c.get('deps').database.db;
  const by = await auditBy(c, sessionActor(staff));
  return db.transaction(async (tx) => {
    const profileId = await memberProfileId(tx, input.id);
    if (profileId === null) throw fail('not_found');
    const [row] = await conversationRows(tx, profileId, [eq(conversations.publicId, input.conversation)], 1);
    if (!row) throw fail('not_found');
    const where: SQL[] = [eq(messages.conversationId, row.id)];
    if (input.before !== undefined) where.push(lt(messages.id, input.before));
    await audit(tx, by, {
      action: READ_ACTION,
      targetType: 'member',
      targetId: input.id,
      after: { conversation: row.publicId, before: input.before ?? null },
      reason: input.reason,
    });
    const found = await tx
      .select()
      .from(messages)
      .where(and(...where))
      .orderBy(desc(messages.id))
      .limit(MESSAGES_PAGE_SIZE + 1);
    const page = found.slice(0, MESSAGES_PAGE_SIZE);
    const partners = await partnersOf(tx, [row.partnerId]);
    return {
      conversation: conversationOf(row, partners),
      messages: page.map((message) => ({
        id: message.id,
        from: message.senderId === profileId ? ('member' as const) : ('partner' as const),
        kind: message.kind,
        text: message.body ?? null,
        item: message.item ?? null,
        photo:
          message.kind === 'photo' && message.photoKey
            ? {
                thumb_url: staffMessagePhotoUrl(input.id, message.publicId, 'thumb'),
                url: staffMessagePhotoUrl(input.id, message.publicId, 'full'),
              }
            : null,
        status: message.status,
        credits: message.credits,
        sent_at: message.createdAt.toISOString(),
      })),
      next: found.length > MESSAGES_PAGE_SIZE ? (page.at(-1)?.id ?? null) : null,
    };
  });
}

/**
 * A photo message's file for a staff member who read its conversation with a reason within
 * MESSAGE_PHOTO_GRANT_HOURS; 404 otherwise (not a photo, not one of the member's
 * conversations, no reason given), so nothing is told about other conversations.
 */
export async function messagePhoto(
  deps: Pick<AppDeps, 'database' | 'photoStorage' | 'now'>,
  staff: StaffSession,
  input: { id: number; message: string; variant: 'full' | 'thumb' },
): Promise<Response> {
  const db = deps.database.db;
  const profileId = await memberProfileId(db, input.id);
  if (profileId === null) throw fail('not_found');
  const [row] = await db
    .select({ key: messages.photoKey, conversation: conversations.publicId })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .where(
      and(
        eq(messages.publicId, input.message),
        eq(messages.kind, 'photo'),
        or(eq(conversations.profileLow, profileId), eq(conversations.profileHigh, profileId)),
      ),
    )
    .limit(1);
  if (!row?.key) throw fail('not_found');
  const since = new Date(deps.now().getTime() - MESSAGE_PHOTO_GRANT_HOURS * 3_600_000);
  const [reason] = await db
    .select({ id: staffAuditLog.id })
    .from(staffAuditLog)
    .where(
      and(
        eq(staffAuditLog.targetType, 'member'),
        eq(staffAuditLog.targetId, String(input.id)),
        eq(staffAuditLog.action, READ_ACTION),
        eq(staffAuditLog.staffId, staff.staffId),
        gte(staffAuditLog.createdAt, since),
        sql`${staffAuditLog.after}->>'conversation' = ${row.conversation}`,
      ),
    )
    .limit(1);
  if (!reason) throw fail('not_found');
  const file = await privatePhotoFile(deps.photoStorage, row.key, input.variant);
  console.info(
    `[staff] message photo viewed: staff account ${staff.staffId}, member ${input.id}, conversation ${row.conversation}, message ${input.message} (${input.variant}), under audit entry ${reason.id}`,
  );
  return file;
}
