/**
 * Likes and matches, the daily limits (with the test clock), the swipe game, the match
 * finder and the auto-like of the like modal (SPEC §2.6 'Like modal', §2.7 'Likes',
 * 'Swipe game', 'Match finder', §4 Likes, §8 'Likes and swipes', §9). Every rule is asked
 * by the member it is about; tests that compare whole candidate lists each use their own site.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  deleteLike,
  getAutoLike,
  getLikes,
  getMatchFinder,
  getSwipe,
  postLike,
  postSwipe,
  type MatchFinderAnswers,
} from '#src/contract/likes.ts';
import { getMember, postBlock } from '#src/contract/members.ts';
import { accounts, blocks, likes, photos, profiles, swipes } from '#src/server/db/schema.ts';
import { FIXED_NOW, call, callError, createTestApp, createTestMember, seedSiteData, type TestApp } from './harness.ts';

const HOUR = 3_600_000;

interface MemberInit {
  /** The site (default 'default'): tests comparing whole candidate lists each use their own. */
  site?: string;
  gender?: 'male' | 'female';
  seeking?: 'male' | 'female';
  birthdate?: string;
  country?: 'NL' | 'BE' | 'DE';
  withPhoto?: boolean;
  paid?: boolean;
  invisible?: boolean;
  privacy?: boolean;
  bodyType?: 'slim' | 'normal' | 'fat';
}

let counter = 0;

async function member(t: TestApp, init: MemberInit = {}) {
  const site = init.site ?? 'default';
  const created = await createTestMember(t, {
    siteId: site,
    gender: init.gender ?? 'female',
    seeking: init.seeking ?? 'male',
    birthdate: init.birthdate ?? '1980-04-12',
    country: init.country ?? 'NL',
    photos: init.withPhoto === false ? [] : [{ key: 'likestestkey', status: 'active' }],
  });
  if (init.paid) await t.db.update(accounts).set({ paidUser: true }).where(eq(accounts.id, created.accountId));
  await t.db
    .update(profiles)
    .set({ invisible: init.invisible ?? false, privacyMode: init.privacy ?? false, bodyType: init.bodyType ?? null })
    .where(eq(profiles.id, created.profileId));
  return { ...created, session: await t.login(created.accountId), host: `${site}.localhost` };
}

type Member = Awaited<ReturnType<typeof member>>;

/** A fictional chat pal (no account), active, with an active profile image unless told. */
async function pal(
  t: TestApp,
  init: { site?: string; gender?: 'male' | 'female'; birthdate?: string; withPhoto?: boolean } = {},
) {
  counter += 1;
  const publicId = `pal${counter}x${Date.now().toString(36)}`.slice(0, 16);
  const [row] = await t.db
    .insert(profiles)
    .values({
      publicId,
      siteId: init.site ?? 'default',
      type: 'fictional',
      status: 'active',
      name: `Pal${counter}`,
      gender: init.gender ?? 'male',
      birthdate: init.birthdate ?? '1980-01-01',
      country: 'NL',
    })
    .returning({ id: profiles.id });
  if (!row) throw new Error('no pal');
  if (init.withPhoto !== false) {
    const [photo] = await t.db
      .insert(photos)
      .values({
        publicId: `${publicId}p`.slice(0, 16),
        profileId: row.id,
        storageKey: 'likestestkey',
        width: 800,
        height: 800,
        thumbWidth: 200,
        thumbHeight: 200,
        status: 'active',
      })
      .returning({ id: photos.id });
    await t.db.update(profiles).set({ mainPhotoId: photo?.id }).where(eq(profiles.id, row.id));
  }
  return { profileId: row.id, publicId };
}

/** The member's session and site, in a language when told. */
const as = (viewer: Member, locale?: string) => ({
  session: viewer.session,
  host: viewer.host,
  ...(locale ? { cookies: { locale } } : {}),
});

const like = (t: TestApp, viewer: Member, target: { publicId: string }, locale?: string) =>
  call(t, postLike, { ...as(viewer, locale), body: { profile: target.publicId } });
const likeError = (t: TestApp, viewer: Member, target: { publicId: string }, locale?: string) =>
  callError(t, postLike, { ...as(viewer, locale), body: { profile: target.publicId } });
const unlike = (t: TestApp, viewer: Member, target: { publicId: string }) =>
  call(t, deleteLike, { ...as(viewer), body: { profile: target.publicId } });
const likesOf = (t: TestApp, viewer: Member) => call(t, getLikes, as(viewer));
const swipeGame = (t: TestApp, viewer: Member) => call(t, getSwipe, as(viewer));
const swipe = (t: TestApp, viewer: Member, target: { publicId: string }, decision: 'yes' | 'no', locale?: string) =>
  call(t, postSwipe, { ...as(viewer, locale), body: { profile: target.publicId, decision } });
const swipeError = (
  t: TestApp,
  viewer: Member,
  target: { publicId: string },
  decision: 'yes' | 'no',
  locale?: string,
) => callError(t, postSwipe, { ...as(viewer, locale), body: { profile: target.publicId, decision } });
const block = (t: TestApp, viewer: Member, target: { publicId: string }) =>
  call(t, postBlock, { ...as(viewer), body: { profile: target.publicId } });

async function likeRows(t: TestApp, liker: { profileId: number }, liked: { profileId: number }) {
  return t.db
    .select()
    .from(likes)
    .where(and(eq(likes.likerId, liker.profileId), eq(likes.likedId, liked.profileId)));
}

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await seedSiteData(t);
});

afterEach(() => {
  t.clock.now = new Date(FIXED_NOW);
});

afterAll(async () => {
  await t.close();
});

describe('visitors', () => {
  it('get 403 authentication_required on every call', async () => {
    const target = await member(t);
    const profile = { profile: target.publicId };
    const refusals = [
      await callError(t, getLikes),
      await callError(t, postLike, { body: profile }),
      await callError(t, deleteLike, { body: profile }),
      await callError(t, getSwipe),
      await callError(t, postSwipe, { body: { ...profile, decision: 'yes' } }),
      await callError(t, getMatchFinder, { query: { age: '18-35', appearance: 'normal', race: 'white' } }),
      await callError(t, getAutoLike),
    ];
    for (const refused of refusals) expect(refused).toMatchObject({ status: 403, code: 'authentication_required' });
    expect(await t.db.select().from(likes).where(eq(likes.likedId, target.profileId))).toHaveLength(0);
  });
});

describe('like and unlike', () => {
  it('likes a profile once: liking again is not a second like and costs nothing', async () => {
    const me = await member(t, { gender: 'male', seeking: 'female' });
    const her = await member(t);
    const answer = await like(t, me, her);
    expect(answer).toMatchObject({ match: false, likes_left: 3 });
    expect(answer.profile).toMatchObject({ id: her.publicId, did_like_profile: true, liked_by_profile: false });

    const again = await like(t, me, her);
    expect(again).toMatchObject({ match: false, likes_left: 3 });
    expect(await likeRows(t, me, her)).toHaveLength(1);

    // She sees the new like, and it counts for her nav badge.
    const hers = await likesOf(t, her);
    expect(hers.liked_by.map((p) => [p.id, p.like_new])).toEqual([[me.publicId, true]]);
    expect(hers.total_new_likes).toBe(1);
    expect((await likesOf(t, me)).profiles.map((p) => p.id)).toEqual([her.publicId]);
  });

  it('tells the liked member’s open pages at once: a counters event with the new likes, once', async () => {
    const me = await member(t, { gender: 'male', seeking: 'female' });
    const her = await member(t);
    const before = await t.deps.events.latestId(her.accountId);
    await like(t, me, her);
    await like(t, me, her);
    const events = await t.deps.events.replay(her.accountId, before, 10);
    expect(events.map((e) => e.event)).toEqual([{ type: 'counters', data: { total_unread: 0, total_new_likes: 1 } }]);
    expect(await t.deps.events.replay(me.accountId, 0, 10)).toEqual([]);
  });

  it('is a match when the other had liked first, whichever of the two likes second', async () => {
    const a = await member(t, { gender: 'male', seeking: 'female' });
    const b = await member(t);
    expect((await like(t, a, b)).match).toBe(false);
    const second = await like(t, b, a);
    expect(second.match).toBe(true);
    expect(second.profile).toMatchObject({ did_like_profile: true, liked_by_profile: true });
    // Both lists of each hold the other: a match.
    const aLikes = await likesOf(t, a);
    expect(aLikes.profiles.map((p) => p.id)).toEqual([b.publicId]);
    expect(aLikes.liked_by.map((p) => p.id)).toEqual([b.publicId]);
    expect(aLikes.liked_by[0]).toMatchObject({ did_like_profile: true, liked_by_profile: true });

    const c = await member(t, { gender: 'male', seeking: 'female' });
    const d = await member(t);
    expect((await like(t, d, c)).match).toBe(false);
    expect((await like(t, c, d)).match).toBe(true);
  });

  it('unlikes without giving the like back; liking the same profile again that day costs nothing', async () => {
    const me = await member(t, { gender: 'male', seeking: 'female' });
    const her = await member(t);
    const other = await member(t);
    await like(t, me, her);
    expect(await unlike(t, me, her)).toEqual({ ok: true, likes_left: 3 });
    expect(await likeRows(t, me, her)).toHaveLength(0);
    expect((await likesOf(t, me)).profiles).toEqual([]);
    expect((await likesOf(t, her)).liked_by).toEqual([]);

    expect((await like(t, me, her)).likes_left).toBe(3);
    expect((await like(t, me, other)).likes_left).toBe(2);
    // Unliking what was never liked, or an unknown profile, is fine.
    expect(await unlike(t, her, me)).toMatchObject({ ok: true });
    expect(await unlike(t, me, { publicId: 'nobodynobody' })).toMatchObject({ ok: true });
  });

  it('answers 404 for oneself, an unknown profile and another site’s profile', async () => {
    const me = await member(t, { gender: 'male', seeking: 'female' });
    for (const target of [me, { publicId: 'nobodynobody' }]) {
      expect(await likeError(t, me, target)).toMatchObject({ status: 404, code: 'not_found' });
    }
    const elsewhere = await createTestMember(t, { siteId: 'she', gender: 'female', seeking: 'male' });
    expect((await likeError(t, me, elsewhere)).status).toBe(404);
    expect((await likesOf(t, me)).likes_left).toBe(4);
  });
});

describe('the daily like limit', () => {
  it('allows 4 likes in 24 hours, refuses the 5th with the hours left, and allows it when the first is a day old', async () => {
    const me = await member(t, { gender: 'male', seeking: 'female' });
    const targets = await Promise.all([1, 2, 3, 4, 5, 6].map(() => member(t)));
    const start = FIXED_NOW.getTime();
    for (const [i, target] of targets.slice(0, 4).entries()) {
      t.clock.now = new Date(start + i * HOUR);
      expect((await like(t, me, target)).likes_left).toBe(3 - i);
    }
    // 4.5 hours after the first like: the first frees up in 19.5 hours, said as 20.
    t.clock.now = new Date(start + 4.5 * HOUR);
    const error = await likeError(t, me, targets[4]!);
    expect(error.status).toBe(429);
    expect(error.code).toBe('daily_limit');
    expect(error.message).toBe('You can give out 4 Likes per day. You can like again in 20 hours.');
    expect(await likeRows(t, me, targets[4]!)).toHaveLength(0);
    const german = await likeError(t, me, targets[4]!, 'de');
    expect(german.message).toBe('Du kannst 4 Likes pro Tag vergeben. In 20 Stunden kannst du wieder liken.');
    expect(await likesOf(t, me)).toMatchObject({ likes_left: 0, next_like_in_hours: 20 });

    // Unliking does not give the like back; liking an already liked profile is still fine.
    await unlike(t, me, targets[3]!);
    expect((await likeError(t, me, targets[4]!)).status).toBe(429);
    await like(t, me, targets[0]!);

    t.clock.now = new Date(start + 23.5 * HOUR);
    expect((await likeError(t, me, targets[4]!)).message).toContain('in 1 hour.');

    t.clock.now = new Date(start + 24 * HOUR);
    expect((await like(t, me, targets[4]!)).likes_left).toBe(0);
    expect((await likeError(t, me, targets[5]!)).status).toBe(429);
  });

  it('is the same for premium members', async () => {
    const me = await member(t, { gender: 'male', seeking: 'female', paid: true });
    const targets = await Promise.all([1, 2, 3, 4, 5].map(() => member(t)));
    for (const target of targets.slice(0, 4)) await like(t, me, target);
    expect((await likeError(t, me, targets[4]!)).status).toBe(429);
  });
});

describe('GET /api/likes.php', () => {
  it('lists received likes new first, then newest first; opening a profile clears its new like', async () => {
    const me = await member(t, { gender: 'male', seeking: 'female' });
    const [c, d, e] = await Promise.all([member(t), member(t), member(t)]);
    const start = FIXED_NOW.getTime();
    for (const [i, liker] of [c, d, e].entries()) {
      t.clock.now = new Date(start + i * HOUR);
      await like(t, liker, me);
    }
    t.clock.now = new Date(start + 5 * HOUR);
    await like(t, me, c);
    t.clock.now = new Date(start + 6 * HOUR);
    await like(t, me, e);

    await call(t, getMember, { ...as(me), query: { id: d.publicId } });
    const data = await likesOf(t, me);
    expect(data.liked_by.map((p) => [p.id, p.like_new])).toEqual([
      [e.publicId, true],
      [c.publicId, true],
      [d.publicId, false],
    ]);
    expect(data.total_new_likes).toBe(2);
    expect(data.profiles.map((p) => p.id)).toEqual([e.publicId, c.publicId]);
    expect(data.likes_left).toBe(2);
    expect(data.next_like_in_hours).toBeNull();
    const text = JSON.stringify(data);
    expect(text).not.toMatch(/email|"(lat|lon)[a-z_0-9]*":|credits/);
  });

  it('never shows a blocked pair, even a like stored around the block', async () => {
    const me = await member(t, { gender: 'male', seeking: 'female' });
    const blocker = await member(t);
    const blocked = await member(t);
    await like(t, blocker, me);
    await like(t, me, blocked);
    await block(t, blocker, me);
    await block(t, me, blocked);
    // Blocking deleted the likes; stored again behind its back they still do not show.
    await t.db.insert(likes).values([
      { likerId: blocker.profileId, likedId: me.profileId },
      { likerId: me.profileId, likedId: blocked.profileId },
    ]);
    const mine = await likesOf(t, me);
    expect(mine.liked_by).toEqual([]);
    expect(mine.profiles).toEqual([]);
    expect(mine.total_new_likes).toBe(0);
    expect((await likesOf(t, blocker)).profiles).toEqual([]);
    expect((await likesOf(t, blocked)).liked_by).toEqual([]);
    for (const [a, b] of [
      [me, blocker],
      [blocker, me],
      [me, blocked],
      [blocked, me],
    ] as const) {
      expect((await likeError(t, a, b)).status).toBe(404);
    }
  });
});

describe('invisible and privacy mode', () => {
  it('a hidden member can be liked only once they may be seen: after they liked the viewer', async () => {
    for (const mode of [{ invisible: true }, { privacy: true }]) {
      const me = await member(t, { gender: 'male', seeking: 'female' });
      const hidden = await member(t, mode);
      expect((await likeError(t, me, hidden)).status).toBe(404);
      expect(await likeRows(t, me, hidden)).toHaveLength(0);

      // The hidden member likes first: now the viewer sees them, in likes and to like back.
      await like(t, hidden, me);
      expect((await likesOf(t, me)).liked_by.map((p) => p.id)).toEqual([hidden.publicId]);
      const back = await like(t, me, hidden);
      expect(back.match).toBe(true);
    }
  });

  it('lists a liked member who went into privacy mode no more, unless they liked back', async () => {
    const me = await member(t, { gender: 'male', seeking: 'female' });
    const her = await member(t);
    await like(t, me, her);
    await t.db.update(profiles).set({ privacyMode: true }).where(eq(profiles.id, her.profileId));
    expect((await likesOf(t, me)).profiles).toEqual([]);
    // She still sees his like, and liking him back makes her visible to him again.
    expect((await likesOf(t, her)).liked_by.map((p) => p.id)).toEqual([me.publicId]);
    await like(t, her, me);
    expect((await likesOf(t, me)).profiles.map((p) => p.id)).toEqual([her.publicId]);
  });
});

describe('the swipe game', () => {
  it('offers profiles of the sought gender with a photo, visible and listed, not yet swiped or liked', async () => {
    const site = 'she';
    const me = await member(t, { site, gender: 'male', seeking: 'female', birthdate: '1990-01-01' });
    const near = await member(t, { site, birthdate: '1991-01-01' });
    const far = await member(t, { site, birthdate: '1970-01-01' });
    const abroad = await member(t, { site, birthdate: '1990-01-01', country: 'BE' });
    const elsewhere = await member(t, { site, birthdate: '1990-01-01', country: 'DE' });
    const hidden = [
      await member(t, { site, withPhoto: false }),
      await member(t, { site, gender: 'male', seeking: 'female' }),
      await member(t, { site, invisible: true }),
      await member(t, { site, privacy: true }),
      await member(t, { site }),
      await member(t, { site }),
    ];
    const [, , , , blocker, liked] = hidden;
    await block(t, blocker!, me);
    await like(t, me, liked!);
    const palWithPhoto = await pal(t, { site, gender: 'female', birthdate: '1990-06-01' });
    await pal(t, { site, gender: 'female', withPhoto: false });

    const game = await swipeGame(t, me);
    // Closest in age first, the viewer's country before its neighbour, the site's other
    // countries last (a thin country does not end the game).
    expect(game.profiles.map((p) => p.id)).toEqual([
      palWithPhoto.publicId,
      near.publicId,
      far.publicId,
      abroad.publicId,
      elsewhere.publicId,
    ]);
    expect(game.profiles.every((p) => p.main_image?.match)).toBe(true);
    expect(game).toMatchObject({ swipes_left: 19, likes_left: 3, next_in_hours: null });
  });

  it('remembers a No, counts Yes and No as swipes, and a Yes is a like that can match', async () => {
    const site = 'bdsm';
    const me = await member(t, { site, gender: 'male', seeking: 'female' });
    const [no, yes, fan] = [await member(t, { site }), await member(t, { site }), await member(t, { site })];
    await like(t, fan, me);

    expect(await swipe(t, me, no, 'no')).toEqual({ match: false, swipes_left: 19, likes_left: 4 });
    expect(await likeRows(t, me, no)).toHaveLength(0);

    expect(await swipe(t, me, yes, 'yes')).toEqual({
      match: false,
      swipes_left: 18,
      likes_left: 3,
    });
    expect(await likeRows(t, me, yes)).toHaveLength(1);
    expect((await likesOf(t, yes)).liked_by.map((p) => p.id)).toEqual([me.publicId]);

    expect(await swipe(t, me, fan, 'yes')).toEqual({
      match: true,
      swipes_left: 17,
      likes_left: 2,
    });
    // Swiped and liked profiles are not offered again; deciding again costs nothing.
    expect((await swipeGame(t, me)).profiles).toEqual([]);
    expect(await swipe(t, me, no, 'no')).toMatchObject({ swipes_left: 17 });
    // A No on a profile the member likes leaves the like alone.
    expect(await swipe(t, me, yes, 'no')).toMatchObject({ likes_left: 2 });
    expect(await likeRows(t, me, yes)).toHaveLength(1);
    // A like given on a profile page is a Yes too: it uses a like and a swipe.
    const page = await member(t, { site });
    expect((await like(t, me, page)).likes_left).toBe(1);
    expect(await swipeGame(t, me)).toMatchObject({ swipes_left: 16, likes_left: 1 });
  });

  it('stops after 20 swipes with the hours until it goes on', async () => {
    const site = 'bbw';
    const me = await member(t, { site, gender: 'male', seeking: 'female' });
    const targets: Member[] = [];
    for (let i = 0; i < 21; i++) targets.push(await member(t, { site }));
    const start = FIXED_NOW.getTime();
    for (const [i, target] of targets.slice(0, 20).entries()) {
      t.clock.now = new Date(start + i * 60_000);
      await swipe(t, me, target, 'no');
    }
    t.clock.now = new Date(start + 2 * HOUR);
    const error = await swipeError(t, me, targets[20]!, 'no');
    expect(error.status).toBe(429);
    expect(error.code).toBe('swipe_limit');
    expect(error.message).toBe('You have no swipes left for today. You can swipe again in 22 hours.');
    expect(await swipeGame(t, me)).toEqual({
      profiles: [],
      swipes_left: 0,
      likes_left: 4,
      next_in_hours: 22,
      next_like_in_hours: null,
    });
    const stored = await t.db.select().from(swipes).where(eq(swipes.swiperId, me.profileId));
    expect(stored).toHaveLength(20);

    t.clock.now = new Date(start + 24 * HOUR);
    await swipe(t, me, targets[20]!, 'yes');
  });

  it('goes on with No only when the likes are used up on profile pages, and Yes says the like limit', async () => {
    const site = 'gilf';
    const me = await member(t, { site, gender: 'male', seeking: 'female' });
    const targets: Member[] = [];
    for (let i = 0; i < 7; i++) targets.push(await member(t, { site }));
    for (const target of targets.slice(0, 4)) await like(t, me, target);
    const game = await swipeGame(t, me);
    expect(game).toMatchObject({ swipes_left: 16, likes_left: 0, next_in_hours: null, next_like_in_hours: 24 });
    expect(game.profiles.map((p) => p.id).sort()).toEqual(
      targets
        .slice(4)
        .map((p) => p.publicId)
        .sort(),
    );

    const refused = await swipeError(t, me, targets[4]!, 'yes', 'nl');
    expect(refused.status).toBe(429);
    expect(refused.code).toBe('daily_limit');
    expect(refused.message).toBe('Je kunt 4 likes per dag geven. Over 24 uur kun je weer liken.');
    expect(await likeRows(t, me, targets[4]!)).toHaveLength(0);

    expect(await swipe(t, me, targets[4]!, 'no')).toEqual({ match: false, swipes_left: 15, likes_left: 0 });
    expect((await swipeGame(t, me)).profiles.map((p) => p.id).sort()).toEqual(
      targets
        .slice(5)
        .map((p) => p.publicId)
        .sort(),
    );
    // Liking on a profile page says the like limit too.
    expect((await likeError(t, me, targets[5]!)).code).toBe('daily_limit');
  });

  it('says both are gone only when the swipes and the likes are used up', async () => {
    const site = 'gilf';
    const me = await member(t, { site, gender: 'male', seeking: 'female' });
    const targets: Member[] = [];
    for (let i = 0; i < 21; i++) targets.push(await member(t, { site }));
    for (const target of targets.slice(0, 4)) await like(t, me, target);
    for (const target of targets.slice(4, 20)) await swipe(t, me, target, 'no');
    expect(await swipeGame(t, me)).toEqual({
      profiles: [],
      swipes_left: 0,
      likes_left: 0,
      next_in_hours: 24,
      next_like_in_hours: 24,
    });
    const refused = await swipeError(t, me, targets[20]!, 'no', 'nl');
    expect(refused.code).toBe('swipe_limit');
    expect(refused.message).toBe('Je hebt voor vandaag geen swipes en likes meer. Over 24 uur kun je weer swipen.');
  });

  it('answers 404 for a profile the swiper may not see', async () => {
    const me = await member(t, { gender: 'male', seeking: 'female' });
    const hidden = await member(t, { invisible: true });
    expect((await swipeError(t, me, hidden, 'yes')).status).toBe(404);
    expect(await t.db.select().from(swipes).where(eq(swipes.swiperId, me.profileId))).toHaveLength(0);
    // Raw: a decision the contract does not have.
    const maybe = await t.request('/api/swipe.php', {
      method: 'POST',
      ...as(me),
      json: { profile: hidden.publicId, decision: 'maybe' },
    });
    expect(maybe.status).toBe(400);
  });
});

describe('the match finder', () => {
  it('filters by age bucket and appearance, ignores race, and shows only the sought gender, visible, with a photo', async () => {
    const site = 'milf';
    const me = await member(t, { site, gender: 'male', seeking: 'female', birthdate: '1985-01-01' });
    // On 2025-06-01: 25, 35 (both buckets), 36, 50.
    const young = await member(t, { site, birthdate: '2000-01-01', bodyType: 'slim' });
    const thirtyFive = await member(t, { site, birthdate: '1990-01-01', bodyType: 'normal' });
    const older = await member(t, { site, birthdate: '1989-01-01', bodyType: 'fat' });
    const fifty = await member(t, { site, birthdate: '1975-01-01' });
    await member(t, { site, birthdate: '1995-01-01', withPhoto: false });
    await member(t, { site, birthdate: '1995-01-01', invisible: true });
    await member(t, { site, birthdate: '1995-01-01', gender: 'male', seeking: 'female' });

    const find = async (query: MatchFinderAnswers) =>
      (await call(t, getMatchFinder, { ...as(me), query })).profiles.map((p) => p.id);
    // Closest to the viewer's own age (40), moved into the bucket, first.
    expect(await find({ age: '18-35', appearance: 'normal', race: 'white' })).toEqual([
      thirtyFive.publicId,
      young.publicId,
    ]);
    expect(await find({ age: '35+', appearance: 'normal', race: 'other' })).toEqual([
      older.publicId,
      thirtyFive.publicId,
      fifty.publicId,
    ]);
    // Sexy: a stated slim or average body type.
    expect(await find({ age: '35+', appearance: 'sexy', race: 'white' })).toEqual([thirtyFive.publicId]);
    expect(await find({ age: '18-35', appearance: 'sexy', race: 'other' })).toEqual([
      thirtyFive.publicId,
      young.publicId,
    ]);

    // Raw: answers the questionnaire does not offer.
    const invalid = await t.request('/api/match-finder.php?age=20-30&appearance=normal&race=white', as(me));
    expect(invalid.status).toBe(400);
    expect((await t.request('/api/match-finder.php', as(me))).status).toBe(400);
  });
});

describe('GET /api/auto-like.php', () => {
  it('has a fictional pal like the member: once a day, with the image of the like modal', async () => {
    const site = 'gay';
    const me = await member(t, { site, gender: 'female', seeking: 'male', birthdate: '1990-01-01' });
    const blockedPal = await pal(t, { site, birthdate: '1990-01-01' });
    await block(t, me, blockedPal);
    await pal(t, { site, birthdate: '1990-01-01', withPhoto: false });
    await pal(t, { site, birthdate: '1990-01-01', gender: 'female' });
    await member(t, { site, gender: 'male', seeking: 'female', birthdate: '1990-01-01' });
    const first = await pal(t, { site, birthdate: '1988-01-01' });
    const second = await pal(t, { site, birthdate: '1970-01-01' });

    const { profile } = await call(t, getAutoLike, as(me));
    expect(profile).toMatchObject({ id: first.publicId, type: 'fictional', like_new: true, liked_by_profile: true });
    expect(profile.main_image?.match).toContain('v=match');
    expect(await likeRows(t, first, me)).toHaveLength(1);
    expect((await likesOf(t, me)).liked_by.map((p) => [p.id, p.like_new])).toEqual([[first.publicId, true]]);

    // Asked again the same day: the same pal, no second like.
    t.clock.now = new Date(FIXED_NOW.getTime() + 23 * HOUR);
    expect((await call(t, getAutoLike, as(me))).profile.id).toBe(first.publicId);
    expect((await likesOf(t, me)).liked_by).toHaveLength(1);

    // A day later: the next pal that had not liked her yet.
    t.clock.now = new Date(FIXED_NOW.getTime() + 25 * HOUR);
    expect((await call(t, getAutoLike, as(me))).profile.id).toBe(second.publicId);
    // Then there is none left.
    t.clock.now = new Date(FIXED_NOW.getTime() + 50 * HOUR);
    expect(await callError(t, getAutoLike, as(me))).toMatchObject({ status: 404, code: 'not_found' });
    expect(await t.db.select().from(blocks).where(eq(blocks.blockerId, me.profileId))).toHaveLength(1);
    expect(await likeRows(t, blockedPal, me)).toHaveLength(0);
  });
});
