/**
 * A member profile page (SPEC §2.7 'Member profile', §4 'Blocking', 'Likes'): loads getMember
 * and offers like / unlike and block / unblock. States:
 * - loading;
 * - ready: the profile and its related profiles; `action` is the call under way and `error`
 *   the failure text of a block; `likeError` that of a like (over the daily limit the
 *   server's translated 'You can give out 4 Likes per day…'), shown next to the Like button;
 *   `match` the profile while the match modal is due (the like made a match). A like or
 *   unlike updates the like flags and the likes store (src/stores/likes.ts). After blocking,
 *   `profile.blocked_by_me` is true (the page then only offers to unblock) and the like
 *   flags are cleared, as the server deleted the likes;
 * - blocked: the profile blocked the viewer; `message` is the server's translated text
 *   "You're blocked by {name}. You do not have access to this page.";
 * - not_found: the profile does not exist or the viewer may not see it;
 * - error: anything else (network, server), with its text (errorText).
 */
import { atom, type ReadableAtom } from 'nanostores';
import { ApiError } from '#src/client/api.ts';
import { deleteBlock, getMember, postBlock, type MemberProfile, type ProfileCard } from '#src/contract/members.ts';
import { environment } from '#src/stores/environment.ts';
import { errorText } from '#src/stores/errors.ts';
import { $likes, likeProfile, loadLikes, markSeen, unlikeProfile } from '#src/stores/likes.ts';

export type MemberProfileState =
  | { status: 'loading' }
  | {
      status: 'ready';
      profile: MemberProfile;
      related: ProfileCard[];
      action: 'idle' | 'blocking' | 'unblocking' | 'liking' | 'unliking';
      error: string | null;
      likeError: string | null;
      match: ProfileCard | null;
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
  /** Likes the profile; a match sets `match` (the match modal). */
  like: () => Promise<void>;
  /** Withdraws the like. */
  unlike: () => Promise<void>;
  /** The match modal was closed. */
  closeMatch: () => void;
  /** Blocks the profile; the chats and likes between the two are deleted server-side. */
  block: () => Promise<void>;
  unblock: () => Promise<void>;
}

export function createMemberProfileStore(id: string): MemberProfileStore {
  const $state = atom<MemberProfileState>({ status: 'loading' });
  let loading = 0;

  async function load(): Promise<void> {
    const run = ++loading;
    $state.set({ status: 'loading' });
    try {
      const answer = await environment().api.call(getMember, { query: { id } });
      if (run !== loading) return;
      // The server cleared the profile's new-like marker on opening it.
      markSeen(answer.profile.id);
      $state.set({
        status: 'ready',
        profile: answer.profile,
        related: answer.related,
        action: 'idle',
        error: null,
        likeError: null,
        match: null,
      });
    } catch (error) {
      if (run !== loading) return;
      if (error instanceof ApiError && error.code === 'blocked') {
        $state.set({ status: 'blocked', message: error.message });
      } else if (error instanceof ApiError && (error.code === 'not_found' || error.code === 'forbidden')) {
        // Hidden, in privacy mode, gone or on another site: the viewer may not know which.
        $state.set({ status: 'not_found' });
      } else {
        $state.set({ status: 'error', message: errorText(error) });
      }
    }
  }

  async function setBlocked(blocked: boolean): Promise<void> {
    const state = $state.get();
    if (state.status !== 'ready' || state.action !== 'idle') return;
    $state.set({ ...state, action: blocked ? 'blocking' : 'unblocking', error: null });
    try {
      await environment().api.call(blocked ? postBlock : deleteBlock, { body: { profile: id } });
      // The likes between the two are gone: a loaded likes page must not list them.
      if (blocked && $likes.get()) void loadLikes();
      const current = $state.get();
      if (current.status !== 'ready') return;
      const profile: MemberProfile = blocked
        ? { ...current.profile, blocked_by_me: true, like_new: false, did_like_profile: false, liked_by_profile: false }
        : { ...current.profile, blocked_by_me: false };
      $state.set({ ...current, profile, action: 'idle', error: null });
    } catch (error) {
      const current = $state.get();
      if (current.status !== 'ready') return;
      $state.set({ ...current, action: 'idle', error: errorText(error) });
    }
  }

  async function setLiked(liked: boolean): Promise<void> {
    const state = $state.get();
    if (state.status !== 'ready' || state.action !== 'idle') return;
    $state.set({ ...state, action: liked ? 'liking' : 'unliking', likeError: null });
    try {
      let flags: Partial<Pick<ProfileCard, 'did_like_profile' | 'liked_by_profile' | 'like_new'>>;
      let match: ProfileCard | null = null;
      if (liked) {
        const answer = await likeProfile(state.profile.id);
        const { did_like_profile, liked_by_profile, like_new } = answer.profile;
        flags = { did_like_profile, liked_by_profile, like_new };
        if (answer.match) match = answer.profile;
      } else {
        await unlikeProfile(state.profile.id);
        flags = { did_like_profile: false };
      }
      const current = $state.get();
      if (current.status !== 'ready') return;
      $state.set({ ...current, profile: { ...current.profile, ...flags }, action: 'idle', match });
    } catch (error) {
      const current = $state.get();
      if (current.status !== 'ready') return;
      $state.set({ ...current, action: 'idle', likeError: errorText(error) });
    }
  }

  return {
    $state,
    load,
    like: () => setLiked(true),
    unlike: () => setLiked(false),
    closeMatch: () => {
      const state = $state.get();
      if (state.status === 'ready') $state.set({ ...state, match: null });
    },
    block: () => setBlocked(true),
    unblock: () => setBlocked(false),
  };
}
