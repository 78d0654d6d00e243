/** The match finder (SPEC §2.7 'Match finder'): profiles of the sought gender by the questionnaire's answers. */
import { and, gt, inArray, lte, type SQL } from 'drizzle-orm';
import type { MatchFinderAnswers } from '#src/contract/likes.ts';
import type { ProfileCard } from '#src/contract/members.ts';
import { MATCH_FINDER_AGE_BUCKETS, MATCH_FINDER_RESULTS } from '#src/lib/constants.ts';
import { profiles } from '#src/server/db/schema.ts';
import { toProfileCard } from '#src/server/features/members/index.ts';
import { discoverable, loadSelf, nearestInAge, yearsBefore, type LikesContext } from './candidates.ts';

/** Body types an appearance answer keeps; null: any (SPEC §2.7 'Match finder'). */
const APPEARANCE_BODY_TYPES: Record<MatchFinderAnswers['appearance'], readonly string[] | null> = {
  normal: null,
  sexy: ['slim', 'normal'],
};

/**
 * The match finder's result: profiles of the sought gender in the age bucket (and, for
 * 'sexy', with a slim or average body type), closest to the viewer's own age within the
 * bucket, the viewer's country first. Profiles hold no ethnicity: `race` filters nothing.
 */
export async function findMatches(ctx: LikesContext, answers: MatchFinderAnswers): Promise<ProfileCard[]> {
  const { db, viewer, now } = ctx;
  const self = await loadSelf(db, viewer.profileId);
  const bucket = MATCH_FINDER_AGE_BUCKETS.find((b) => b.key === answers.age) ?? MATCH_FINDER_AGE_BUCKETS[0];
  // Age a..b: born on or before now - a years, and after now - (b + 1) years.
  const youngest = yearsBefore(now, bucket.min);
  const oldest = bucket.max === null ? null : yearsBefore(now, bucket.max + 1);
  const bodyTypes = APPEARANCE_BODY_TYPES[answers.appearance];
  const where = and(
    discoverable(viewer, self),
    lte(profiles.birthdate, youngest),
    oldest ? gt(profiles.birthdate, oldest) : undefined,
    bodyTypes ? inArray(profiles.bodyType, [...bodyTypes]) : undefined,
  ) as SQL;
  // Closest to the viewer's own age, moved into the bucket.
  let pivot = self.birthdate > youngest ? youngest : self.birthdate;
  if (oldest && pivot <= oldest) pivot = yearsBefore(now, bucket.max ?? bucket.min);
  const rows = await nearestInAge(ctx, where, pivot, self.country, MATCH_FINDER_RESULTS);
  return rows.map((row) => toProfileCard(row, ctx));
}
