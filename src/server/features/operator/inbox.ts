/**
 * The operator inbox (SPEC §1 'Fictional profiles', docs/operator.md): members' conversations
 * with chat pals across all sites, waiting ones first, and the view of one conversation.
 */
import { and, count, desc, eq, gt, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import {
  OPERATOR_HISTORY_SIZE,
  OPERATOR_INBOX_SIZE,
  type OperatorInboxItem,
  type OperatorInboxShow,
  type OperatorMessage,
} from '#src/contract/operator.ts';
import type { ChatGif } from '#src/contract/chat.ts';
import { localeFromLanguage, type Locale } from '#src/lib/locales.ts';
import type { Db } from '#src/server/db/client.ts';
import type { GifProvider } from '#src/server/providers/gifs/types.ts';
import { messages, operatorClaims } from '#src/server/db/schema.ts';
import { currentClaim, holder, toClaim } from './claims.ts';
import {
  chatPalConversations,
  findChatPalConversation,
  iso,
  liveChatPalConversation,
  loadBriefs,
  loadMessages,
  loadProfile,
  pal,
  type Operator,
} from './conversations.ts';

export interface InboxFilter {
  siteId?: string | undefined;
  show?: OperatorInboxShow | undefined;
  /** The operator's language: a last message that is an icebreaker shows its line in it. */
  locale?: Locale | undefined;
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
  const conditions: SQL[] = [liveChatPalConversation(operator)];
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
    .leftJoin(holder, eq(holder.id, operatorClaims.operatorId))
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
      : (await loadMessages(db, inArray(messages.id, lastIds), 'asc', undefined, filter.locale)).map(
          (m) => [m.rowId, m.dto] as const,
        ),
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

/** The conversation view: both profiles, the newest messages (oldest first), the claim. */
export async function loadConversation(
  db: Db,
  now: Date,
  operator: Operator,
  publicId: string,
  messageLength: (siteId: string) => Promise<number>,
  /** The operator's language and the GIF service: lines and GIFs as the member saw them. */
  content: { locale: Locale; gifs: GifProvider },
) {
  const found = await findChatPalConversation(db, publicId, operator);
  const member = await loadProfile(db, found.memberId, now);
  // An icebreaker reads as the member saw it: in the member's language, else the operator's.
  const lineLocale = localeFromLanguage(member.language) ?? content.locale;
  const newest = await loadMessages(
    db,
    eq(messages.conversationId, found.id),
    'desc',
    OPERATOR_HISTORY_SIZE + 1,
    lineLocale,
  );
  const page = newest.slice(0, OPERATOR_HISTORY_SIZE).reverse();
  const gifs = await resolveOperatorGifs(
    content.gifs,
    page.map((m) => m.dto),
    lineLocale,
  );
  return {
    conversation: {
      id: found.publicId,
      site: found.siteId,
      claim: await currentClaim(db, found.id, operator, now),
      message_length: await messageLength(found.siteId),
      waiting_since: found.waitingSince,
    },
    member,
    chat_pal: await loadProfile(db, found.palId, now),
    messages: page.map((m) =>
      m.dto.kind === 'gif' ? { ...m.dto, gif: (m.dto.item && gifs.get(m.dto.item)) || null } : m.dto,
    ),
    has_more: newest.length > OPERATOR_HISTORY_SIZE,
  };
}

/** The GIFs of GIF messages from the provider; one the service fails on is left out (shown by its label). */
async function resolveOperatorGifs(
  provider: GifProvider,
  list: readonly OperatorMessage[],
  locale: Locale,
): Promise<Map<string, ChatGif>> {
  const ids = [...new Set(list.flatMap((m) => (m.kind === 'gif' && m.item ? [m.item] : [])))];
  const found = new Map<string, ChatGif>();
  await Promise.all(
    ids.map(async (id) => {
      try {
        const gif = await provider.get(id, locale);
        if (gif) found.set(id, gif);
      } catch (error) {
        console.error('[operator] GIF lookup failed:', (error as Error).message);
      }
    }),
  );
  return found;
}
