/**
 * The operator inbox (issue 12 'Chat pals'): who may operate, the inbox of members'
 * conversations with chat pals across all sites, the conversation view, claims (an
 * operator's hold on a conversation, so two operators never answer the same one), replies
 * as the chat pal, and notes per member.
 *
 * A conversation belongs to the inbox while it is between a chat pal (a fictional profile)
 * and a member whose account is confirmed and whose profile is active, and neither blocked
 * the other. Only delivered messages count: a member's held messages (e-mail address not
 * confirmed yet) are not seen by the chat pal's side, as by any other receiver.
 */
import { and, asc, count, desc, eq, gt, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  OPERATOR_CONFLICT_STATUS,
  OPERATOR_ERRORS,
  OPERATOR_HISTORY_SIZE,
  OPERATOR_INBOX_SIZE,
  OPERATOR_NOTES_SIZE,
  type OperatorClaim,
  type OperatorInboxItem,
  type OperatorInboxShow,
  type OperatorMessage,
  type OperatorNote,
  type OperatorProfile,
  type OperatorProfileBrief,
} from '#src/contract/operator.ts';
import { photoUrl } from '#src/contract/photos.ts';
import { INTERESTS, OPERATOR_CLAIM_MS, OPERATOR_ROLES, type Interest } from '#src/lib/constants.ts';
import type { Db } from '#src/server/db/client.ts';
import {
  accounts,
  blocks,
  conversationSides,
  conversations,
  messages,
  operatorClaims,
  operatorNotes,
  photos,
  profileInterests,
  profiles,
} from '#src/server/db/schema.ts';
import type { AppDeps } from '#src/server/http/context.ts';
import { HttpError, authenticationRequired, notFound } from '#src/server/http/errors.ts';
import { ageOf } from '../profile/service.ts';

export const forbidden = () => new HttpError('forbidden', 'api.forbidden', 403);
export const claimedByOther = () =>
  new HttpError(OPERATOR_ERRORS.claimed_by_other, 'api.claimed_by_other', OPERATOR_CONFLICT_STATUS);
export const claimRequired = () =>
  new HttpError(OPERATOR_ERRORS.claim_required, 'api.claim_required', OPERATOR_CONFLICT_STATUS);

/** The operator asking: the account id (claims, notes, messages' operator_id). */
export interface Operator {
  accountId: number;
}

/**
 * The operator's account. 403 authentication_required when the account cannot log in or
 * belongs to another site than the one asked (a session is valid on its own site only);
 * 403 forbidden for accounts without an operator role (OPERATOR_ROLES).
 */
export async function requireOperator(db: Db, accountId: number, siteId: string | null): Promise<Operator> {
  const [account] = await db
    .select({ role: accounts.role, status: accounts.status, siteId: accounts.siteId })
    .from(accounts)
    .where(eq(accounts.id, accountId))
    .limit(1);
  if (!account || (account.status !== 'confirmed' && account.status !== 'not_confirmed')) {
    throw authenticationRequired();
  }
  if (siteId && account.siteId !== siteId) throw authenticationRequired();
  if (!OPERATOR_ROLES.includes(account.role)) throw forbidden();
  return { accountId };
}

// ---------------------------------------------------------------- conversations with chat pals

const pal = alias(profiles, 'pal');
const member = alias(profiles, 'member');
const memberAccount = alias(accounts, 'member_account');
const holder = alias(profiles, 'holder');

/** The conversation is between a chat pal and a member who is still there and not blocked. */
function liveChatPalConversation(): SQL {
  return and(
    eq(pal.type, 'fictional'),
    eq(member.type, 'member'),
    eq(member.status, 'active'),
    eq(memberAccount.status, 'confirmed'),
    sql`not exists (select 1 from ${blocks} where (${blocks.blockerId} = ${member.id} and ${blocks.blockedId} = ${pal.id}) or (${blocks.blockerId} = ${pal.id} and ${blocks.blockedId} = ${member.id}))`,
  ) as SQL;
}

/** The newest delivered message of the conversation (its id), or null for none. */
const lastMessageId = sql<
  string | number | null
>`(select max(lm.id) from ${messages} lm where lm.conversation_id = ${conversations.id} and lm.status = 'delivered')`;

/**
 * When the member's unanswered messages began: their oldest delivered message after the
 * chat pal's last one; null when the chat pal wrote last (or the member never wrote).
 */
const waitingSince = sql<Date | string | null>`(select min(wm.created_at) from ${messages} wm
  where wm.conversation_id = ${conversations.id} and wm.status = 'delivered' and wm.sender_id = ${member.id}
  and wm.id > coalesce((select max(pm.id) from ${messages} pm where pm.conversation_id = ${conversations.id} and pm.sender_id = ${pal.id}), 0))`;

/**
 * Conversations joined with their chat pal, their member and the member's account (which
 * must exist: a purged member's profile has none), with what the inbox orders by.
 */
function chatPalConversations(db: Db) {
  return (
    db
      .select({
        id: conversations.id,
        publicId: conversations.publicId,
        siteId: pal.siteId,
        palId: sql<string | number>`${pal.id}`.as('pal_id'),
        memberId: sql<string | number>`${member.id}`.as('member_id'),
        lastId: lastMessageId.as('last_id'),
        waitingSince: waitingSince.as('waiting_since'),
      })
      .from(conversations)
      // The chat pal is the side of type 'fictional': an equality join (an OR of both sides
      // would make the planner walk every profile).
      .innerJoin(
        pal,
        eq(
          pal.id,
          sql`case when (select pl.type from ${profiles} pl where pl.id = ${conversations.profileLow}) = 'fictional' then ${conversations.profileLow} else ${conversations.profileHigh} end`,
        ),
      )
      .innerJoin(
        member,
        eq(
          member.id,
          sql`case when ${conversations.profileLow} = ${pal.id} then ${conversations.profileHigh} else ${conversations.profileLow} end`,
        ),
      )
      .innerJoin(memberAccount, eq(memberAccount.id, member.accountId))
  );
}

/** The main photo's public id of a profile, when it is active. */
const mainThumb = sql<
  string | null
>`(select ph.public_id from ${photos} ph where ph.id = ${profiles.mainPhotoId} and ph.status = 'active')`;

interface BriefRow {
  id: string;
  name: string;
  birthdate: string;
  gender: 'male' | 'female';
  country: string;
  city: string | null;
  thumb: string | null;
}

function toBrief(row: BriefRow, now: Date): OperatorProfileBrief {
  return {
    id: row.id,
    name: row.name,
    age: ageOf(row.birthdate, now),
    gender: row.gender,
    country: row.country,
    city: row.city,
    thumb_url: row.thumb ? photoUrl(row.thumb, 'thumb') : null,
  };
}

/** Profiles by their internal ids, as inbox rows show them. */
async function loadBriefs(db: Db, ids: number[], now: Date): Promise<Map<number, OperatorProfileBrief>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      rowId: profiles.id,
      id: profiles.publicId,
      name: profiles.name,
      birthdate: profiles.birthdate,
      gender: profiles.gender,
      country: profiles.country,
      city: profiles.city,
      thumb: mainThumb,
    })
    .from(profiles)
    .where(inArray(profiles.id, ids));
  return new Map(rows.map((row) => [row.rowId, toBrief(row, now)]));
}

/** An ISO 8601 string of a timestamp the driver gave as a Date or a string. */
function iso(value: Date | string): string {
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

/** A claim as the operator sees it; null when there is none or it expired. */
function toClaim(
  row: { operatorId: number | null; expiresAt: Date | null; holderName: string | null },
  operator: Operator,
  now: Date,
): OperatorClaim | null {
  if (row.operatorId === null || row.expiresAt === null || row.expiresAt <= now) return null;
  return {
    mine: row.operatorId === operator.accountId,
    operator: row.holderName ?? '',
    expires_at: iso(row.expiresAt),
  };
}

export interface InboxFilter {
  siteId?: string | undefined;
  show?: OperatorInboxShow | undefined;
}

/**
 * The inbox: up to OPERATOR_INBOX_SIZE conversations of chat pals (of one site or all),
 * waiting ones first (oldest waiting first), then the rest by their last message (newest
 * first), with who holds each; `waiting` counts the waiting ones of the filter.
 */
export async function loadInbox(
  db: Db,
  now: Date,
  operator: Operator,
  filter: InboxFilter = {},
): Promise<{ conversations: OperatorInboxItem[]; waiting: number }> {
  const conditions: SQL[] = [liveChatPalConversation()];
  if (filter.siteId) conditions.push(eq(pal.siteId, filter.siteId));
  const inbox = chatPalConversations(db)
    .where(and(...conditions))
    .as('inbox');

  const shown: SQL[] = [isNotNull(inbox.lastId)];
  if (filter.show === 'waiting') shown.push(isNotNull(inbox.waitingSince));
  const rows = await db
    .select({
      publicId: inbox.publicId,
      siteId: inbox.siteId,
      palId: inbox.palId,
      memberId: inbox.memberId,
      lastId: inbox.lastId,
      waitingSince: inbox.waitingSince,
      claimOperator: operatorClaims.operatorId,
      claimExpires: operatorClaims.expiresAt,
      holderName: holder.name,
    })
    .from(inbox)
    .leftJoin(operatorClaims, and(eq(operatorClaims.conversationId, inbox.id), gt(operatorClaims.expiresAt, now)))
    .leftJoin(holder, eq(holder.accountId, operatorClaims.operatorId))
    .where(and(...shown))
    .orderBy(sql`${inbox.waitingSince} asc nulls last`, desc(inbox.lastId))
    .limit(OPERATOR_INBOX_SIZE);

  const [waiting] = await db
    .select({ n: count() })
    .from(inbox)
    .where(and(isNotNull(inbox.lastId), isNotNull(inbox.waitingSince)));

  const lastIds = rows.flatMap((row) => (row.lastId === null ? [] : [Number(row.lastId)]));
  const last = new Map(
    lastIds.length === 0
      ? []
      : (await loadMessages(db, inArray(messages.id, lastIds))).map((m) => [m.rowId, m.dto] as const),
  );
  const briefs = await loadBriefs(
    db,
    [...new Set(rows.flatMap((row) => [Number(row.palId), Number(row.memberId)]))],
    now,
  );

  return {
    waiting: waiting?.n ?? 0,
    conversations: rows.flatMap((row) => {
      const message = last.get(Number(row.lastId));
      const chatPal = briefs.get(Number(row.palId));
      const memberBrief = briefs.get(Number(row.memberId));
      if (!message || !chatPal || !memberBrief) return [];
      return [
        {
          id: row.publicId,
          site: row.siteId,
          chat_pal: chatPal,
          member: memberBrief,
          last_message: message,
          waiting_since: row.waitingSince === null ? null : iso(row.waitingSince),
          claim: toClaim(
            { operatorId: row.claimOperator, expiresAt: row.claimExpires, holderName: row.holderName },
            operator,
            now,
          ),
        },
      ];
    }),
  };
}

/** A conversation between a chat pal and a member still there, by its public id. */
export interface ChatPalConversation {
  id: number;
  publicId: string;
  siteId: string;
  palId: number;
  memberId: number;
  waitingSince: string | null;
}

/** The conversation, or 404 not_found (no such one, no chat pal in it, the member gone or blocked). */
export async function findChatPalConversation(db: Db, publicId: string): Promise<ChatPalConversation> {
  const [row] = await chatPalConversations(db)
    .where(and(eq(conversations.publicId, publicId), liveChatPalConversation()))
    .limit(1);
  if (!row) throw notFound();
  return {
    id: row.id,
    publicId: row.publicId,
    siteId: row.siteId,
    palId: Number(row.palId),
    memberId: Number(row.memberId),
    waitingSince: row.waitingSince === null ? null : iso(row.waitingSince),
  };
}

/** Delivered messages matching `where`, in id order, as the operator sees them. */
async function loadMessages(
  db: Db,
  where: SQL,
  order: 'asc' | 'desc' = 'asc',
  limit?: number,
): Promise<{ rowId: number; dto: OperatorMessage }[]> {
  const author = alias(profiles, 'author');
  const query = db
    .select({
      id: messages.id,
      publicId: messages.publicId,
      senderType: profiles.type,
      kind: messages.kind,
      body: messages.body,
      item: messages.item,
      createdAt: messages.createdAt,
      operatorName: author.name,
      read: sql<boolean>`exists (select 1 from ${conversationSides} rs where rs.conversation_id = ${messages.conversationId} and rs.profile_id <> ${messages.senderId} and rs.last_read_message_id >= ${messages.id})`,
    })
    .from(messages)
    .innerJoin(profiles, eq(profiles.id, messages.senderId))
    .leftJoin(author, eq(author.accountId, messages.operatorId))
    .where(and(where, eq(messages.status, 'delivered')))
    .orderBy(order === 'asc' ? asc(messages.id) : desc(messages.id));
  const rows = limit === undefined ? await query : await query.limit(limit);
  return rows.map((row) => ({
    rowId: row.id,
    dto: {
      id: row.publicId,
      from: row.senderType === 'fictional' ? 'chat_pal' : 'member',
      kind: row.kind,
      text: row.kind === 'text' ? row.body : null,
      item: row.kind === 'icebreaker' ? row.body : row.kind === 'gift' || row.kind === 'gif' ? row.item : null,
      sent_at: iso(row.createdAt),
      read: row.read,
      operator: row.senderType === 'fictional' ? (row.operatorName ?? null) : null,
    },
  }));
}

/** One message of a conversation by its public id (the reply just sent). */
export async function messageForOperator(db: Db, conversationId: number, publicId: string): Promise<OperatorMessage> {
  const [found] = await loadMessages(
    db,
    and(eq(messages.conversationId, conversationId), eq(messages.publicId, publicId)) as SQL,
  );
  if (!found) throw notFound();
  return found.dto;
}

/** A profile with its interests and active photos, for the conversation view. */
async function loadProfile(db: Db, profileId: number, now: Date): Promise<OperatorProfile> {
  const [row] = await db
    .select({
      id: profiles.publicId,
      name: profiles.name,
      birthdate: profiles.birthdate,
      gender: profiles.gender,
      country: profiles.country,
      city: profiles.city,
      thumb: mainThumb,
      siteId: profiles.siteId,
      language: profiles.language,
      aboutMe: profiles.aboutMe,
    })
    .from(profiles)
    .where(eq(profiles.id, profileId))
    .limit(1);
  if (!row) throw notFound();
  const interestRows = await db
    .select({ interest: profileInterests.interest })
    .from(profileInterests)
    .where(eq(profileInterests.profileId, profileId));
  const held = new Set(interestRows.map((r) => r.interest));
  const photoRows = await db
    .select({ publicId: photos.publicId })
    .from(photos)
    .where(and(eq(photos.profileId, profileId), eq(photos.status, 'active')))
    .orderBy(asc(photos.position), asc(photos.id));
  return {
    ...toBrief(row, now),
    site: row.siteId,
    language: row.language,
    about_me: row.aboutMe && row.aboutMe.trim() !== '' ? row.aboutMe : null,
    interests: INTERESTS.filter((interest: Interest) => held.has(interest)),
    photos: photoRows.map((p) => ({
      id: p.publicId,
      thumb_url: photoUrl(p.publicId, 'thumb'),
      url: photoUrl(p.publicId, 'full'),
    })),
  };
}

/** Who holds the conversation now (null: nobody, or the claim expired). */
export async function currentClaim(
  db: Db,
  conversationId: number,
  operator: Operator,
  now: Date,
): Promise<OperatorClaim | null> {
  const [row] = await db
    .select({ operatorId: operatorClaims.operatorId, expiresAt: operatorClaims.expiresAt, holderName: holder.name })
    .from(operatorClaims)
    .leftJoin(holder, eq(holder.accountId, operatorClaims.operatorId))
    .where(eq(operatorClaims.conversationId, conversationId))
    .limit(1);
  return row ? toClaim(row, operator, now) : null;
}

/** The conversation view: both profiles, the newest messages (oldest first), the claim. */
export async function loadConversation(
  db: Db,
  now: Date,
  operator: Operator,
  publicId: string,
  messageLength: (siteId: string) => Promise<number>,
) {
  const found = await findChatPalConversation(db, publicId);
  const newest = await loadMessages(db, eq(messages.conversationId, found.id), 'desc', OPERATOR_HISTORY_SIZE + 1);
  const page = newest.slice(0, OPERATOR_HISTORY_SIZE).reverse();
  return {
    conversation: {
      id: found.publicId,
      site: found.siteId,
      claim: await currentClaim(db, found.id, operator, now),
      message_length: await messageLength(found.siteId),
      waiting_since: found.waitingSince,
    },
    member: await loadProfile(db, found.memberId, now),
    chat_pal: await loadProfile(db, found.palId, now),
    messages: page.map((m) => m.dto),
    has_more: newest.length > OPERATOR_HISTORY_SIZE,
  };
}

// ---------------------------------------------------------------- claims

function ownClaim(expiresAt: Date, holderName: string): OperatorClaim {
  return { mine: true, operator: holderName, expires_at: expiresAt.toISOString() };
}

async function operatorName(db: Db, operator: Operator): Promise<string> {
  const [row] = await db
    .select({ name: profiles.name })
    .from(profiles)
    .where(eq(profiles.accountId, operator.accountId))
    .limit(1);
  return row?.name ?? '';
}

/**
 * Takes the conversation for OPERATOR_CLAIM_MS, in one statement: the insert succeeds when
 * nobody holds it; on conflict the row is taken over only when it is the caller's own or
 * expired. Row-level locking of the upsert makes two operators racing for it end with
 * exactly one winner; the other gets 409 claimed_by_other.
 */
export async function claimConversation(
  db: Db,
  now: Date,
  operator: Operator,
  conversationId: number,
): Promise<OperatorClaim> {
  const expiresAt = new Date(now.getTime() + OPERATOR_CLAIM_MS);
  const nowSql = sql`${now.toISOString()}::timestamptz`;
  const taken = await db
    .insert(operatorClaims)
    .values({ conversationId, operatorId: operator.accountId, claimedAt: now, expiresAt })
    .onConflictDoUpdate({
      target: operatorClaims.conversationId,
      set: {
        operatorId: operator.accountId,
        // Renewing one's own claim keeps when it was taken.
        claimedAt: sql`case when ${operatorClaims.operatorId} = ${operator.accountId} then ${operatorClaims.claimedAt} else excluded.claimed_at end`,
        expiresAt,
      },
      setWhere: sql`${operatorClaims.operatorId} = ${operator.accountId} or ${operatorClaims.expiresAt} <= ${nowSql}`,
    })
    .returning({ operatorId: operatorClaims.operatorId });
  if (taken.length === 0) throw claimedByOther();
  return ownClaim(expiresAt, await operatorName(db, operator));
}

/**
 * Extends the caller's claim to OPERATOR_CLAIM_MS from now (also one that expired, while
 * nobody else took it). 409 claimed_by_other when another operator holds it,
 * claim_required when nobody does.
 */
export async function renewClaim(
  db: Db,
  now: Date,
  operator: Operator,
  conversationId: number,
): Promise<OperatorClaim> {
  const expiresAt = new Date(now.getTime() + OPERATOR_CLAIM_MS);
  const renewed = await db
    .update(operatorClaims)
    .set({ expiresAt })
    .where(and(eq(operatorClaims.conversationId, conversationId), eq(operatorClaims.operatorId, operator.accountId)))
    .returning({ operatorId: operatorClaims.operatorId });
  if (renewed.length > 0) return ownClaim(expiresAt, await operatorName(db, operator));
  const other = await currentClaim(db, conversationId, operator, now);
  throw other ? claimedByOther() : claimRequired();
}

/** Releases the caller's claim on the conversation (nothing happens without one). */
export async function releaseClaim(db: Db, operator: Operator, conversationId: number): Promise<void> {
  await db
    .delete(operatorClaims)
    .where(and(eq(operatorClaims.conversationId, conversationId), eq(operatorClaims.operatorId, operator.accountId)));
}

/**
 * Passes when the caller holds the conversation now; 409 claimed_by_other when another
 * operator does, claim_required when nobody does (or the caller's claim expired).
 */
export async function requireOwnClaim(db: Db, now: Date, operator: Operator, conversationId: number): Promise<void> {
  const claim = await currentClaim(db, conversationId, operator, now);
  if (claim?.mine) return;
  throw claim ? claimedByOther() : claimRequired();
}

// ---------------------------------------------------------------- notes

/** A member's profile id (not a chat pal's) by its public id; 404 otherwise. */
export async function memberProfileId(db: Db, publicId: string): Promise<number> {
  const [row] = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(and(eq(profiles.publicId, publicId), eq(profiles.type, 'member'), isNotNull(profiles.accountId)))
    .limit(1);
  if (!row) throw notFound();
  return row.id;
}

const author = alias(profiles, 'note_author');

/** The notes about a member, newest first. */
export async function listNotes(db: Db, operator: Operator, profileId: number): Promise<OperatorNote[]> {
  const rows = await db
    .select({
      text: operatorNotes.text,
      authorId: operatorNotes.authorId,
      authorName: author.name,
      createdAt: operatorNotes.createdAt,
    })
    .from(operatorNotes)
    .leftJoin(author, eq(author.accountId, operatorNotes.authorId))
    .where(eq(operatorNotes.memberProfileId, profileId))
    .orderBy(desc(operatorNotes.id))
    .limit(OPERATOR_NOTES_SIZE);
  return rows.map((row) => ({
    text: row.text,
    author: row.authorId === null ? null : (row.authorName ?? null),
    mine: row.authorId === operator.accountId,
    created_at: iso(row.createdAt),
  }));
}

/** Adds a note about a member by the caller. */
export async function addNote(
  db: Db,
  now: Date,
  operator: Operator,
  profileId: number,
  text: string,
): Promise<OperatorNote> {
  const [row] = await db
    .insert(operatorNotes)
    .values({ memberProfileId: profileId, authorId: operator.accountId, text, createdAt: now })
    .returning({ createdAt: operatorNotes.createdAt });
  return {
    text,
    author: (await operatorName(db, operator)) || null,
    mine: true,
    created_at: iso(row?.createdAt ?? now),
  };
}

/**
 * The chat pal's side has read the member's messages (an operator answered): its unread
 * count is 0 and the member's newest delivered message is read, which the member's open
 * chats learn by a `read` event. Nothing happens when there is nothing new to mark.
 */
export async function markReadByChatPal(deps: AppDeps, found: ChatPalConversation): Promise<void> {
  const db = deps.database.db;
  const stored = await db.transaction(async (tx) => {
    const [newest] = await tx
      .select({ id: messages.id, publicId: messages.publicId })
      .from(messages)
      .where(
        and(
          eq(messages.conversationId, found.id),
          eq(messages.senderId, found.memberId),
          eq(messages.status, 'delivered'),
        ),
      )
      .orderBy(desc(messages.id))
      .limit(1);
    const updated = await tx
      .update(conversationSides)
      .set({ unread: 0, ...(newest ? { lastReadMessageId: newest.id } : {}) })
      .where(
        and(
          eq(conversationSides.conversationId, found.id),
          eq(conversationSides.profileId, found.palId),
          newest
            ? sql`(${conversationSides.lastReadMessageId} is null or ${conversationSides.lastReadMessageId} < ${newest.id} or ${conversationSides.unread} > 0)`
            : sql`${conversationSides.unread} > 0`,
        ),
      )
      .returning({ profileId: conversationSides.profileId });
    if (updated.length === 0 || !newest) return null;
    const [account] = await tx
      .select({ accountId: profiles.accountId })
      .from(profiles)
      .where(eq(profiles.id, found.memberId));
    if (!account?.accountId) return null;
    return deps.events.record(tx, [
      {
        accountId: account.accountId,
        event: { type: 'read', data: { conversation: found.publicId, message: newest.publicId } },
      },
    ]);
  });
  if (stored) await deps.events.announce(stored);
}
