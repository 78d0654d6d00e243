/**
 * A member profile page (SPEC §2.7 'Member profile', §4 'Blocking'): loads getMember and
 * offers block / unblock. States:
 * - loading;
 * - ready: the profile and its related profiles; `action` is the block call under way and
 *   `error` its failure text. After blocking, `profile.blocked_by_me` is true (the page then
 *   only offers to unblock) and the like flags are cleared, as the server deleted the likes;
 * - blocked: the profile blocked the viewer; `message` is the server's translated text
 *   "You're blocked by {name}. You do not have access to this page.";
 * - not_found: the profile does not exist or the viewer may not see it;
 * - error: anything else (network, server), with a message.
 */
import { atom, type ReadableAtom } from 'nanostores';
import { ApiError, type ApiClient } from '../../client/api.ts';
import { deleteBlock, getMember, postBlock, type MemberProfile, type ProfileCard } from '../../contract/members.ts';

export type MemberProfileState =
  | { status: 'loading' }
  | {
      status: 'ready';
      profile: MemberProfile;
      related: ProfileCard[];
      action: 'idle' | 'blocking' | 'unblocking';
      error: string | null;
    }
  | {
      status: 'blocked';
      /** "You're blocked by {name}. …", in the member's language, from the server. */
      message: string;
    }
  | { status: 'not_found' }
  | { status: 'error'; message: string };

export interface MemberProfileStore {
  $state: ReadableAtom<MemberProfileState>;
  load: () => Promise<void>;
  /** Blocks the profile; the chats and likes between the two are deleted server-side. */
  block: () => Promise<void>;
  unblock: () => Promise<void>;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export function createMemberProfileStore({ api, id }: { api: ApiClient; id: string }): MemberProfileStore {
  const $state = atom<MemberProfileState>({ status: 'loading' });
  let loading = 0;

  async function load(): Promise<void> {
    const run = ++loading;
    $state.set({ status: 'loading' });
    try {
      const answer = await api.call(getMember, { query: { id } });
      if (run !== loading) return;
      $state.set({ status: 'ready', profile: answer.profile, related: answer.related, action: 'idle', error: null });
    } catch (error) {
      if (run !== loading) return;
      if (error instanceof ApiError && error.code === 'blocked') {
        $state.set({ status: 'blocked', message: error.message });
      } else if (error instanceof ApiError && (error.code === 'not_found' || error.code === 'forbidden')) {
        // Hidden, in privacy mode, gone or on another site: the viewer may not know which.
        $state.set({ status: 'not_found' });
      } else {
        $state.set({ status: 'error', message: messageOf(error) });
      }
    }
  }

  async function setBlocked(blocked: boolean): Promise<void> {
    const state = $state.get();
    if (state.status !== 'ready' || state.action !== 'idle') return;
    $state.set({ ...state, action: blocked ? 'blocking' : 'unblocking', error: null });
    try {
      await api.call(blocked ? postBlock : deleteBlock, { body: { profile: id } });
      const current = $state.get();
      if (current.status !== 'ready') return;
      const profile: MemberProfile = blocked
        ? { ...current.profile, blocked_by_me: true, like_new: false, did_like_profile: false, liked_by_profile: false }
        : { ...current.profile, blocked_by_me: false };
      $state.set({ ...current, profile, action: 'idle', error: null });
    } catch (error) {
      const current = $state.get();
      if (current.status !== 'ready') return;
      $state.set({ ...current, action: 'idle', error: messageOf(error) });
    }
  }

  return {
    $state,
    load,
    block: () => setBlocked(true),
    unblock: () => setBlocked(false),
  };
}
