/**
 * What the likes page shows for its route (SPEC §2.1 likes, likes-type, likes-m-id; the
 * design is in docs/likes.md):
 * - `/likes` and `/likes/{type}`: the tab of the type, received for `/likes` and unknown types;
 * - `/likes/m/{id}` (the link of a 'new match' notification): the matches tab with that
 *   member's match modal open; when the member likes the viewer but is no match (the viewer
 *   has not liked back, or withdrew the like), the received tab with their card highlighted;
 *   otherwise (the like was withdrawn, a block, an unknown id) simply the matches tab.
 */
import type { LikesData } from '#src/contract/likes.ts';
import type { ProfileCard } from '#src/contract/members.ts';
import { likesTabOf, matchedLikes, type LikesTab } from '#src/stores/likes.ts';

export interface LikesView {
  tab: LikesTab;
  /** The member whose match modal opens. */
  match: ProfileCard | null;
  /** The id of the card to highlight. */
  highlight: string | null;
}

export function likesView(data: LikesData, type: string | null, memberId: string | null): LikesView {
  if (memberId === null) return { tab: likesTabOf(type), match: null, highlight: null };
  const match = matchedLikes(data).find((card) => card.id === memberId);
  if (match) return { tab: 'matches', match, highlight: null };
  if (data.liked_by.some((card) => card.id === memberId)) return { tab: 'received', match: null, highlight: memberId };
  return { tab: 'matches', match: null, highlight: null };
}
