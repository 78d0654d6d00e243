/** Operators' notes about members (`operator_notes`), shown beside the conversation. */
import { and, desc, eq, isNotNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { OPERATOR_NOTES_SIZE, type OperatorNote } from '#src/contract/operator.ts';
import type { Db } from '#src/server/db/client.ts';
import { conversations, operatorNotes, profiles, staffAccounts } from '#src/server/db/schema.ts';
import { fail } from '#src/server/http/errors.ts';
import { operatorName } from './claims.ts';
import { chatPalConversations, iso, liveChatPalConversation, member, type Operator } from './conversations.ts';

/**
 * A member's profile id (not a chat pal's) by its public id, when the member writes with one
 * of the operator's chat pals; 404 otherwise (the notes of other members are not theirs to
 * read).
 */
export async function memberProfileId(db: Db, publicId: string, operator: Operator): Promise<number> {
  const [row] = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(and(eq(profiles.publicId, publicId), eq(profiles.type, 'member'), isNotNull(profiles.accountId)))
    .limit(1);
  if (!row || !(await talksWithChatPal(db, row.id, operator))) throw fail('not_found');
  return row.id;
}

/** Whether the member's profile has a live conversation with one of the operator's chat pals. */
export async function talksWithChatPal(db: Db, memberProfileId: number, operator: Operator): Promise<boolean> {
  const [talking] = await chatPalConversations(db)
    .where(
      and(
        or(eq(conversations.profileLow, memberProfileId), eq(conversations.profileHigh, memberProfileId)),
        eq(member.id, memberProfileId),
        liveChatPalConversation(operator),
      ),
    )
    .limit(1);
  return talking !== undefined;
}

const author = alias(profiles, 'note_author');
const staffAuthor = alias(staffAccounts, 'note_staff_author');

/** The notes about a member, newest first. */
export async function listNotes(db: Db, operator: Operator, profileId: number): Promise<OperatorNote[]> {
  const rows = await db
    .select({
      text: operatorNotes.text,
      staffAuthorId: operatorNotes.staffAuthorId,
      // A note of the member sites' old console names its member-account author.
      authorName: sql<string | null>`coalesce(${staffAuthor.name}, ${author.name})`,
      createdAt: operatorNotes.createdAt,
    })
    .from(operatorNotes)
    .leftJoin(author, eq(author.accountId, operatorNotes.authorId))
    .leftJoin(staffAuthor, eq(staffAuthor.id, operatorNotes.staffAuthorId))
    .where(eq(operatorNotes.memberProfileId, profileId))
    .orderBy(desc(operatorNotes.id))
    .limit(OPERATOR_NOTES_SIZE);
  return rows.map((row) => ({
    text: row.text,
    author: row.authorName ?? null,
    mine: row.staffAuthorId === operator.staffId,
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
    .values({ memberProfileId: profileId, staffAuthorId: operator.staffId, text, createdAt: now })
    .returning({ createdAt: operatorNotes.createdAt });
  return {
    text,
    author: (await operatorName(db, operator)) || null,
    mine: true,
    created_at: iso(row?.createdAt ?? now),
  };
}
