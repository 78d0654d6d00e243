/**
 * POST /api/photos.php: a multipart upload, so it has its own handler instead of route()
 * (which reads JSON bodies), with the same rules: login required (403
 * authentication_required), the `X-Request-Type: client` header as CSRF proof (a browser
 * form cannot set it), errors as translated HttpErrors, the answer shaped by the contract.
 */
import type { Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
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
import { HttpError, fail } from '#src/server/http/errors.ts';
import { notClientRequest } from '#src/server/http/csrf.ts';
import { accountKey, enforce } from '#src/server/http/rate-limit.ts';
import { checkDeclared, checkRoles, route } from '#src/server/http/route.ts';
import { deleteOwnPhoto, listOwnPhotos, ownPhotos, updateOwnPhoto } from './own.ts';
import { photoTooLargeError, processUpload } from './process.ts';
import { servePhoto } from './serve.ts';
import { loadUploader, photoLimitError, countPhotos, savePhoto, type Uploader } from './upload.ts';

/** Uploads per account and hour. */
export const UPLOAD_LIMIT = { max: 20, windowMs: 60 * 60 * 1000 };
/** Room for the multipart boundaries and headers around the file. */
const MULTIPART_OVERHEAD = 64 * 1024;

const photoMissing = () => fail('photo_missing', { field: PHOTO_FIELD });

/** The caller's profile and photo limit on the request's site (403 without one). */
async function uploaderOf(c: Context<AppEnv>): Promise<Uploader> {
  const session = checkRoles(c, postPhoto);
  const uploader = await loadUploader(c.get('deps').database.db, session.accountId, c.get('site')?.id ?? null);
  if (!uploader) throw fail('authentication_required');
  return uploader;
}

const storage = (c: Context<AppEnv>) => c.get('deps').photoStorage;

/** Runs a step of the upload with route()'s check that its error codes are declared. */
async function uploadStep<T>(c: Context<AppEnv>, step: () => T | Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    checkDeclared(c, postPhoto, error);
    throw error;
  }
}

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

  app.post(
    postPhoto.path,
    // Checked before the body is read: a declared or streamed body past the limit stops here.
    async (c, next) => {
      await uploadStep(c, () => {
        checkRoles(c, postPhoto);
        if (c.req.header('x-request-type') !== 'client') {
          throw notClientRequest();
        }
        const declared = Number(c.req.header('content-length'));
        if (Number.isFinite(declared) && declared > PHOTO_MAX_BYTES + MULTIPART_OVERHEAD) throw photoTooLargeError();
      });
      await next();
    },
    bodyLimit({
      maxSize: PHOTO_MAX_BYTES + MULTIPART_OVERHEAD,
      onError: () => {
        throw photoTooLargeError();
      },
    }),
    async (c) =>
      uploadStep(c, async () => {
        const { database, now } = c.get('deps');
        const db = database.db;
        const uploader = await uploaderOf(c);
        await enforce(db, accountKey('photo-upload', uploader.accountId), UPLOAD_LIMIT, now());
        // A cheap early answer before decoding; savePhoto checks again under a lock.
        if ((await countPhotos(db, uploader.profileId)) >= uploader.limit) throw photoLimitError(uploader.limit);

        if (!(c.req.header('content-type') ?? '').toLowerCase().startsWith('multipart/form-data')) throw photoMissing();
        let file: unknown;
        try {
          file = (await c.req.parseBody())[PHOTO_FIELD];
        } catch (error) {
          if (error instanceof HttpError) throw error;
          throw photoMissing();
        }
        if (!(file instanceof File) || file.size === 0) throw photoMissing();
        if (file.size > PHOTO_MAX_BYTES) throw photoTooLargeError();
        const bytes = new Uint8Array(await file.arrayBuffer());
        if (bytes.byteLength > PHOTO_MAX_BYTES) throw photoTooLargeError();

        const processed = await processUpload(bytes);
        const saved = await savePhoto(db, storage(c), uploader, processed, now());
        const photo = (await listOwnPhotos(db, uploader.profileId)).find((p) => p.id === saved.publicId);
        return c.json(postPhoto.response.parse({ photo }));
      }),
  );
}
