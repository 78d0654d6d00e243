/** Chat (features/chat/): conversations, each side's state, messages, system messages. */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { accounts } from './accounts.ts';
import { profiles } from './profiles.ts';
import { staffAccounts } from './staff.ts';

/**
 * A conversation between two profiles (SPEC §3 'Conversation'); its messages are in
 * `messages`, each side's state in `conversation_sides`. The pair is stored ordered
 * (profileLow < profileHigh), so there is one per pair.
 */
export const conversations = pgTable(
  'conversations',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    publicId: varchar('public_id', { length: 16 }).notNull().unique(),
    profileLow: bigint('profile_low', { mode: 'number' })
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    profileHigh: bigint('profile_high', { mode: 'number' })
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    /** Who sent the first message. */
    startedBy: bigint('started_by', { mode: 'number' })
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('conversations_pair').on(t.profileLow, t.profileHigh),
    index('conversations_high').on(t.profileHigh),
    check('conversations_ordered_pair', sql`${t.profileLow} < ${t.profileHigh}`),
  ],
);

/**
 * Each participant's side of a conversation (SPEC §3 'Conversation / chat list item'): its
 * unread count, what it has read, and when it deleted the conversation (SPEC §4: deleting
 * hides it and its messages up to then from this side only; a new message shows it again).
 */
export const conversationSides = pgTable(
  'conversation_sides',
  {
    conversationId: bigint('conversation_id', { mode: 'number' })
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    profileId: bigint('profile_id', { mode: 'number' })
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    /** Messages to this side it has not seen (num_unread_messages). */
    unread: integer('unread').notNull().default(0),
    /** The newest message of the other side this side has read (read state); null: none. */
    lastReadMessageId: bigint('last_read_message_id', { mode: 'number' }),
    /** Deleted by this side at: it sees only later messages, and the chat only once one comes. */
    clearedAt: timestamp('cleared_at', { withTimezone: true }),
    /** The newest message of the conversation this side may see, for its list (newest first). */
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.conversationId, t.profileId] }),
    index('conversation_sides_list').on(t.profileId, t.lastMessageAt),
    check('conversation_sides_unread_nonnegative', sql`${t.unread} >= 0`),
  ],
);

/**
 * Chat messages between two profiles (SPEC §1 'Chat', §3): text, photo, gift, GIF or
 * icebreaker (the site's own messages are `system_messages`). A not-confirmed sender's messages are 'held' until the e-mail address is
 * confirmed (SPEC §4), then 'delivered'. `clientId` makes a sender's retry idempotent.
 */
export const messages = pgTable(
  'messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    publicId: varchar('public_id', { length: 16 }).notNull().unique(),
    conversationId: bigint('conversation_id', { mode: 'number' })
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    senderId: bigint('sender_id', { mode: 'number' })
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['text', 'photo', 'gift', 'gif', 'icebreaker'] }).notNull(),
    /** The text, or the icebreaker's key. */
    body: text('body'),
    /** The gift's key or the GIF's id of the catalogue/provider. */
    item: text('item'),
    /** A photo message's stored files (storage key) and size. */
    photoKey: text('photo_key'),
    photoWidth: integer('photo_width'),
    photoHeight: integer('photo_height'),
    status: text('status', { enum: ['delivered', 'held'] })
      .notNull()
      .default('delivered'),
    /** Credits it cost (0 for a free message, a received one, a system message). */
    credits: integer('credits').notNull().default(0),
    /** One of a free member's free messages (SPEC §6). */
    free: boolean('free').notNull().default(false),
    /** The sender's key for the message (idempotent retries); unique per sender. */
    clientId: varchar('client_id', { length: 64 }),
    /** The operator who wrote it, for a chat pal's message (null otherwise). */
    operatorId: bigint('operator_id', { mode: 'number' }).references(() => accounts.id, { onDelete: 'set null' }),
    /** The staff operator who wrote it in the back office, for a chat pal's message. */
    staffOperatorId: bigint('staff_operator_id', { mode: 'number' }).references(() => staffAccounts.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
  },
  (t) => [
    index('messages_conversation').on(t.conversationId, t.id),
    uniqueIndex('messages_sender_client').on(t.senderId, t.clientId),
    index('messages_held')
      .on(t.senderId)
      .where(sql`${t.status} = 'held'`),
  ],
);

/**
 * Messages of the site itself to a member (SPEC §1 'System messages': welcome, purchase
 * confirmation, moderation outcome), shown as the member's conversation with the site.
 */
export const systemMessages = pgTable(
  'system_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    publicId: varchar('public_id', { length: 16 }).notNull().unique(),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** One of SYSTEM_MESSAGES (contract/chat.ts); the text is `chat.system.<key>`. */
    key: text('key').notNull(),
    /** The text's parameters (e.g. the order number). */
    params: jsonb('params').$type<Record<string, string | number>>().notNull().default({}),
    /** What it is about, unique per key (an order id...): a message is sent once. */
    reference: text('reference').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('system_messages_account').on(t.accountId, t.id),
    uniqueIndex('system_messages_reference').on(t.accountId, t.key, t.reference),
  ],
);
