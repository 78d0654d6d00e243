/**
 * The photo calls (contract src/contract/photos.ts): the member's own photos (list, update,
 * delete), the upload (POST /api/photos.php, a multipart upload bound by multipartRoute) and
 * the photo files.
 */
import type { Context, Hono } from 'hono';
import {
  PHOTO_FIELD,
  PHOTO_FILE_PATH,
  PHOTO_MAX_BYTES,
  deletePhoto,
  getPhotos,
  postPhoto,
  putPhoto,
} from '#src/contract/photos.ts';
import type { AppEnv } from '#src/server/http/context.ts';
import { fail } from '#src/server/http/errors.ts';
import { checkRoles, route } from '#src/server/http/route.ts';
import { multipartRoute } from '#src/server/platform/multipart.ts';
import { assertDecodeTurn } from './decoding.ts';
import { deleteOwnPhoto, ownPhotos, updateOwnPhoto } from './own.ts';
import { photoTooLargeError } from './process.ts';
import { servePhoto } from './serve.ts';
import { loadUploader, uploadPhoto, type Uploader } from './upload.ts';

const photoMissing = () => fail('photo_missing', { field: PHOTO_FIELD });

/** The caller's profile and photo limit on the request's site (403 without one). */
async function uploaderOf(c: Context<AppEnv>): Promise<Uploader> {
  const session = checkRoles(c, postPhoto);
  // A member whose decoding turn is taken (one running, one waiting): 429 before any query.
  assertDecodeTurn(session.accountId);
  const uploader = await loadUploader(c.get('deps').database.db, session.accountId, c.get('site')?.id ?? null);
  if (!uploader) throw fail('authentication_required');
  return uploader;
}

const storage = (c: Context<AppEnv>) => c.get('deps').photoStorage;

export function registerPhotoRoutes(app: Hono<AppEnv>): void {
  app.get(PHOTO_FILE_PATH, (c) => servePhoto(c, storage(c)));

  route(app, getPhotos, async ({ c }) => ownPhotos(c.get('deps').database.db, await uploaderOf(c)));

  route(app, putPhoto, async ({ c, body }) => {
    const uploader = await uploaderOf(c);
    const db = c.get('deps').database.db;
    await updateOwnPhoto(db, uploader, body);
    return ownPhotos(db, uploader);
  });

  route(app, deletePhoto, async ({ c, body }) => {
    const uploader = await uploaderOf(c);
    const db = c.get('deps').database.db;
    await deleteOwnPhoto(db, storage(c), uploader, body.photo);
    return ownPhotos(db, uploader);
  });

  multipartRoute(
    app,
    postPhoto,
    { maxFileBytes: PHOTO_MAX_BYTES, tooLarge: photoTooLargeError, missing: photoMissing },
    async (c, form) => {
      const uploader = await uploaderOf(c);
      const photo = await uploadPhoto(c.get('deps'), uploader, async () => (await form.file(PHOTO_FIELD)).bytes());
      return c.json(postPhoto.response.parse({ photo }));
    },
  );
}
