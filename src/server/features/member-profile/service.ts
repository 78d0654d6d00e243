/**
 * A member's profile page for a viewer (SPEC §2.7 'Member profile'), related profiles, and
 * blocking (SPEC §4 Blocking). Everything goes through visibility.ts and the DTOs of
 * contract/members.ts: a viewer gets nothing of a profile they may not see.
 */
import { and, asc, desc, eq, gte, isNull, lt, or, sql } from 'drizzle-orm';
import type { BlockedProfile, MemberProfile, ProfileCard } from '#src/contract/members.ts';
import { RELATED_PROFILES_MAX } from '#src/contract/members.ts';
import { photoUrl } from '#src/contract/photos.ts';
import type { Interest, VisibleProfileField } from '#src/lib/constants.ts';
import type { Db } from '#src/server/db/client.ts';
import { blocks, conversations, likes, photos, profileInterests, profiles } from '#src/server/db/schema.ts';
import type { AppDeps } from '#src/server/http/context.ts';
import { fail } from '#src/server/http/errors.ts';
import { chatPhotoKeys, removeChatPhotos } from '#src/server/features/chat/index.ts';
import {
  cardColumns,
  mainPhotoJoin,
  toProfileCard,
  type CardContext,
  blockedBy,
  blockBetween,
  isShownProfile,
  visibleTo,
  type Viewer,
} from '#src/server/features/members/index.ts';

export interface MembersContext extends CardContext {
  db: Db;
  viewer: Viewer;
}

async function findOnSite(db: Db, siteId: string, publicId: string) {
  const [row] = await db
    .select({ id: profiles.id, name: profiles.name, shown: sql<boolean>`${isShownProfile()}` })
    .from(profiles)
    .where(and(eq(profiles.siteId, siteId), eq(profiles.publicId, publicId)))
    .limit(1);
  return row ?? null;
}

/**
 * The profile page of `publicId`: 404 when the viewer may not see it (or it does not exist
 * here), 403 `blocked` when it blocked the viewer. Opening it marks its like as seen.
 */
export async function loadMemberPage(
  ctx: MembersContext,
  publicId: string,
): Promise<{ profile: MemberProfile; related: ProfileCard[] }> {
  const { db, viewer } = ctx;
  const target = await findOnSite(db, viewer.siteId, publicId);
  if (!target || (!target.shown && target.id !== viewer.profileId)) throw fail('not_found');
  const block = await blockBetween(db, viewer.profileId, target.id);
  if (block === 'blocked_me') throw blockedBy(target.name);
  if (block === 'blocked_by_me') return { profile: blockedProfilePage(publicId, target.name), related: [] };

  const own = target.id === viewer.profileId;
  const [row] = await db
    .select({
      ...cardColumns(viewer.profileId),
      gender: profiles.gender,
      sexuality: profiles.sexuality,
      hairColor: profiles.hairColor,
      eyeColor: profiles.eyeColor,
      bodyType: profiles.bodyType,
      relationshipStatus: profiles.relationshipStatus,
      tattoos: profiles.tattoos,
      signupReason: profiles.signupReason,
      aboutMe: profiles.aboutMe,
    })
    .from(profiles)
    .leftJoin(photos, mainPhotoJoin)
    .where(and(eq(profiles.id, target.id), own ? sql`true` : visibleTo(viewer)))
    .limit(1);
  if (!row) throw fail('not_found');

  // Opening a profile clears its new-like marker (SPEC §2.7, §4 Likes).
  if (row.likeNew) {
    await db
      .update(likes)
      .set({ seenAt: ctx.now })
      .where(and(eq(likes.likerId, target.id), eq(likes.likedId, viewer.profileId), isNull(likes.seenAt)));
  }

  const shows = (field: VisibleProfileField) => ctx.visibleFields.includes(field);
  const [photoList, interestRows, related] = await Promise.all([
    loadPhotos(db, target.id, viewer, own),
    shows('interests')
      ? db
          .select({ interest: profileInterests.interest })
          .from(profileInterests)
          .where(eq(profileInterests.profileId, target.id))
      : Promise.resolve([]),
    own ? Promise.resolve([]) : loadRelated(ctx, target.id),
  ]);
  const card = toProfileCard({ ...row, likeNew: false }, ctx);
  const attribute = <T extends string>(field: VisibleProfileField, value: string | null) =>
    shows(field) && value ? { [field]: value as T } : {};
  const profile: MemberProfile = {
    ...card,
    ...attribute('gender', row.gender),
    ...attribute('sexuality', row.sexuality),
    ...attribute('hair_color', row.hairColor),
    ...attribute('eye_color', row.eyeColor),
    ...attribute('body_type', row.bodyType),
    ...attribute('relationship_status', row.relationshipStatus),
    ...attribute('tattoos', row.tattoos),
    ...attribute('signup_reason', row.signupReason),
    ...attribute('about_me', row.aboutMe),
    ...(shows('interests') ? { interests: interestRows.map((r) => r.interest as Interest) } : {}),
    photos: photoList,
    blocked_by_me: false,
  };
  return { profile, related };
}

/** What a blocker still sees of the profile they blocked: enough to recognize and unblock it. */
function blockedProfilePage(publicId: string, name: string): MemberProfile {
  return {
    id: publicId,
    name,
    age: 0,
    type: 'member',
    language: '',
    main_image: null,
    like_new: false,
    did_like_profile: false,
    liked_by_profile: false,
    photos: [],
    blocked_by_me: true,
  };
}

/**
 * The active photos of a profile, the main photo first. Premium-only photos reach a viewer
 * who is not premium as the server-blurred derivative only (`locked`); the owner sees all.
 */
async function loadPhotos(db: Db, profileId: number, viewer: Viewer, own: boolean) {
  const rows = await db
    .select({
      publicId: photos.publicId,
      width: photos.width,
      height: photos.height,
      thumbWidth: photos.thumbWidth,
      thumbHeight: photos.thumbHeight,
      premium: photos.premium,
      isMain: sql<boolean>`${photos.id} = ${profiles.mainPhotoId}`,
    })
    .from(photos)
    .innerJoin(profiles, eq(profiles.id, photos.profileId))
    .where(and(eq(photos.profileId, profileId), eq(photos.status, 'active')))
    .orderBy(desc(sql`${photos.id} = ${profiles.mainPhotoId}`), asc(photos.position), asc(photos.id));
  return rows.map((p) => {
    const locked = p.premium && !p.isMain && !viewer.paid && !own;
    return locked
      ? {
          id: p.publicId,
          url: photoUrl(p.publicId, 'blur'),
          thumb_url: photoUrl(p.publicId, 'blur'),
          width: p.thumbWidth,
          height: p.thumbHeight,
          locked: true,
        }
      : {
          id: p.publicId,
          url: photoUrl(p.publicId, 'full'),
          thumb_url: photoUrl(p.publicId, 'thumb'),
          width: p.width,
          height: p.height,
          locked: false,
        };
  });
}

/**
 * Related profiles: of the same gender and country, closest in age, with a photo first,
 * visible to the viewer and not in invisible mode. Two index-ordered walks from the
 * profile's birthdate (older and younger), so the cost does not grow with the site.
 */
async function loadRelated(ctx: MembersContext, targetId: number): Promise<ProfileCard[]> {
  const { db, viewer } = ctx;
  const [target] = await db
    .select({ gender: profiles.gender, country: profiles.country, birthdate: profiles.birthdate })
    .from(profiles)
    .where(eq(profiles.id, targetId))
    .limit(1);
  if (!target) return [];
  const base = and(
    eq(profiles.gender, target.gender),
    eq(profiles.country, target.country),
    sql`${profiles.id} <> ${targetId}`,
    visibleTo(viewer, { listedIn: 'search' }),
  );
  const walk = (older: boolean) =>
    db
      .select(cardColumns(viewer.profileId))
      .from(profiles)
      .leftJoin(photos, mainPhotoJoin)
      .where(and(base, older ? lt(profiles.birthdate, target.birthdate) : gte(profiles.birthdate, target.birthdate)))
      .orderBy(older ? desc(profiles.birthdate) : asc(profiles.birthdate), asc(profiles.id))
      .limit(RELATED_PROFILES_MAX * 2);
  const [older, younger] = await Promise.all([walk(true), walk(false)]);
  const distance = (birthdate: string) => Math.abs(Date.parse(birthdate) - Date.parse(target.birthdate));
  return [...older, ...younger]
    .sort(
      (a, b) =>
        Number(b.photoStatus === 'active') - Number(a.photoStatus === 'active') ||
        distance(a.birthdate) - distance(b.birthdate) ||
        a.publicId.localeCompare(b.publicId),
    )
    .slice(0, RELATED_PROFILES_MAX)
    .map((row) => toProfileCard(row, ctx));
}

/** A profile of the viewer's site other than the viewer's own, by public id. */
async function blockTarget(db: Db, viewer: Viewer, publicId: string): Promise<number> {
  const [row] = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(and(eq(profiles.siteId, viewer.siteId), eq(profiles.publicId, publicId)))
    .limit(1);
  if (!row || row.id === viewer.profileId) throw fail('not_found');
  return row.id;
}

/**
 * Blocks a profile: in one transaction the block is stored and the likes and conversations
 * between the two are deleted (their messages go with them). With `deps`, after the commit
 * both accounts get `chat_removed` for the conversation and its photo files are removed.
 */
export async function blockProfile(
  db: Db,
  viewer: Viewer,
  publicId: string,
  now: Date,
  deps?: Pick<AppDeps, 'events' | 'photoStorage'>,
): Promise<void> {
  const targetId = await blockTarget(db, viewer, publicId);
  const me = viewer.profileId;
  const removed = await db.transaction(async (tx) => {
    await tx.insert(blocks).values({ blockerId: me, blockedId: targetId, createdAt: now }).onConflictDoNothing();
    await tx
      .delete(likes)
      .where(
        or(
          and(eq(likes.likerId, me), eq(likes.likedId, targetId)),
          and(eq(likes.likerId, targetId), eq(likes.likedId, me)),
        ),
      );
    const pair = and(
      eq(conversations.profileLow, Math.min(me, targetId)),
      eq(conversations.profileHigh, Math.max(me, targetId)),
    );
    const [conversation] = await tx
      .select({ id: conversations.id, publicId: conversations.publicId })
      .from(conversations)
      .where(pair);
    const photoKeys = conversation ? await chatPhotoKeys(tx, [conversation.id]) : [];
    await tx.delete(conversations).where(pair);
    const [target] = await tx.select({ accountId: profiles.accountId }).from(profiles).where(eq(profiles.id, targetId));
    return { conversation, photoKeys, targetAccountId: target?.accountId ?? null };
  });
  if (!deps || !removed.conversation) return;
  const conversation = removed.conversation.publicId;
  await deps.events.publish(
    [viewer.accountId, removed.targetAccountId].flatMap((accountId) =>
      accountId === null ? [] : [{ accountId, event: { type: 'chat_removed' as const, data: { conversation } } }],
    ),
  );
  await removeChatPhotos(deps.photoStorage, removed.photoKeys);
}

/** Lifts the viewer's block of a profile; unknown or not blocked is fine. */
export async function unblockProfile(db: Db, viewer: Viewer, publicId: string): Promise<void> {
  const [row] = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(and(eq(profiles.siteId, viewer.siteId), eq(profiles.publicId, publicId)))
    .limit(1);
  if (!row) return;
  await db.delete(blocks).where(and(eq(blocks.blockerId, viewer.profileId), eq(blocks.blockedId, row.id)));
}

/** The profiles the viewer blocked, newest first, with their thumbnail when active and public. */
export async function listBlocked(db: Db, viewer: Viewer): Promise<BlockedProfile[]> {
  const rows = await db
    .select({
      publicId: profiles.publicId,
      name: profiles.name,
      photoPublicId: photos.publicId,
      photoStatus: photos.status,
      blockedAt: blocks.createdAt,
    })
    .from(blocks)
    .innerJoin(profiles, eq(profiles.id, blocks.blockedId))
    .leftJoin(photos, mainPhotoJoin)
    .where(eq(blocks.blockerId, viewer.profileId))
    .orderBy(desc(blocks.createdAt), asc(profiles.publicId));
  return rows.map((row) => ({
    id: row.publicId,
    name: row.name,
    thumb_url: row.photoStatus === 'active' && row.photoPublicId ? photoUrl(row.photoPublicId, 'thumb') : null,
    blocked_at: row.blockedAt.toISOString(),
  }));
}
