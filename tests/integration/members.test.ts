/**
 * Member profile pages, photo files, blocking, invisible and privacy mode (SPEC
 * §2.7 'Member profile', §4 Blocking / Invisible mode / Privacy mode, §6 photo rights).
 * Every rule is asked by the viewer it is about: free, premium, blocked, logged out.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHOTO_URL_VARIANTS } from '#src/contract/photos.ts';
import { blockedAnswer, getBlocks, getMember } from '#src/contract/members.ts';
import { putPrivacy } from '#src/contract/profile.ts';
import {
  accounts,
  blocks,
  conversations,
  likes,
  messages,
  photos,
  profiles,
  sites as siteRows,
} from '#src/server/db/schema.ts';
import {
  createTestApp,
  createTestMember,
  answerOf,
  call,
  callError,
  seedSiteData,
  writeTestPhotoFiles,
  type TestApp,
  errorAnswerOf,
} from './harness.ts';
import { setSiteSettings, writeSiteData } from './accounts-helpers.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await seedSiteData(t);
});

afterAll(async () => {
  await t.close();
});

interface MemberInit {
  paid?: boolean;
  invisible?: boolean;
  privacy?: boolean;
  site?: string;
  status?: 'not_confirmed' | 'confirmed';
  /** Photos after the main one: premium-only or not. */
  extraPhotos?: { premium: boolean; status?: 'active' | 'being_inspected' }[];
  withPhoto?: boolean;
  gender?: 'male' | 'female';
  country?: 'NL' | 'BE' | 'DE';
}

async function member(init: MemberInit = {}) {
  const list: { key: string; status: 'active' | 'being_inspected'; premium?: boolean }[] = [];
  if (init.withPhoto !== false) list.push({ key: await writeTestPhotoFiles(t), status: 'active' });
  for (const extra of init.extraPhotos ?? [])
    list.push({ key: await writeTestPhotoFiles(t), status: extra.status ?? 'active', premium: extra.premium });
  const created = await createTestMember(t, {
    photos: list,
    siteId: init.site ?? 'default',
    status: init.status ?? 'confirmed',
    gender: init.gender ?? 'female',
    country: init.country ?? 'NL',
  });
  if (init.paid) await t.db.update(accounts).set({ paidUser: true }).where(eq(accounts.id, created.accountId));
  if (init.invisible || init.privacy) {
    await t.db
      .update(profiles)
      .set({ invisible: init.invisible ?? false, privacyMode: init.privacy ?? false })
      .where(eq(profiles.id, created.profileId));
  }
  const photoRows = await t.db
    .select()
    .from(photos)
    .where(eq(photos.profileId, created.profileId))
    .orderBy(photos.position);
  return {
    ...created,
    photos: photoRows,
    session: await t.login(created.accountId),
    host: `${init.site ?? 'default'}.localhost`,
  };
}

type Member = Awaited<ReturnType<typeof member>>;

function page(viewer: Member | null, target: { publicId: string }, host = viewer?.host ?? 'default.localhost') {
  return t.request(`/api/member.php?id=${target.publicId}`, {
    host,
    ...(viewer ? { session: viewer.session } : {}),
  });
}

async function file(
  viewer: Member | null,
  photoId: string,
  variant: string,
  host = viewer?.host ?? 'default.localhost',
) {
  const response = await t.request(`/api/photo.php?id=${photoId}&v=${variant}`, {
    host,
    ...(viewer ? { session: viewer.session } : {}),
  });
  return { status: response.status, body: await response.text(), headers: response.headers };
}

describe('GET /api/member.php', () => {
  it('shows a profile with its photos, details limited to visible_profile_fields, and no private data', async () => {
    const viewer = await member();
    const target = await member({ extraPhotos: [{ premium: false }] });
    await t.db
      .update(profiles)
      .set({ aboutMe: 'I love long walks', hairColor: 'red', lat: 52370, lon: 4890 })
      .where(eq(profiles.id, target.profileId));
    const response = await page(viewer, target);
    expect(response.status).toBe(200);
    const text = await response.clone().text();
    const { profile } = await answerOf(getMember, response);
    expect(profile).toMatchObject({
      id: target.publicId,
      age: 45,
      type: 'member',
      city: 'Amsterdam',
      hair_color: 'red',
      about_me: 'I love long walks',
      blocked_by_me: false,
    });
    // The default site lists city and personal fields, not the country or region.
    expect(profile).not.toHaveProperty('country');
    expect(profile).not.toHaveProperty('countryregion');
    expect(profile.photos).toHaveLength(2);
    expect(profile.photos.every((p) => !p.locked && p.url.includes('v=full'))).toBe(true);
    expect(profile.main_image?.thumb_filename).toBe(`/api/photo.php?id=${target.photos[0]?.publicId}&v=thumb`);

    const [account] = await t.db.select().from(accounts).where(eq(accounts.id, target.accountId));
    for (const secret of [account?.email, '52370', '4890', 'storage', target.photos[0]?.storageKey]) {
      expect(text).not.toContain(`${secret}`);
    }
    expect(text).not.toMatch(/credits|email|"(lat|lon)[a-z_0-9]*":/);
    // Internal row ids never leave the server; the public ids are random.
    expect(text).not.toMatch(new RegExp(`"id":"?${target.profileId}[",]`));
  });

  it('follows the site settings: country and region by code when listed, about me gone when not', async () => {
    const viewer = await member();
    const target = await member();
    await t.db.update(profiles).set({ aboutMe: 'hidden text' }).where(eq(profiles.id, target.profileId));
    const [row] = await t.db.select().from(siteRows).where(eq(siteRows.id, 'default'));
    const original = row?.settings ?? {};
    await setSiteSettings(t, 'default', { visible_profile_fields: ['country', 'countryregion'] });
    try {
      const { profile } = await answerOf(getMember, await page(viewer, target));
      expect(profile.country).toBe('NL');
      expect(profile.countryregion).toEqual(expect.any(Number));
      expect(profile).not.toHaveProperty('city');
      expect(profile).not.toHaveProperty('about_me');
      expect(JSON.stringify(profile)).not.toContain('hidden text');
    } finally {
      await writeSiteData(t, () => t.db.update(siteRows).set({ settings: original }).where(eq(siteRows.id, 'default')));
    }
  });

  it('locks premium-only photos for a free viewer (blurred URL only) and shows them to a premium viewer', async () => {
    const target = await member({ extraPhotos: [{ premium: true }] });
    const premiumPhoto = target.photos[1];
    if (!premiumPhoto) throw new Error('no premium photo');

    const free = await member();
    const freePage = await answerOf(getMember, await page(free, target));
    const locked = freePage.profile.photos.find((p) => p.id === premiumPhoto.publicId);
    expect(locked).toMatchObject({ locked: true, url: `/api/photo.php?id=${premiumPhoto.publicId}&v=blur` });
    expect(JSON.stringify(freePage)).not.toContain(`${premiumPhoto.publicId}&v=full`);
    expect(JSON.stringify(freePage)).not.toContain(`${premiumPhoto.publicId}&v=thumb`);
    // The file endpoint checks the viewer, not the URL: the full image is refused.
    expect((await file(free, premiumPhoto.publicId, 'full')).status).toBe(404);
    expect((await file(free, premiumPhoto.publicId, 'thumb')).status).toBe(404);
    const blurred = await file(free, premiumPhoto.publicId, 'blur');
    expect(blurred.status).toBe(200);
    expect(blurred.body).toBe(`${premiumPhoto.storageKey}:blur`);
    expect(blurred.headers.get('content-type')).toBe('image/jpeg');
    expect(blurred.headers.get('cache-control')).toBe('private, max-age=600');

    const premium = await member({ paid: true });
    const premiumPage = await answerOf(getMember, await page(premium, target));
    expect(premiumPage.profile.photos.find((p) => p.id === premiumPhoto.publicId)).toMatchObject({
      locked: false,
      url: `/api/photo.php?id=${premiumPhoto.publicId}&v=full`,
    });
    expect((await file(premium, premiumPhoto.publicId, 'full')).body).toBe(`${premiumPhoto.storageKey}:full`);
  });

  it('never shows photos being inspected to others, and the owner sees them', async () => {
    const target = await member({ extraPhotos: [{ premium: false, status: 'being_inspected' }] });
    const inspected = target.photos[1];
    if (!inspected) throw new Error('no photo');
    const viewer = await member({ paid: true });
    const { profile } = await answerOf(getMember, await page(viewer, target));
    expect(profile.photos.map((p) => p.id)).not.toContain(inspected.publicId);
    expect((await file(viewer, inspected.publicId, 'full')).status).toBe(404);
    expect((await file(target, inspected.publicId, 'full')).status).toBe(200);
  });

  it('gives visitors only the thumbnail and match image of a main photo', async () => {
    const target = await member({ extraPhotos: [{ premium: false }] });
    const [main, other] = target.photos;
    if (!main || !other) throw new Error('no photos');
    expect((await page(null, target)).status).toBe(403);
    expect((await file(null, main.publicId, 'thumb')).status).toBe(200);
    expect((await file(null, main.publicId, 'match')).status).toBe(200);
    expect((await file(null, main.publicId, 'full')).status).toBe(404);
    expect((await file(null, other.publicId, 'thumb')).status).toBe(404);
    for (const variant of [...PHOTO_URL_VARIANTS, 'original', '../x']) {
      expect((await file(null, 'doesnotexist01', variant)).status).toBe(404);
    }
  });

  it('keeps sites apart: a profile or photo of another site is not found', async () => {
    const target = await member({ site: 'bdsm' });
    const viewer = await member();
    expect((await page(viewer, target)).status).toBe(404);
    const photoId = target.photos[0]?.publicId ?? '';
    expect((await file(viewer, photoId, 'thumb')).status).toBe(404);
    // The viewer's session does not carry to the other site's host.
    expect((await page(viewer, target, 'bdsm.localhost')).status).toBe(403);
  });

  it('lets moderators see photos being inspected on every site, and nobody else', async () => {
    const target = await member({
      site: 'bdsm',
      withPhoto: false,
      extraPhotos: [{ premium: true, status: 'being_inspected' }],
    });
    const photo = target.photos[0];
    if (!photo) throw new Error('no photo');
    const moderator = await createTestMember(t, { role: 'moderator' });
    const session = await t.login(moderator.accountId);
    const asModerator = await t.request(`/api/photo.php?id=${photo.publicId}&v=full`, { session });
    expect(asModerator.status).toBe(200);
    expect(await asModerator.text()).toBe(`${photo.storageKey}:full`);
    const premiumMember = await member({ site: 'bdsm', paid: true });
    expect((await file(premiumMember, photo.publicId, 'full')).status).toBe(404);
  });

  it('does not show unconfirmed members, and 404s unknown ids', async () => {
    const viewer = await member();
    const unconfirmed = await member({ status: 'not_confirmed' });
    expect((await page(viewer, unconfirmed)).status).toBe(404);
    expect((await page(viewer, { publicId: 'zzzzzzzzzzzz' })).status).toBe(404);
  });

  it('clears the new-like marker of the opened profile and shows the like icons', async () => {
    const viewer = await member();
    const target = await member();
    await t.db.insert(likes).values({ likerId: target.profileId, likedId: viewer.profileId });
    await t.db.insert(likes).values({ likerId: viewer.profileId, likedId: target.profileId });
    const { profile } = await answerOf(getMember, await page(viewer, target));
    expect(profile).toMatchObject({ did_like_profile: true, liked_by_profile: true, like_new: false });
    const [like] = await t.db
      .select()
      .from(likes)
      .where(and(eq(likes.likerId, target.profileId), eq(likes.likedId, viewer.profileId)));
    expect(like?.seenAt).not.toBeNull();
  });

  it('shows the fictional type of a chat pal', async () => {
    const viewer = await member();
    const [pal] = await t.db
      .insert(profiles)
      .values({
        publicId: 'palpalpalpal',
        siteId: 'default',
        type: 'fictional',
        status: 'active',
        name: 'Pal',
        gender: 'female',
        birthdate: '1990-01-01',
        country: 'NL',
      })
      .returning();
    if (!pal) throw new Error('no pal');
    const { profile } = await answerOf(getMember, await page(viewer, pal));
    expect(profile.type).toBe('fictional');
  });

  it('lists related profiles of the same gender and country, closest in age, never hidden ones', async () => {
    const viewer = await member({ country: 'DE' });
    const target = await member({ country: 'DE', gender: 'male' });
    const near = await member({ country: 'DE', gender: 'male' });
    const hidden = await member({ country: 'DE', gender: 'male', invisible: true });
    const privacy = await member({ country: 'DE', gender: 'male', privacy: true });
    const otherGender = await member({ country: 'DE', gender: 'female' });
    const { related } = await answerOf(getMember, await page(viewer, target));
    const ids = related.map((r) => r.id);
    expect(ids).toContain(near.publicId);
    for (const excluded of [target, hidden, privacy, otherGender, viewer]) expect(ids).not.toContain(excluded.publicId);
  });
});

describe('blocking', () => {
  it('blocks: the blocked member gets the blocked message, chats and likes between them are gone', async () => {
    const blocker = await member();
    const blocked = await member();
    await t.db.insert(likes).values([
      { likerId: blocker.profileId, likedId: blocked.profileId },
      { likerId: blocked.profileId, likedId: blocker.profileId },
    ]);
    const [low, high] = [blocker.profileId, blocked.profileId].sort((a, b) => a - b) as [number, number];
    await t.db.insert(conversations).values({
      publicId: `conv${low}x${high}`.slice(0, 16),
      profileLow: low,
      profileHigh: high,
      startedBy: blocked.profileId,
    });

    const response = await t.request('/api/block.php', {
      method: 'POST',
      session: blocker.session,
      json: { profile: blocked.publicId },
    });
    expect(response.status).toBe(200);
    // Twice is fine.
    expect(
      (
        await t.request('/api/block.php', {
          method: 'POST',
          session: blocker.session,
          json: { profile: blocked.publicId },
        })
      ).status,
    ).toBe(200);

    const asBlocked = await page(blocked, blocker);
    expect(asBlocked.status).toBe(403);
    const answer = blockedAnswer.parse(await asBlocked.json());
    const [blockerProfile] = await t.db.select().from(profiles).where(eq(profiles.id, blocker.profileId));
    expect(answer.error).toEqual({
      code: 'blocked',
      message: `You're blocked by ${blockerProfile?.name}. You do not have access to this page.`,
    });
    expect(answer.blocked_by).toBe(blockerProfile?.name);
    // Nor its photos.
    expect((await file(blocked, blocker.photos[0]?.publicId ?? '', 'thumb')).status).toBe(404);

    // The blocker sees the profile only as blocked (to unblock it), without photos or details.
    const asBlocker = await answerOf(getMember, await page(blocker, blocked));
    expect(asBlocker.profile).toMatchObject({ blocked_by_me: true, photos: [], main_image: null });
    expect(asBlocker.related).toEqual([]);
    expect((await file(blocker, blocked.photos[0]?.publicId ?? '', 'thumb')).status).toBe(404);

    const remainingLikes = await t.db.select().from(likes).where(eq(likes.likerId, blocked.profileId));
    expect(remainingLikes.filter((l) => l.likedId === blocker.profileId)).toEqual([]);
    expect(await t.db.select().from(conversations).where(eq(conversations.profileLow, low))).toEqual([]);

    // The list in settings, and unblocking.
    const list = await call(t, getBlocks, { session: blocker.session });
    expect(list.profiles.map((p) => p.id)).toEqual([blocked.publicId]);
    expect((await call(t, getBlocks, { session: blocked.session })).profiles).toEqual([]);
    const unblock = await t.request('/api/block.php', {
      method: 'DELETE',
      session: blocker.session,
      json: { profile: blocked.publicId },
    });
    expect(unblock.status).toBe(200);
    expect((await page(blocked, blocker)).status).toBe(200);
    expect(await t.db.select().from(blocks).where(eq(blocks.blockerId, blocker.profileId))).toEqual([]);
  });

  it('refuses to block oneself, unknown profiles and visitors', async () => {
    const m = await member();
    expect(
      (await t.request('/api/block.php', { method: 'POST', session: m.session, json: { profile: m.publicId } })).status,
    ).toBe(404);
    expect(
      (await t.request('/api/block.php', { method: 'POST', session: m.session, json: { profile: 'nobody000000' } }))
        .status,
    ).toBe(404);
    const other = await member();
    const visitor = await t.request('/api/block.php', { method: 'POST', json: { profile: other.publicId } });
    expect(visitor.status).toBe(403);
    expect((await errorAnswerOf(visitor)).error.code).toBe('authentication_required');
  });

  it('hides blocked members from related profiles in both directions', async () => {
    const viewer = await member({ country: 'BE' });
    const target = await member({ country: 'BE', gender: 'male' });
    const blockedOne = await member({ country: 'BE', gender: 'male' });
    const blockerOne = await member({ country: 'BE', gender: 'male' });
    await t.db.insert(blocks).values([
      { blockerId: viewer.profileId, blockedId: blockedOne.profileId },
      { blockerId: blockerOne.profileId, blockedId: viewer.profileId },
    ]);
    const { related } = await answerOf(getMember, await page(viewer, target));
    expect(related.map((r) => r.id)).not.toContain(blockedOne.publicId);
    expect(related.map((r) => r.id)).not.toContain(blockerOne.publicId);
  });
});

describe('invisible and privacy mode', () => {
  it('an invisible or privacy-mode member is seen only by members they liked or talk with', async () => {
    for (const mode of ['invisible', 'privacy'] as const) {
      const hidden = await member(mode === 'invisible' ? { invisible: true } : { privacy: true });
      const stranger = await member();
      const liked = await member();
      const partner = await member();
      await t.db.insert(likes).values({ likerId: hidden.profileId, likedId: liked.profileId });
      const [low, high] = [hidden.profileId, partner.profileId].sort((a, b) => a - b) as [number, number];
      const [chat] = await t.db
        .insert(conversations)
        .values({
          publicId: `c${low}_${high}`.slice(0, 16),
          profileLow: low,
          profileHigh: high,
          startedBy: hidden.profileId,
        })
        .returning({ id: conversations.id });
      await t.db.insert(messages).values({
        publicId: `m${low}_${high}`.slice(0, 16),
        conversationId: chat!.id,
        senderId: hidden.profileId,
        kind: 'text',
        body: 'Hello',
      });
      // A chat opened without any message puts nobody in touch.
      const opener = await member();
      const [openLow, openHigh] = [hidden.profileId, opener.profileId].sort((a, b) => a - b) as [number, number];
      await t.db.insert(conversations).values({
        publicId: `o${openLow}_${openHigh}`.slice(0, 16),
        profileLow: openLow,
        profileHigh: openHigh,
        startedBy: opener.profileId,
      });
      expect((await page(opener, hidden)).status, mode).toBe(404);

      expect((await page(stranger, hidden)).status, mode).toBe(404);
      expect((await file(stranger, hidden.photos[0]?.publicId ?? '', 'thumb')).status, mode).toBe(404);
      expect((await file(null, hidden.photos[0]?.publicId ?? '', 'thumb')).status, mode).toBe(404);
      expect((await page(liked, hidden)).status, mode).toBe(200);
      expect((await page(partner, hidden)).status, mode).toBe(200);
      // They still see their own profile.
      expect((await page(hidden, hidden)).status, mode).toBe(200);
    }
  });

  it('PUT /api/privacy.php switches the modes of the caller only', async () => {
    const m = await member();
    expect(await call(t, putPrivacy, { session: m.session, body: { invisible: true } })).toEqual({
      invisible: true,
      privacy_mode: false,
    });
    const both = await call(t, putPrivacy, { session: m.session, body: { privacy_mode: true, invisible: false } });
    expect(both).toEqual({ invisible: false, privacy_mode: true });
    const [row] = await t.db.select().from(profiles).where(eq(profiles.id, m.profileId));
    expect([row?.invisible, row?.privacyMode]).toEqual([false, true]);
    expect((await callError(t, putPrivacy, { body: { invisible: true } })).code).toBe('authentication_required');
  });
});
