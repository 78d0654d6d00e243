/** Operators' notes about members (`operator_notes`), shown beside the conversation. */
import { and, desc, eq, isNotNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { OPERATOR_NOTES_SIZE, type OperatorNote } from '#src/contract/operator.ts';
import type { Db } from '#src/server/db/client.ts';
import { operatorNotes, profiles } from '#src/server/db/schema.ts';
import { fail } from '#src/server/http/errors.ts';
import { operatorName } from './claims.ts';
import { iso, type Operator } from './conversations.ts';

/** A member's profile id (not a chat pal's) by its public id; 404 otherwise. */
export async function memberProfileId(db: Db, publicId: string): Promise<number> {
  const [row] = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(and(eq(profiles.publicId, publicId), eq(profiles.type, 'member'), isNotNull(profiles.accountId)))
    .limit(1);
  if (!row) throw fail('not_found');
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
