/**
 * Messages refused for want of credits, kept while the member buys credits (SPEC §2.6 and
 * §8 'Credits and rights': the credit alert leads to /credits; the checkout returns to
 * /transactions/{id}, which leads back to the chat). The conversation screen is left for
 * the purchase, so the store's pending messages would be lost: each refused text, gift, GIF
 * or icebreaker is kept in sessionStorage (this tab only, gone with it) under its client key,
 * and the conversation shows it again as failed with 'Send again'. A retry sends the same
 * key, so nothing is charged twice. A photo is not kept (a file does not fit the storage;
 * the member picks it again).
 */
import * as z from 'zod/mini';
import { chatGif, chatGift, chatIcebreaker } from '#src/contract/chat.ts';
import { environment } from '#src/stores/environment.ts';
import type { Outgoing, PendingMessage } from './conversation-store.ts';

/** How long a kept message is offered again (a purchase takes minutes, not days). */
export const UNSENT_KEPT_MS = 24 * 60 * 60_000;

const keptMessage = z.object({
  key: z.string(),
  error: z.nullable(z.string()),
  at: z.number(),
  content: z.union([
    z.object({ kind: z.literal('text'), text: z.string() }),
    z.object({ kind: z.literal('gift'), gift: chatGift }),
    z.object({ kind: z.literal('gif'), gif: chatGif }),
    z.object({ kind: z.literal('icebreaker'), icebreaker: chatIcebreaker }),
  ]),
});
type KeptMessage = z.infer<typeof keptMessage>;

const storageKey = (conversation: string) => `chat.unsent.${conversation}`;

function read(conversation: string): KeptMessage[] {
  try {
    const raw = environment().sessionStorage?.getItem(storageKey(conversation));
    if (!raw) return [];
    const parsed = z.array(keptMessage).safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

function write(conversation: string, kept: readonly KeptMessage[]): void {
  try {
    const storage = environment().sessionStorage;
    if (kept.length === 0) storage?.removeItem(storageKey(conversation));
    else storage?.setItem(storageKey(conversation), JSON.stringify(kept));
  } catch {
    // A full or blocked storage only loses the kept copy; the message stays on screen.
  }
}

/** Keeps a refused message (a photo is not kept). */
export function keepUnsent(conversation: string, key: string, content: Outgoing, error: string | null): void {
  if (content.kind === 'photo') return;
  const others = read(conversation).filter((item) => item.key !== key);
  write(conversation, [...others, { key, content, error, at: environment().now() }]);
}

/** Forgets a kept message: delivered or given up. */
export function forgetUnsent(conversation: string, key: string): void {
  const kept = read(conversation);
  if (kept.some((item) => item.key === key))
    write(
      conversation,
      kept.filter((item) => item.key !== key),
    );
}

/** The kept messages of a conversation, as failed pending messages (older than UNSENT_KEPT_MS are dropped). */
export function unsentOf(conversation: string): PendingMessage[] {
  const kept = read(conversation);
  const fresh = kept.filter((item) => environment().now() - item.at < UNSENT_KEPT_MS);
  if (fresh.length !== kept.length) write(conversation, fresh);
  return fresh.map(({ key, content, error }) => ({ key, content, failed: true, error }));
}
