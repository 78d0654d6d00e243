/**
 * The upload on the photo step of the signup flow (SPEC §2.7 signup step 1 photo), a form
 * (src/stores/form.ts): busy while uploading, the error in the member's language, done once
 * the photo is uploaded ('being inspected' + Continue). $signupPhoto holds the preview and
 * the progress. Framework-agnostic like the other signup stores: the uploader and the
 * object-URL functions are injected, so tests run it without a browser.
 *
 * A file over the size limit is refused before anything is sent. After a failed upload
 * 'Try again' sends the same file. 'Skip for now' and 'Continue' leave the step through
 * signup-profile-store's skipPhoto.
 */
import { atom } from 'nanostores';
import { ApiError } from '#src/client/api.ts';
import { NetworkError, type PhotoUploader } from '#src/client/upload-photo.ts';
import { PHOTO_MAX_BYTES, PHOTO_MAX_PIXELS, type OwnPhoto } from '#src/contract/photos.ts';
import { CheckError } from '#src/stores/errors.ts';
import { createForm } from '#src/stores/form.ts';
import { skipPhoto } from './signup-profile-store.ts';

export interface SignupPhotoEnv {
  upload: PhotoUploader;
  createObjectURL?: (file: Blob) => string;
  revokeObjectURL?: (url: string) => void;
}

export interface SignupPhotoView {
  /** The chosen file's preview ('' without object URLs), null before a file is chosen. */
  previewUrl: string | null;
  /** The share uploaded so far, 0 to 1. */
  progress: number;
}

export const $signupPhoto = atom<SignupPhotoView>({ previewUrl: null, progress: 0 });

/** The chosen file, kept for 'Try again'. */
let pendingFile: Blob | null = null;
/** Bumped whenever the step is reset, so a late answer of an abandoned upload is ignored. */
let generation = 0;
let revoke: ((url: string) => void) | undefined;

/** The answer of an upload the member left behind: nothing to show. */
class Abandoned extends Error {}

async function upload(file: Blob, env: SignupPhotoEnv): Promise<OwnPhoto> {
  if (file.size > PHOTO_MAX_BYTES)
    throw new CheckError('photos.errors.photo_too_large', 'photo', {
      max_mb: PHOTO_MAX_BYTES / 1024 / 1024,
      max_megapixels: PHOTO_MAX_PIXELS / 1_000_000,
    });
  const mine = generation;
  pendingFile = file;
  revoke = env.revokeObjectURL;
  const previewUrl = $signupPhoto.get().previewUrl ?? env.createObjectURL?.(file) ?? '';
  $signupPhoto.set({ previewUrl, progress: 0 });
  try {
    const photo = await env.upload(file, (progress) => {
      if (mine === generation) $signupPhoto.set({ previewUrl, progress });
    });
    if (mine !== generation) throw new Abandoned();
    pendingFile = null;
    return photo;
  } catch (error) {
    if (mine !== generation) throw new Abandoned();
    // The uploader's lost connection is the API client's: the member reads 'No connection'.
    throw error instanceof NetworkError ? new ApiError(0, 'network', error.message) : error;
  }
}

export const signupPhotoForm = createForm(upload, { handle: (error) => error instanceof Abandoned });

/** Forgets the file and the preview (leaving the step, or choosing again). */
export function resetSignupPhoto(): void {
  const url = $signupPhoto.get().previewUrl;
  if (url) revoke?.(url);
  pendingFile = null;
  generation += 1;
  $signupPhoto.set({ previewUrl: null, progress: 0 });
  signupPhotoForm.reset();
}

/** A file was picked (or taken with the camera): preview it and upload it. */
export async function chooseSignupPhoto(file: Blob, env: SignupPhotoEnv): Promise<void> {
  if (signupPhotoForm.$busy.get()) return;
  resetSignupPhoto();
  await signupPhotoForm.submit(file, env);
}

/** 'Try again' after a failed upload: the same file once more. */
export async function retrySignupPhoto(env: SignupPhotoEnv): Promise<void> {
  if (pendingFile && signupPhotoForm.$error.get() !== null) await signupPhotoForm.submit(pendingFile, env);
}

/** 'Continue' once the photo is uploaded: on to the personal-info steps. */
export function continueAfterSignupPhoto(): void {
  if (!signupPhotoForm.$done.get()) return;
  resetSignupPhoto();
  skipPhoto();
}

/** 'Skip for now': leaves the step without a photo (an unfinished upload is forgotten). */
export function skipSignupPhoto(): void {
  resetSignupPhoto();
  skipPhoto();
}
