/**
 * Profile photos in the "Chat pals" section (the section's photo call): the member sites'
 * photo.php does not answer on the staff origin, and an operator sees only what their work
 * needs: the active photos of their chat pals and of the members writing with them. Admins
 * also see a chat pal's photos being inspected or rejected (the profile editor). Anyone else,
 * and any other photo: 404.
 */
import { and, eq } from 'drizzle-orm';
import type { PhotoUrlVariant } from '#src/contract/photos.ts';
import { chatPalOperators, photos, profiles } from '#src/server/db/schema.ts';
import type { AppDeps } from '#src/server/http/context.ts';
import { fail } from '#src/server/http/errors.ts';
import { talksWithChatPal, type Operator } from '#src/server/features/operator/index.ts';
import { serveStaffPhoto } from '#src/server/features/photos/index.ts';

export async function chatPalSectionPhoto(
  deps: Pick<AppDeps, 'database' | 'photoStorage'>,
  operator: Operator,
  photoId: string,
  variant: PhotoUrlVariant,
): Promise<Response> {
  const db = deps.database.db;
  const [row] = await db
    .select({ status: photos.status, profileId: profiles.id, type: profiles.type })
    .from(photos)
    .innerJoin(profiles, eq(profiles.id, photos.profileId))
    .where(eq(photos.publicId, photoId))
    .limit(1);
  if (!row || !(await mayView(deps, operator, row))) throw fail('not_found');
  // The back office's photo answer (private, never stored), as the photo queue gets it.
  return serveStaffPhoto(db, deps.photoStorage, photoId, variant);
}

async function mayView(
  deps: Pick<AppDeps, 'database'>,
  operator: Operator,
  photo: { status: string; profileId: number; type: 'member' | 'fictional' },
): Promise<boolean> {
  const db = deps.database.db;
  if (photo.type === 'fictional') {
    if (operator.chatPals === 'all') return true;
    if (photo.status !== 'active') return false;
    const [assigned] = await db
      .select({ staffId: chatPalOperators.staffId })
      .from(chatPalOperators)
      .where(and(eq(chatPalOperators.chatPalId, photo.profileId), eq(chatPalOperators.staffId, operator.staffId)))
      .limit(1);
    return assigned !== undefined;
  }
  return photo.status === 'active' && talksWithChatPal(db, photo.profileId, operator);
}
