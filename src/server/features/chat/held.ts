/**
 * Held messages (SPEC §4 Account 'Not confirmed': messages are not delivered until the e-mail
 * address is confirmed). A not-confirmed member's messages are stored 'held': charged, shown
 * to the sender only, not counted as unread. Confirming the address releases them: they
 * become 'delivered', the other sides count and list them, and their accounts get the events.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { conversationSides, conversations, messages, profiles } from '#src/server/db/schema.ts';
import type { OutgoingEvent, StoredEvents } from '#src/server/features/events/index.ts';
import type { Tx } from '#src/server/db/client.ts';
import type { AppDeps } from '#src/server/http/context.ts';
import { countersEvent, messageEventsFor } from './chat-events.ts';
import { messageColumns, type MessageRow } from './messages-dto.ts';
import { loadChatSite, partyOfProfile } from './parties.ts';

/**
 * Delivers the held messages of the account's profile inside the caller's transaction (which
 * has locked the account row) and records the events of the other sides; announce them after
 * the commit.
 */
export async function releaseHeldMessages(
  tx: Tx,
  deps: Pick<AppDeps, 'database' | 'sites' | 'events' | 'gifs'>,
  accountId: number,
  now: Date,
): Promise<StoredEvents> {
  const [sender] = await tx
    .select({ profileId: profiles.id, siteId: profiles.siteId })
    .from(profiles)
    .where(eq(profiles.accountId, accountId))
    .limit(1);
  if (!sender) return { rows: [] };
  const held = await tx
    .select(messageColumns)
    .from(messages)
    .where(and(eq(messages.senderId, sender.profileId), eq(messages.status, 'held')))
    .orderBy(asc(messages.conversationId), asc(messages.id));
  if (held.length === 0) return { rows: [] };

  const byConversation = new Map<number, MessageRow[]>();
  for (const row of held)
    byConversation.set(row.conversationId, [...(byConversation.get(row.conversationId) ?? []), row]);
  const site = await loadChatSite(deps, sender.siteId, tx);
  const events: OutgoingEvent[] = [];
  for (const [conversationId, rows] of byConversation) {
    // The lock order of a send: conversation row, then its sides.
    const [conversation] = await tx
      .select({ low: conversations.profileLow, high: conversations.profileHigh })
      .from(conversations)
      .where(eq(conversations.id, conversationId))
      .for('update');
    if (!conversation) continue;
    const otherId = conversation.low === sender.profileId ? conversation.high : conversation.low;
    await tx
      .update(messages)
      .set({ status: 'delivered' })
      .where(
        and(
          eq(messages.conversationId, conversationId),
          eq(messages.senderId, sender.profileId),
          eq(messages.status, 'held'),
        ),
      );
    const [other] = await tx
      .select({ clearedAt: conversationSides.clearedAt, lastMessageAt: conversationSides.lastMessageAt })
      .from(conversationSides)
      .where(and(eq(conversationSides.conversationId, conversationId), eq(conversationSides.profileId, otherId)))
      .for('update');
    if (!other) continue;
    // Messages from before the other side deleted the conversation stay out of its sight.
    const shown = rows.filter((r) => !other.clearedAt || r.createdAt > other.clearedAt);
    const newest = shown.at(-1);
    if (!newest) continue;
    const latest = newest.createdAt;
    await tx
      .update(conversationSides)
      .set({
        unread: sql`${conversationSides.unread} + ${shown.length}`,
        lastMessageAt: other.lastMessageAt && other.lastMessageAt > latest ? other.lastMessageAt : latest,
      })
      .where(and(eq(conversationSides.conversationId, conversationId), eq(conversationSides.profileId, otherId)));

    const recipient = await partyOfProfile(tx, site, otherId, now);
    if (!recipient || recipient.accountId === null) continue;
    const readers = { db: tx, gifs: deps.gifs, now };
    for (const row of shown) {
      events.push(
        ...(await messageEventsFor(readers, recipient, { ...row, status: 'delivered' }, { counters: false })),
      );
    }
    events.push(await countersEvent(readers, recipient));
  }
  return deps.events.record(tx, events);
}
