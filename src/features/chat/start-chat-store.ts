/**
 * Starting a conversation (route members-id-chat, `/members/{id}/chat`; SPEC §4
 * Conversations, §8 Chat): asks the server for the conversation with that member (made when
 * there is none) and opens it in its place (no history entry, so Back returns to where the
 * member came from). A `#gifts` hash (the profile page's Gift button) goes along and opens
 * the gifts panel. A failure shows the 'Error' toast 'Cannot start chat, try again later or
 * contact customer support' for START_CHAT_ERROR_TOAST_MS.
 */
import { atom } from 'nanostores';
import { getChatStart } from '#src/contract/chat.ts';
import { START_CHAT_ERROR_TOAST_MS } from '#src/lib/constants.ts';
import { environment } from '#src/stores/environment.ts';
import { $router } from '#src/stores/router.ts';

export type StartChatState = 'starting' | 'failed';

export function createStartChat() {
  const $state = atom<StartChatState>('starting');
  /** The error toast is showing. */
  const $toast = atom(false);
  let timer: ReturnType<typeof setTimeout> | undefined;

  async function start(profile: string, hash = ''): Promise<void> {
    $state.set('starting');
    $toast.set(false);
    clearTimeout(timer);
    try {
      const { id } = await environment().api.call(getChatStart, { query: { profile } });
      const keep = hash === '#gifts' ? hash : '';
      $router.open(`/chats/${encodeURIComponent(id)}${keep}`, true);
    } catch {
      $state.set('failed');
      $toast.set(true);
      timer = setTimeout(() => $toast.set(false), START_CHAT_ERROR_TOAST_MS);
    }
  }

  return {
    $state,
    $toast,
    start,
    hideToast: () => {
      clearTimeout(timer);
      $toast.set(false);
    },
    stop: () => clearTimeout(timer),
  };
}
