/**
 * The blocked members list of settings (SPEC §4 'Blocking'): the profiles the member
 * blocked, newest first, each with unblock. An unblocked profile leaves the list; what the
 * block deleted (chats, likes) stays deleted.
 */
import { atom, type ReadableAtom } from 'nanostores';
import { deleteBlock, getBlocks, type BlockedProfile } from '#src/contract/members.ts';
import { environment } from '#src/stores/environment.ts';
import { errorText } from '#src/stores/errors.ts';
import { createForm, type Form } from '#src/stores/form.ts';

export type BlocksState =
  { status: 'loading' } | { status: 'ready'; profiles: BlockedProfile[] } | { status: 'error'; message: string };

export interface BlocksStore {
  $state: ReadableAtom<BlocksState>;
  load: () => Promise<void>;
  /** Unblocks one profile; one at a time. */
  unblockForm: Form<[profileId: string], void>;
}

export function createBlocksStore(): BlocksStore {
  const $state = atom<BlocksState>({ status: 'loading' });
  return {
    $state,
    async load() {
      $state.set({ status: 'loading' });
      try {
        const { profiles } = await environment().api.call(getBlocks);
        $state.set({ status: 'ready', profiles });
      } catch (error) {
        $state.set({ status: 'error', message: errorText(error) });
      }
    },
    unblockForm: createForm(
      async (profileId: string) => {
        await environment().api.call(deleteBlock, { body: { profile: profileId } });
        const current = $state.get();
        if (current.status !== 'ready') return;
        $state.set({ ...current, profiles: current.profiles.filter((profile) => profile.id !== profileId) });
      },
      { repeatable: true },
    ),
  };
}
