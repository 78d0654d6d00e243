/** The like modal's auto-like (SPEC §2.6 'Like modal'): at most one fictional pal's like per rolling day. */
import { and, desc, eq, gt, sql, type SQL } from 'drizzle-orm';
import type { ProfileCard } from '#src/contract/members.ts';
import { DAILY_LIMIT_WINDOW_MS } from '#src/lib/constants.ts';
import { likes, photos, profiles } from '#src/server/db/schema.ts';
import { fail } from '#src/server/http/errors.ts';
import { visibleTo } from '#src/server/features/members/index.ts';
import { lockMember } from './budget.ts';
import { activeMainPhoto, discoverable, loadCard, loadSelf, nearestInAge, type LikesContext } from './candidates.ts';

/**
 * The like modal's auto-like: today's (a like from a fictional pal within the window) when
 * there is one, else a fictional pal of the sought gender with a profile image that had not
 * liked the viewer likes them now, closest in age, the viewer's country first. 404 when none.
 */
export async function autoLike(ctx: LikesContext): Promise<ProfileCard> {
  const { viewer, now } = ctx;
  const me = viewer.profileId;
  const since = new Date(now.getTime() - DAILY_LIMIT_WINDOW_MS);
  const palId = await ctx.db.transaction(async (tx) => {
    await lockMember(tx, me);
    const [today] = await tx
      .select({ id: profiles.id })
      .from(likes)
      .innerJoin(profiles, eq(profiles.id, likes.likerId))
      .innerJoin(photos, activeMainPhoto)
      .where(and(eq(likes.likedId, me), gt(likes.createdAt, since), eq(profiles.type, 'fictional'), visibleTo(viewer)))
      .orderBy(desc(likes.createdAt))
      .limit(1);
    if (today) return today.id;
    const self = await loadSelf(tx, me);
    const where = and(
      discoverable(viewer, self),
      eq(profiles.type, 'fictional'),
      sql`not exists (select 1 from ${likes} where ${likes.likerId} = ${profiles.id} and ${likes.likedId} = ${me})`,
    ) as SQL;
    const [pal] = await nearestInAge({ ...ctx, db: tx }, where, self.birthdate, self.country, 1);
    if (!pal) throw fail('not_found');
    await tx.insert(likes).values({ likerId: pal.profileId, likedId: me, createdAt: now }).onConflictDoNothing();
    return pal.profileId;
  });
  return loadCard(ctx, palId);
}
