/**
 * Photo moderation (SPEC §4 Photos, docs/profiles.md 'Moderation'): the queue of photos being
 * inspected across all sites, and the moderator's decision, taken in the back office
 * (features/staff-moderation/, roles moderator and admin). A decision changes one photo and, where needed, its profile's main photo, in one
 * transaction under row locks, so two moderators never decide the same photo twice.
 */
import { and, asc, count, desc, eq, ilike, inArray, ne, or, type SQL } from 'drizzle-orm';
import type { PhotoRejectReason } from '#src/contract/photos.ts';
import { photoUrl } from '#src/contract/photos.ts';
import type { ModerationOrder, QueuedPhoto } from '#src/contract/staff-moderation.ts';
import { MODERATION_PAGE_SIZE } from '#src/contract/staff-moderation.ts';
import type { Db } from '#src/server/db/client.ts';
import { photos, profiles } from '#src/server/db/schema.ts';
import { fail } from '#src/server/http/errors.ts';
import type { EventHub, StoredEvents } from '#src/server/features/events/index.ts';
import type { Tx } from '#src/server/db/client.ts';
import { recordSystemMessage, type SystemMessageInput } from '#src/server/features/chat/index.ts';
import { ageOf } from '#src/server/features/members/index.ts';

const beingInspected = eq(photos.status, 'being_inspected');

/** Which photos being inspected a queue shows, and in which order. */
export interface QueueFilter {
  siteId?: string | undefined;
  order?: ModerationOrder | undefined;
  /** Part of a profile's name (any case), or a profile's public id. */
  member?: string | undefined;
}

/** `%`, `_` and `\` match themselves in a LIKE pattern. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function queueConditions({ siteId, member }: QueueFilter): SQL[] {
  const conditions: SQL[] = [beingInspected];
  if (siteId) conditions.push(eq(profiles.siteId, siteId));
  const text = member?.trim();
  if (text) {
    const byMember = or(ilike(profiles.name, likePattern(text)), eq(profiles.publicId, text));
    if (byMember) conditions.push(byMember);
  }
  return conditions;
}

/** Photos waiting for a decision, of one site or of all (and of one member when asked). */
export async function countQueue(db: Pick<Db, 'select'>, filter: QueueFilter = {}): Promise<number> {
  const conditions = queueConditions(filter);
  const query = db.select({ n: count() }).from(photos);
  const [row] =
    conditions.length > 1
      ? await query.innerJoin(profiles, eq(profiles.id, photos.profileId)).where(and(...conditions))
      : await query.where(beingInspected);
  return row?.n ?? 0;
}

/**
 * The oldest (or newest) MODERATION_PAGE_SIZE photos being inspected that match `filter`,
 * each with its profile and the profile's active photos for comparison; `total` counts all
 * that match. Nothing about the account (e-mail, credits) is part of the answer.
 */
export async function loadQueue(
  db: Db,
  now: Date,
  filter: QueueFilter = {},
): Promise<{ photos: QueuedPhoto[]; total: number }> {
  const conditions = queueConditions(filter);
  const direction = filter.order === 'newest' ? desc : asc;
  const rows = await db
    .select({
      id: photos.id,
      publicId: photos.publicId,
      width: photos.width,
      height: photos.height,
      createdAt: photos.createdAt,
      profileId: profiles.id,
      profilePublicId: profiles.publicId,
      name: profiles.name,
      birthdate: profiles.birthdate,
      gender: profiles.gender,
      siteId: profiles.siteId,
      type: profiles.type,
      mainPhotoId: profiles.mainPhotoId,
    })
    .from(photos)
    .innerJoin(profiles, eq(profiles.id, photos.profileId))
    .where(and(...conditions))
    // The partial index photos_queue serves this order (both directions).
    .orderBy(direction(photos.createdAt), direction(photos.id))
    .limit(MODERATION_PAGE_SIZE);

  const profileIds = [...new Set(rows.map((row) => row.profileId))];
  const active =
    profileIds.length === 0
      ? []
      : await db
          .select({ profileId: photos.profileId, publicId: photos.publicId })
          .from(photos)
          .where(and(inArray(photos.profileId, profileIds), eq(photos.status, 'active')))
          .orderBy(asc(photos.profileId), asc(photos.position), asc(photos.id));
  const activeByProfile = new Map<number, { id: string; thumb_url: string }[]>();
  for (const photo of active) {
    const list = activeByProfile.get(photo.profileId) ?? [];
    list.push({ id: photo.publicId, thumb_url: photoUrl(photo.publicId, 'thumb') });
    activeByProfile.set(photo.profileId, list);
  }

  const total = rows.length < MODERATION_PAGE_SIZE ? rows.length : await countQueue(db, filter);
  return {
    total,
    photos: rows.map((row) => ({
      id: row.publicId,
      url: photoUrl(row.publicId, 'full'),
      thumb_url: photoUrl(row.publicId, 'thumb'),
      width: row.width,
      height: row.height,
      uploaded_at: row.createdAt.toISOString(),
      is_main: row.mainPhotoId === null || row.mainPhotoId === row.id,
      profile: {
        id: row.profilePublicId,
        name: row.name,
        age: ageOf(row.birthdate, now),
        gender: row.gender,
        site: row.siteId,
        type: row.type,
        active_photos: activeByProfile.get(row.profileId) ?? [],
      },
    })),
  };
}

export type ModerationDecision = { decision: 'approve' } | { decision: 'reject'; reason: PhotoRejectReason };

/**
 * Decides one photo being inspected (by its public id); 404 not_found when there is no
 * such photo or it is no longer being inspected. Approve: the photo becomes active and,
 * when the profile has no main photo, its main photo. Reject: the photo keeps its files
 * (the member sees it with the reason and deletes it) and no longer counts against the
 * photo limit; when it was the main photo, the profile's first active photo by position
 * takes its place (or none). With `events`, the owner gets the chat's system message
 * photo_approved or photo_rejected {reason}. Answers the photos still waiting in the whole queue.
 */
export async function decidePhoto(
  db: Db,
  /** The member account with a moderator role, or null for a staff account (the audit log names it). */
  moderatorId: number | null,
  publicId: string,
  decision: ModerationDecision,
  now: Date,
  events?: Pick<EventHub, 'record' | 'announce'>,
): Promise<{ remaining: number }> {
  const stored = await db.transaction(async (tx) => {
    const [found] = await tx
      .select({ profileId: photos.profileId })
      .from(photos)
      .where(eq(photos.publicId, publicId))
      .limit(1);
    if (!found) throw fail('not_found');
    // Profile first, then photo: the same order as uploads (and photo changes) lock them.
    const [profile] = await tx
      .select({ mainPhotoId: profiles.mainPhotoId, accountId: profiles.accountId })
      .from(profiles)
      .where(eq(profiles.id, found.profileId))
      .for('update');
    const [photo] = await tx
      .select({ id: photos.id, profileId: photos.profileId, status: photos.status })
      .from(photos)
      .where(eq(photos.publicId, publicId))
      .for('update');
    // Another moderator may have decided it (or the member deleted it) since the queue loaded.
    if (!profile || !photo || photo.profileId !== found.profileId || photo.status !== 'being_inspected') {
      throw fail('not_found');
    }

    const reviewed = { reviewedAt: now, reviewedBy: moderatorId };
    if (decision.decision === 'approve') {
      await tx
        .update(photos)
        .set({ status: 'active', rejectReason: null, ...reviewed })
        .where(eq(photos.id, photo.id));
      if (profile.mainPhotoId === null) {
        await tx.update(profiles).set({ mainPhotoId: photo.id }).where(eq(profiles.id, photo.profileId));
      }
      return tellOwner(tx, events, profile.accountId, { key: 'photo_approved', reference: publicId, now });
    }

    await tx
      .update(photos)
      .set({ status: 'rejected', rejectReason: decision.reason, ...reviewed })
      .where(eq(photos.id, photo.id));
    if (profile.mainPhotoId === photo.id) await nextMainPhoto(tx, photo.profileId);
    return tellOwner(tx, events, profile.accountId, {
      key: 'photo_rejected',
      params: { reason: decision.reason },
      reference: publicId,
      now,
    });
  });
  if (stored && events) await events.announce(stored);
  return { remaining: await countQueue(db) };
}

/** The profile's first active photo by position becomes its main photo (or none). */
async function nextMainPhoto(tx: Tx, profileId: number): Promise<void> {
  const [next] = await tx
    .select({ id: photos.id })
    .from(photos)
    .where(and(eq(photos.profileId, profileId), eq(photos.status, 'active')))
    .orderBy(asc(photos.position), asc(photos.id))
    .limit(1);
  await tx
    .update(profiles)
    .set({ mainPhotoId: next?.id ?? null })
    .where(eq(profiles.id, profileId));
}

/**
 * Takes down a photo already shown (a report upheld, docs/reports.md): it becomes `rejected`
 * with `reason` like a rejected upload (the member sees the reason and deletes it), in the
 * caller's transaction; when it was the main photo, the next active one takes its place.
 * Answers whether it changed anything (a photo rejected before stays as it is).
 */
export async function takeDownPhoto(tx: Tx, photoId: number, reason: PhotoRejectReason, now: Date): Promise<boolean> {
  const [found] = await tx.select({ profileId: photos.profileId }).from(photos).where(eq(photos.id, photoId));
  if (!found) return false;
  // Profile first, then photo: the order decidePhoto and uploads lock them.
  const [profile] = await tx
    .select({ mainPhotoId: profiles.mainPhotoId })
    .from(profiles)
    .where(eq(profiles.id, found.profileId))
    .for('update');
  const [taken] = await tx
    .update(photos)
    .set({ status: 'rejected', rejectReason: reason, reviewedAt: now, reviewedBy: null })
    .where(and(eq(photos.id, photoId), ne(photos.status, 'rejected')))
    .returning({ id: photos.id });
  if (!taken) return false;
  if (profile?.mainPhotoId === photoId) await nextMainPhoto(tx, found.profileId);
  return true;
}

/** The owner's system message about the decision (chat), once per photo and outcome. */
async function tellOwner(
  tx: Tx,
  events: Pick<EventHub, 'record'> | undefined,
  accountId: number | null,
  message: Omit<SystemMessageInput, 'accountId'>,
): Promise<StoredEvents | null> {
  if (!events || accountId === null) return null;
  return recordSystemMessage(tx, events, { ...message, accountId });
}
