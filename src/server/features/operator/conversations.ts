/**
 * Members' conversations with chat pals, as the operator inbox sees them (docs/operator.md): the
 * query they all start from, one conversation by its public id, its messages and both profiles,
 * and the chat pal's read state.
 *
 * A conversation belongs to the inbox while it is between a chat pal (a fictional profile)
 * and a member whose account is confirmed and whose profile is active, and neither blocked
 * the other. Only delivered messages count: a member's held messages (e-mail address not
 * confirmed yet) are not seen by the chat pal's side, as by any other receiver.
 */
import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { OperatorMessage, OperatorProfile, OperatorProfileBrief } from '#src/contract/operator.ts';
import { chatPalMessagePhotoUrl, chatPalPhotoUrl as photoUrl } from '#src/contract/staff-chat-pals.ts';
import { INTERESTS, type Interest } from '#src/lib/constants.ts';
import type { Locale } from '#src/lib/locales.ts';
import { icebreakerText } from '#src/server/features/chat-catalogue/index.ts';
import type { Db } from '#src/server/db/client.ts';
import {
  accounts,
  blocks,
  chatPalOperators,
  conversationSides,
  conversations,
  messages,
  photos,
  profileInterests,
  profiles,
  staffAccounts,
} from '#src/server/db/schema.ts';
import type { AppDeps } from '#src/server/http/context.ts';
import { fail } from '#src/server/http/errors.ts';
import { ageOf } from '#src/server/features/members/index.ts';

/**
 * The operator asking: a staff account (claims, notes, messages' staff_operator_id) and the
 * chat pals it answers as: every chat pal (admins) or those assigned to it
 * (`chat_pal_operators`). A conversation of another chat pal is 404 for it.
 */
export interface Operator {
  staffId: number;
  chatPals: 'all' | 'assigned';
}

export const pal = alias(profiles, 'pal');
export const member = alias(profiles, 'member');
const memberAccount = alias(accounts, 'member_account');

/** The chat pal is one the operator answers as (all for admins, else those assigned). */
export function answeredBy(operator: Operator): SQL | undefined {
  if (operator.chatPals === 'all') return undefined;
  return sql`exists (select 1 from ${chatPalOperators} where ${chatPalOperators.chatPalId} = ${pal.id} and ${chatPalOperators.staffId} = ${operator.staffId})`;
}

/**
 * The conversation is between a chat pal the operator answers as and a member who is still
 * there and not blocked.
 */
export function liveChatPalConversation(operator: Operator): SQL {
  return and(
    answeredBy(operator),
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
export function chatPalConversations(db: Db) {
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
export const mainThumb = sql<
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

export function toBrief(row: BriefRow, now: Date): OperatorProfileBrief {
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

/** The columns of a BriefRow. */
const briefColumns = {
  id: profiles.publicId,
  name: profiles.name,
  birthdate: profiles.birthdate,
  gender: profiles.gender,
  country: profiles.country,
  city: profiles.city,
  thumb: mainThumb,
};

/** Profiles by their internal ids, as inbox rows show them. */
export async function loadBriefs(db: Db, ids: number[], now: Date): Promise<Map<number, OperatorProfileBrief>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ rowId: profiles.id, ...briefColumns })
    .from(profiles)
    .where(inArray(profiles.id, ids));
  return new Map(rows.map((row) => [row.rowId, toBrief(row, now)]));
}

/** An ISO 8601 string of a timestamp the driver gave as a Date or a string. */
export function iso(value: Date | string): string {
  return (value instanceof Date ? value : new Date(value)).toISOString();
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

/**
 * The conversation, or 404 not_found (no such one, no chat pal in it, the member gone or
 * blocked, or its chat pal is not one the operator answers as).
 */
export async function findChatPalConversation(
  db: Db,
  publicId: string,
  operator: Operator,
): Promise<ChatPalConversation> {
  const [row] = await chatPalConversations(db)
    .where(and(eq(conversations.publicId, publicId), liveChatPalConversation(operator)))
    .limit(1);
  if (!row) throw fail('not_found');
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
export async function loadMessages(
  db: Db,
  where: SQL,
  order: 'asc' | 'desc' = 'asc',
  limit?: number,
  /** The language of icebreaker lines (text); without it, an icebreaker's text is null. */
  locale?: Locale,
): Promise<{ rowId: number; dto: OperatorMessage }[]> {
  const author = alias(profiles, 'author');
  const staffAuthor = alias(staffAccounts, 'staff_author');
  const query = db
    .select({
      id: messages.id,
      publicId: messages.publicId,
      senderType: profiles.type,
      kind: messages.kind,
      body: messages.body,
      item: messages.item,
      photoWidth: messages.photoWidth,
      photoHeight: messages.photoHeight,
      createdAt: messages.createdAt,
      // A message of the member sites' old console names its member-account operator.
      operatorName: sql<string | null>`coalesce(${staffAuthor.name}, ${author.name})`,
      read: sql<boolean>`exists (select 1 from ${conversationSides} rs where rs.conversation_id = ${messages.conversationId} and rs.profile_id <> ${messages.senderId} and rs.last_read_message_id >= ${messages.id})`,
    })
    .from(messages)
    .innerJoin(profiles, eq(profiles.id, messages.senderId))
    .leftJoin(author, eq(author.accountId, messages.operatorId))
    .leftJoin(staffAuthor, eq(staffAuthor.id, messages.staffOperatorId))
    .where(and(where, eq(messages.status, 'delivered')))
    .orderBy(order === 'asc' ? asc(messages.id) : desc(messages.id));
  const rows = limit === undefined ? await query : await query.limit(limit);
  return rows.map((row) => ({
    rowId: row.id,
    dto: {
      id: row.publicId,
      from: row.senderType === 'fictional' ? 'chat_pal' : 'member',
      kind: row.kind,
      text:
        row.kind === 'text'
          ? row.body
          : row.kind === 'icebreaker' && locale && row.body
            ? icebreakerText(row.body, locale) || null
            : null,
      item: row.kind === 'icebreaker' ? row.body : row.kind === 'gift' || row.kind === 'gif' ? row.item : null,
      photo:
        row.kind === 'photo'
          ? {
              url: chatPalMessagePhotoUrl(row.publicId, 'full'),
              thumb_url: chatPalMessagePhotoUrl(row.publicId, 'thumb'),
              width: row.photoWidth ?? 0,
              height: row.photoHeight ?? 0,
            }
          : null,
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
  if (!found) throw fail('not_found');
  return found.dto;
}

/** A profile with its interests and active photos, for the conversation view. */
export async function loadProfile(db: Db, profileId: number, now: Date): Promise<OperatorProfile> {
  const [row] = await db
    .select({
      ...briefColumns,
      siteId: profiles.siteId,
      language: profiles.language,
      aboutMe: profiles.aboutMe,
    })
    .from(profiles)
    .where(eq(profiles.id, profileId))
    .limit(1);
  if (!row) throw fail('not_found');
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
