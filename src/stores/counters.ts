/**
 * The counters the shell shows from its first load (SPEC §2.3 badges, §2.5 title and app
 * badge). The stores that own the data write them: the conversation list
 * (src/stores/chats.ts) the unread total and the newest conversation, the likes store
 * (src/stores/likes.ts, mirrored by src/stores/polling.ts) the new likes. Those stores and
 * the contracts behind them load on demand, so the shell carries only these atoms.
 */
import { atom } from 'nanostores';

/** Unread messages over all conversations (nav badge, title prefix). */
export const $totalUnread = atom(0);
/** The newest conversation (the desktop nav's Messages link opens it); null without any. */
export const $newestChat = atom<string | null>(null);
/** New likes not seen yet, as the likes store last counted them. */
export const $newLikes = atom(0);

/** A page title with the '(N) ' prefix of N unread messages plus new likes (none at 0). */
export function withCount(title: string, count: number): string {
  const bare = title.replace(/^\(\d+\) /, '');
  return count > 0 ? `(${count}) ${bare}` : bare;
}
