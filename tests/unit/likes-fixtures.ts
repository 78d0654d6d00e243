/** Fixtures of the likes tests: the likes data (contract getLikes) built from profile cards. */
import type { LikesData } from '#src/contract/likes.ts';
import { profileCard } from './member-profile-fixtures.ts';

/** Cards of the three lists: Anna (new like) and Bea liked me; I liked Bea (a match) and Cleo. */
export function likesData(overrides: Partial<LikesData> = {}): LikesData {
  const anna = profileCard({ id: 'anna', name: 'Anna', like_new: true, liked_by_profile: true });
  const bea = profileCard({ id: 'bea', name: 'Bea', liked_by_profile: true, did_like_profile: true });
  const cleo = profileCard({ id: 'cleo', name: 'Cleo', did_like_profile: true });
  return {
    profiles: [bea, cleo],
    liked_by: [anna, bea],
    total_new_likes: 1,
    likes_left: 3,
    next_like_in_hours: null,
    ...overrides,
  };
}

export const DAILY_LIMIT_MESSAGE = 'You can give out 4 Likes per day. You can like again in 5 hours.';

export const dailyLimitAnswer = {
  status: 429,
  body: { error: { code: 'daily_limit', message: DAILY_LIMIT_MESSAGE } },
};
