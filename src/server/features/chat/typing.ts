/**
 * POST /api/typing.php (SPEC §2.7 'A typing indicator'): tells the other side's open channels
 * that the viewer is typing. Not stored (a closed channel misses it). The client reports at
 * most every TYPING_EVERY_MS; the server drops reports that come faster than half of that
 * per conversation and sender (in this process's memory: enough to stop a flood).
 */
import { eq } from 'drizzle-orm';
import { TYPING_EVERY_MS } from '#src/lib/constants.ts';
import { accounts } from '#src/server/db/schema.ts';
import type { AppDeps } from '#src/server/http/context.ts';
import { fail } from '#src/server/http/errors.ts';
import { findConversation, SITE_CONVERSATION_ID, type ChatParty } from './conversations.ts';

const MIN_GAP_MS = TYPING_EVERY_MS / 2;
/** Entries kept before old ones are swept. */
const SWEEP_AT = 10_000;

/** When each (conversation, sender) last announced typing. */
export class TypingGate {
  private readonly last = new Map<string, number>();

  /** True when a report at `now` may go out (and remembers it). */
  pass(conversationId: number, profileId: number, now: number): boolean {
    const key = `${conversationId}:${profileId}`;
    const previous = this.last.get(key);
    if (previous !== undefined && now - previous >= 0 && now - previous < MIN_GAP_MS) return false;
    if (this.last.size >= SWEEP_AT) {
      for (const [k, at] of this.last) if (now - at >= MIN_GAP_MS) this.last.delete(k);
    }
    this.last.set(key, now);
    return true;
  }
}

/**
 * The viewer types in a conversation of theirs with a profile they may see: 404 otherwise.
 * Nothing goes out for a chat pal's side (no account), a held sender (the other side cannot
 * see them yet) or a report that comes too soon.
 */
export async function reportTyping(
  deps: AppDeps,
  gate: TypingGate,
  party: ChatParty & { accountId: number },
  publicId: string,
): Promise<void> {
  const [account] = await deps.database.db
    .select({ status: accounts.status })
    .from(accounts)
    .where(eq(accounts.id, party.accountId))
    .limit(1);
  const confirmed = account?.status === 'confirmed';
  if (publicId === SITE_CONVERSATION_ID) throw fail('not_found');
  const conversation = await findConversation(deps.database.db, party, publicId);
  if (!conversation?.otherVisible) throw fail('not_found');
  if (conversation.otherAccountId === null || !confirmed) return;
  if (!gate.pass(conversation.id, party.profileId, deps.now().getTime())) return;
  await deps.events.ephemeral([
    {
      accountId: conversation.otherAccountId,
      event: { type: 'typing', data: { conversation: conversation.publicId } },
    },
  ]);
}
