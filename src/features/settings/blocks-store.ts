/**
 * The blocked members list of settings (SPEC §4 'Blocking'): the profiles the member
 * blocked, newest first, each with unblock. An unblocked profile leaves the list; what the
 * block deleted (chats, likes) stays deleted.
 */
import { atom, type ReadableAtom } from 'nanostores';
import type { ApiClient } from '#src/client/api.ts';
import { deleteBlock, getBlocks, type BlockedProfile } from '#src/contract/members.ts';

export type BlocksState =
  | { status: 'loading' }
  | {
      status: 'ready';
      profiles: BlockedProfile[];
      /** The profile being unblocked. */
      unblocking: string | null;
      error: string | null;
    }
  | { status: 'error'; message: string };

export interface BlocksStore {
  $state: ReadableAtom<BlocksState>;
  load: () => Promise<void>;
  unblock: (profileId: string) => Promise<void>;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export function createBlocksStore(api: ApiClient): BlocksStore {
  const $state = atom<BlocksState>({ status: 'loading' });
  return {
    $state,
    async load() {
      $state.set({ status: 'loading' });
      try {
        const { profiles } = await api.call(getBlocks);
        $state.set({ status: 'ready', profiles, unblocking: null, error: null });
      } catch (error) {
        $state.set({ status: 'error', message: messageOf(error) });
      }
    },
    async unblock(profileId) {
      const state = $state.get();
      if (state.status !== 'ready' || state.unblocking) return;
      $state.set({ ...state, unblocking: profileId, error: null });
      try {
        await api.call(deleteBlock, { body: { profile: profileId } });
        const current = $state.get();
        if (current.status !== 'ready') return;
        $state.set({
          ...current,
          profiles: current.profiles.filter((profile) => profile.id !== profileId),
          unblocking: null,
        });
      } catch (error) {
        const current = $state.get();
        if (current.status !== 'ready') return;
        $state.set({ ...current, unblocking: null, error: messageOf(error) });
      }
    },
  };
}
