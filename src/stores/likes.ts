/**
 * $likes: the likes data of SPEC §3 'Likes data' (contract `getLikes`), shared by the likes
 * page, the like buttons (profile page, likes page), the like modal and the shell, which
 * feeds the nav badge and the '(N) ' title prefix from $totalNewLikes.
 *
 * The data is null until first loaded. A like or unlike updates it from the server's answer
 * (no reload); opening a profile clears its new-like marker on the server, `markSeen` does the
 * same here. The three lists of the likes page (SPEC §2.7 'Likes') and the local updates are
 * pure functions below, tested on their own.
 */
import { atom, computed } from 'nanostores';
import { ApiError } from '#src/client/api.ts';
import { DAILY_LIMIT_ERROR, deleteLike, getLikes, postLike, type LikesData } from '#src/contract/likes.ts';
import type { ProfileCard } from '#src/contract/members.ts';
import { environment } from './environment.ts';

/** The tabs of the likes page, in their order; `/likes` and unknown types are 'received'. */
export const LIKES_TABS = ['received', 'sent', 'matches'] as const;
export type LikesTab = (typeof LIKES_TABS)[number];

export type LikesLoad = { status: 'idle' | 'loading' | 'ready' } | { status: 'error'; message: string };

export const $likes = atom<LikesData | null>(null);
/** The state of the last load: the page shows a spinner or the error while $likes is null. */
export const $likesLoad = atom<LikesLoad>({ status: 'idle' });
/** New likes not seen yet (nav badge, title prefix); 0 until loaded. */
export const $totalNewLikes = computed($likes, (data) => data?.total_new_likes ?? 0);
/** Likes the member can still give today; null until loaded. */
export const $likesLeft = computed($likes, (data) => data?.likes_left ?? null);

// ── Pure rules ──────────────────────────────────────────────────────────────────────────

/** The tab a `/likes/:type` path shows. */
export function likesTabOf(type: string | null | undefined): LikesTab {
  return LIKES_TABS.find((tab) => tab === type) ?? 'received';
}

/** Received likes: liked_by as the server orders it (new ones first, then newest first). */
export function receivedLikes(data: LikesData): ProfileCard[] {
  return data.liked_by;
}

/** Sent likes: the profiles I liked, newest like first. */
export function sentLikes(data: LikesData): ProfileCard[] {
  return data.profiles;
}

/** Matches: the profiles in both lists (I liked them and they liked me, the flags of the card), newest like first. */
export function matchedLikes(data: LikesData): ProfileCard[] {
  return data.profiles.filter((card) => card.did_like_profile && card.liked_by_profile);
}

/** The cards of one tab. */
export function likesOfTab(data: LikesData, tab: LikesTab): ProfileCard[] {
  return tab === 'sent' ? sentLikes(data) : tab === 'matches' ? matchedLikes(data) : receivedLikes(data);
}

/** The number of cards of each tab (SPEC 'Shows the number of likes'). */
export function likesCounts(data: LikesData): Record<LikesTab, number> {
  return { received: data.liked_by.length, sent: data.profiles.length, matches: matchedLikes(data).length };
}

/** A card's new values wherever the profile is listed. */
function replaceCard(list: ProfileCard[], id: string, update: (card: ProfileCard) => ProfileCard): ProfileCard[] {
  return list.map((card) => (card.id === id ? update(card) : card));
}

/**
 * After liking `card` (the server's card, `did_like_profile` true): it heads the sent list
 * (newest like first), its card in the received list shows the like too.
 */
export function withLike(data: LikesData, card: ProfileCard, likesLeft: number): LikesData {
  const same = (old: ProfileCard): ProfileCard => ({
    ...old,
    did_like_profile: true,
    liked_by_profile: card.liked_by_profile,
  });
  return {
    ...data,
    profiles: [card, ...data.profiles.filter((old) => old.id !== card.id)],
    liked_by: replaceCard(data.liked_by, card.id, same),
    likes_left: likesLeft,
    next_like_in_hours: likesLeft > 0 ? null : data.next_like_in_hours,
  };
}

/** After unliking profile `id`: out of the sent list; its received card no longer shows my like. */
export function withoutLike(data: LikesData, id: string, likesLeft: number): LikesData {
  return {
    ...data,
    profiles: data.profiles.filter((card) => card.id !== id),
    liked_by: replaceCard(data.liked_by, id, (card) => ({ ...card, did_like_profile: false })),
    likes_left: likesLeft,
  };
}

/** After opening profile `id`: its like is no longer new (the server cleared it already). */
export function withSeen(data: LikesData, id: string): LikesData {
  const wasNew = data.liked_by.some((card) => card.id === id && card.like_new);
  if (!wasNew && !data.profiles.some((card) => card.id === id && card.like_new)) return data;
  const seen = (card: ProfileCard): ProfileCard => ({ ...card, like_new: false });
  return {
    ...data,
    profiles: replaceCard(data.profiles, id, seen),
    liked_by: replaceCard(data.liked_by, id, seen),
    total_new_likes: Math.max(0, data.total_new_likes - (wasNew ? 1 : 0)),
  };
}

// ── Actions ─────────────────────────────────────────────────────────────────────────────

let pending: Promise<void> | null = null;
/**
 * Counts changes a load under way may not include: local likes (a load answered after a like
 * must not undo it) and the server's news (`fresh`).
 */
let changes = 0;
/** Counts resets, so a load under way when the data was forgotten does not bring it back. */
let generation = 0;

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Loads the likes data. Calls while a load is under way share it. A load that a like or
 * unlike overtook is asked again, so the lists always include the member's latest action;
 * so is one under way when a `fresh` call comes (the server said the likes changed).
 */
export function loadLikes(options: { fresh?: boolean } = {}): Promise<void> {
  if (options.fresh) changes++;
  if (pending) return pending;
  const run = async () => {
    const gen = generation;
    $likesLoad.set({ status: 'loading' });
    for (;;) {
      const before = changes;
      try {
        const data = await environment().api.call(getLikes);
        if (gen !== generation) return;
        if (before !== changes) continue;
        $likes.set(data);
        $likesLoad.set({ status: 'ready' });
      } catch (error) {
        if (gen === generation) $likesLoad.set({ status: 'error', message: messageOf(error) });
      }
      return;
    }
  };
  pending = run().finally(() => {
    pending = null;
  });
  return pending;
}

/**
 * Likes profile `id`. Returns the server's answer: `match` when they liked me too, and the
 * profile's card. Throws the ApiError of a refused like; over the daily limit (429
 * `daily_limit`) its message is the server's translated text with the hours to wait.
 * When no like is left after it (or over the limit), the data is reloaded for the countdown.
 */
export async function likeProfile(id: string): Promise<{ match: boolean; likes_left: number; profile: ProfileCard }> {
  try {
    const answer = await environment().api.call(postLike, { body: { profile: id } });
    changes++;
    const data = $likes.get();
    if (data) $likes.set(withLike(data, answer.profile, answer.likes_left));
    if (answer.likes_left === 0 && data) void loadLikes();
    return answer;
  } catch (error) {
    if (error instanceof ApiError && error.code === DAILY_LIMIT_ERROR && $likes.get()) void loadLikes();
    throw error;
  }
}

/** Withdraws my like of profile `id` (the like is not given back for today). */
export async function unlikeProfile(id: string): Promise<void> {
  const answer = await environment().api.call(deleteLike, { body: { profile: id } });
  changes++;
  const data = $likes.get();
  if (data) $likes.set(withoutLike(data, id, answer.likes_left));
}

/** Clears profile `id`'s new-like marker here (opening the profile cleared it on the server). */
export function markSeen(id: string): void {
  const data = $likes.get();
  if (data) $likes.set(withSeen(data, id));
}

/** Forgets the data (logout, tests). */
export function resetLikes(): void {
  generation++;
  pending = null;
  $likes.set(null);
  $likesLoad.set({ status: 'idle' });
}
