/** Chat pals (features/operator/): operators' claims and notes. */
import { bigint, bigserial, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { accounts } from './accounts.ts';
import { conversations } from './chat.ts';
import { profiles } from './profiles.ts';

/**
 * An operator's hold on a chat pal's conversation (operator inbox): while it lasts, no other
 * operator can answer there. Released by the operator or when `expiresAt` passes.
 */
export const operatorClaims = pgTable('operator_claims', {
  conversationId: bigint('conversation_id', { mode: 'number' })
    .primaryKey()
    .references(() => conversations.id, { onDelete: 'cascade' }),
  operatorId: bigint('operator_id', { mode: 'number' })
    .notNull()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** Operators' notes about a member they chat with as chat pals; erased with the member. */
export const operatorNotes = pgTable(
  'operator_notes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    memberProfileId: bigint('member_profile_id', { mode: 'number' })
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    authorId: bigint('author_id', { mode: 'number' }).references(() => accounts.id, { onDelete: 'set null' }),
    text: text('text').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('operator_notes_member').on(t.memberProfileId, t.id)],
);
