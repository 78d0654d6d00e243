/**
 * The site's own messages to a member (SPEC §1 'System messages'), shown as the member's
 * conversation with the site (id 'site'). Each is sent once per (account, key, reference):
 * sending again with the same reference does nothing. The text is the client's
 * `chat.system.<key>` with the stored params.
 *
 * Keys and their params (docs/chat.md):
 * - `welcome` {brand}: the e-mail address was confirmed the first time (accounts/signup.ts);
 *   reference 'welcome'.
 * - `photo_approved` {}: a moderator approved a photo (moderation/service.ts); reference: the
 *   photo's public id.
 * - `photo_rejected` {reason}: rejected, `reason` one of PHOTO_REJECT_REASONS (text
 *   `photos.reject_reasons.<reason>`); reference: the photo's public id.
 * - `purchase` {order, credits}: billing calls this when an order is paid; reference: the
 *   order id.
 */
import { eq } from 'drizzle-orm';
import type { SystemMessageKey } from '#src/contract/chat.ts';
import { randomPublicId } from '#src/server/db/ids.ts';
import { accounts, profiles, systemMessages } from '#src/server/db/schema.ts';
import type { EventHub, OutgoingEvent, StoredEvents } from '#src/server/features/events/index.ts';
import type { Tx } from '#src/server/db/client.ts';
import type { AppDeps } from '#src/server/http/context.ts';
import { countersEvent } from './chat-events.ts';
import { loadSiteChat, SITE_CONVERSATION_ID } from './conversations.ts';
import { systemMessageColumns, systemMessageDto } from './messages-dto.ts';

export interface SystemMessageInput {
  accountId: number;
  key: SystemMessageKey;
  params?: Record<string, string | number>;
  /** What the message is about (an order id, a photo id, 'welcome'): once per key. */
  reference: string;
  now: Date;
}

/**
 * Writes a system message inside the caller's transaction and records its events (`message`
 * in the site's conversation and `counters`); announce them after the commit. Nothing is
 * written (and no event recorded) when this key and reference were sent before.
 */
export async function recordSystemMessage(
  tx: Tx,
  events: Pick<EventHub, 'record'>,
  input: SystemMessageInput,
): Promise<StoredEvents> {
  const [row] = await tx
    .insert(systemMessages)
    .values({
      publicId: randomPublicId(),
      accountId: input.accountId,
      key: input.key,
      params: input.params ?? {},
      reference: input.reference,
      createdAt: input.now,
    })
    .onConflictDoNothing({ target: [systemMessages.accountId, systemMessages.key, systemMessages.reference] })
    .returning(systemMessageColumns);
  if (!row) return { rows: [] };
  const message = systemMessageDto(row);
  const chat = await loadSiteChat(tx, input.accountId);
  const [owner] = await tx
    .select({ profileId: profiles.id, siteId: accounts.siteId })
    .from(accounts)
    .innerJoin(profiles, eq(profiles.accountId, accounts.id))
    .where(eq(accounts.id, input.accountId))
    .limit(1);
  const outgoing: OutgoingEvent[] = [];
  if (message && chat) {
    outgoing.push({
      accountId: input.accountId,
      event: { type: 'message', data: { conversation: SITE_CONVERSATION_ID, message, chat } },
    });
  }
  if (owner) {
    outgoing.push(await countersEvent({ db: tx }, { accountId: input.accountId, ...owner }));
  }
  return events.record(tx, outgoing);
}

/**
 * Sends a system message in its own transaction and announces it: for callers outside one
 * (billing: `sendSystemMessage(deps, { accountId, key: 'purchase', params: { order, credits },
 * reference: orderId, now })`). Answers whether it was new.
 */
export async function sendSystemMessage(
  deps: Pick<AppDeps, 'database' | 'events'>,
  input: SystemMessageInput,
): Promise<boolean> {
  const stored = await deps.database.db.transaction((tx) => recordSystemMessage(tx, deps.events, input));
  await deps.events.announce(stored);
  return stored.rows.length > 0;
}
