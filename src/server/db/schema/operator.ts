/**
 * Chat pals (features/operator/, features/staff-chat-pals/, docs/operator.md): which staff
 * operators answer which chat pal, their claims on conversations, their notes about members,
 * and one row per answer for the answer times.
 */
import { bigint, bigserial, index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { accounts } from './accounts.ts';
import { conversations, messages } from './chat.ts';
import { profiles } from './profiles.ts';
import { staffAccounts } from './staff.ts';

/**
 * An operator's hold on a chat pal's conversation (operator inbox): while it lasts, no other
 * operator can answer there. Released by the operator or when `expiresAt` passes. The holder
 * is a staff account (the back office's "Chat pals" section).
 */
export const operatorClaims = pgTable(
  'operator_claims',
  {
    conversationId: bigint('conversation_id', { mode: 'number' })
      .primaryKey()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    operatorId: bigint('operator_id', { mode: 'number' })
      .notNull()
      .references(() => staffAccounts.id, { onDelete: 'cascade' }),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  // Each operator's workload: the conversations they hold now.
  (t) => [index('operator_claims_operator').on(t.operatorId, t.expiresAt)],
);

/** Operators' notes about a member they chat with as chat pals; erased with the member. */
export const operatorNotes = pgTable(
  'operator_notes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    memberProfileId: bigint('member_profile_id', { mode: 'number' })
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    /** A note written in the member sites' old console, by a member account with a role. */
    authorId: bigint('author_id', { mode: 'number' }).references(() => accounts.id, { onDelete: 'set null' }),
    /** The staff operator who wrote it (the back office). */
    staffAuthorId: bigint('staff_author_id', { mode: 'number' }).references(() => staffAccounts.id, {
      onDelete: 'set null',
    }),
    text: text('text').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('operator_notes_member').on(t.memberProfileId, t.id)],
);

/** The staff operators who answer as a chat pal (an admin assigns them). */
export const chatPalOperators = pgTable(
  'chat_pal_operators',
  {
    chatPalId: bigint('chat_pal_id', { mode: 'number' })
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    staffId: bigint('staff_id', { mode: 'number' })
      .notNull()
      .references(() => staffAccounts.id, { onDelete: 'cascade' }),
    assignedAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.chatPalId, t.staffId] }),
    // An operator's chat pals (their inbox, their workload).
    index('chat_pal_operators_staff').on(t.staffId, t.chatPalId),
  ],
);

/**
 * One row per chat pal answer written in the back office: how long the member waited (from
 * their oldest unanswered message to the answer). The answer times of the section are
 * percentiles over a time range of these rows, read by the indexes below, never by scanning
 * the messages.
 */
export const chatPalAnswers = pgTable(
  'chat_pal_answers',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    messageId: bigint('message_id', { mode: 'number' })
      .notNull()
      .unique()
      .references(() => messages.id, { onDelete: 'cascade' }),
    chatPalId: bigint('chat_pal_id', { mode: 'number' })
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    staffId: bigint('staff_id', { mode: 'number' }).references(() => staffAccounts.id, { onDelete: 'set null' }),
    siteId: text('site_id').notNull(),
    /** The member's oldest message the answer answers. */
    waitedFrom: timestamp('waited_from', { withTimezone: true }).notNull(),
    answeredAt: timestamp('answered_at', { withTimezone: true }).notNull(),
    waitMs: bigint('wait_ms', { mode: 'number' }).notNull(),
  },
  (t) => [
    index('chat_pal_answers_answered').on(t.answeredAt),
    index('chat_pal_answers_staff').on(t.staffId, t.answeredAt),
    index('chat_pal_answers_chat_pal').on(t.chatPalId, t.answeredAt),
  ],
);
