/**
 * Front door of the photos feature: uploads (HEIC included), processing, the member's own photos
 * and serving the files. Other features, app.ts, the jobs and the seed import this module only
 * (lint rule imports/feature-internals).
 */
export { registerPhotoRoutes } from './routes.ts';
export { isStorageKey, PHOTO_SIZES, PHOTO_VARIANTS, photoFileName } from './files.ts';
export { listOwnPhotos } from './own.ts';
export { closePhotoWorkers, HEAVY_DECODE_NICENESS, photoTooLargeError, processUpload } from './process.ts';
export {
  assertDecodeTurn,
  decodeInTurn,
  decodingBalance,
  decodingLoad,
  PHOTO_DECODING,
  spendDecodingShare,
} from './decoding.ts';
export type { ProcessedPhoto } from './process.ts';
export { newStorageKey, savePhoto } from './upload.ts';
export { privatePhotoFile, serveStaffPhoto } from './serve.ts';
