/**
 * Cached other profiles (SPEC §3 'Search state'): the cards search has shown, so a page
 * opened from them (a member profile) can show the name and photo at once.
 */
import type { ProfileCard } from '#src/contract/members.ts';

/** The most profiles the cache keeps; the oldest go first. */
export const PROFILE_CACHE_MAX = 500;
const profileCache = new Map<string, ProfileCard>();

/** Keeps the cards, newest last. */
export function rememberProfiles(cards: readonly ProfileCard[]): void {
  for (const card of cards) {
    profileCache.delete(card.id);
    profileCache.set(card.id, card);
  }
  for (const id of profileCache.keys()) {
    if (profileCache.size <= PROFILE_CACHE_MAX) break;
    profileCache.delete(id);
  }
}

/** A profile card search has shown, or null. */
export function cachedProfile(id: string): ProfileCard | null {
  return profileCache.get(id) ?? null;
}

/** Forgets every cached profile (tests, a new viewer). */
export function forgetProfiles(): void {
  profileCache.clear();
}
