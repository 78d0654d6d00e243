/**
 * The photo queue in the back office (docs/staff.md "Reports and moderation"): the
 * moderation feature's queue and decisions (src/server/features/moderation/), taken by a staff
 * account, one photo or several at once, each decision audited (`photo.approve`,
 * `photo.reject`). A photo decided by someone else meanwhile is reported as missed.
 */
import type { Context } from 'hono';
import type { QueuedPhoto } from '#src/contract/staff-moderation.ts';
import type { PhotoRejectReason } from '#src/contract/photos.ts';
import { staffPhotoUrl } from '#src/contract/staff-moderation.ts';
import type { AppEnv } from '#src/server/http/context.ts';
import { HttpError } from '#src/server/http/errors.ts';
import { countQueue, decidePhoto, type ModerationDecision } from '#src/server/features/moderation/index.ts';
import { audit, auditBy, sessionActor, type StaffSession } from '#src/server/features/staff/index.ts';

/**
 * A queued photo with the back office's photo URLs (GET /api/staff/photo): the moderation
 * feature's queue links to the member sites' photo.php, which the staff origin does not serve.
 */
export function withStaffPhotoUrls(photo: QueuedPhoto): QueuedPhoto {
  return {
    ...photo,
    url: staffPhotoUrl(photo.id, 'full'),
    thumb_url: staffPhotoUrl(photo.id, 'thumb'),
    profile: {
      ...photo.profile,
      active_photos: photo.profile.active_photos.map((active) => ({
        id: active.id,
        thumb_url: staffPhotoUrl(active.id, 'thumb'),
      })),
    },
  };
}

export async function decidePhotos(
  c: Context<AppEnv>,
  staff: StaffSession,
  ids: readonly string[],
  decision: ModerationDecision,
): Promise<{ decided: string[]; missed: string[]; remaining: number }> {
  const { database, now, events } = c.get('deps');
  const by = await auditBy(c, sessionActor(staff));
  const decided: string[] = [];
  const missed: string[] = [];
  for (const id of new Set(ids)) {
    try {
      await decidePhoto(database.db, null, id, decision, now(), events);
    } catch (error) {
      if (error instanceof HttpError && error.code === 'not_found') {
        missed.push(id);
        continue;
      }
      throw error;
    }
    decided.push(id);
    const reason: PhotoRejectReason | undefined = decision.decision === 'reject' ? decision.reason : undefined;
    await audit(database.db, by, {
      action: `photo.${decision.decision}`,
      targetType: 'photo',
      targetId: id,
      before: { status: 'being_inspected' },
      after: { status: decision.decision === 'approve' ? 'active' : 'rejected', ...(reason ? { reason } : {}) },
    });
  }
  return { decided, missed, remaining: await countQueue(database.db) };
}
