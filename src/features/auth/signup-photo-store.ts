/**
 * $signupPhoto: the upload on the photo step of the signup flow (SPEC §2.7 signup step 1
 * photo). Framework-agnostic like signup-store.ts: the uploader and the object-URL functions
 * are injected, so tests run it without a browser.
 *
 * idle → (choose) uploading (preview + progress) → done ('being inspected' + Continue)
 *                                               ↘ failed (translated error + Try again)
 * A file over the size limit is refused before anything is sent. 'Skip for now' and
 * 'Continue' leave the step through signup-store's skipPhoto.
 */
import { atom } from 'nanostores';
import { ApiError } from '#src/client/api.ts';
import type { PhotoUploader } from '#src/client/upload-photo.ts';
import { PHOTO_MAX_BYTES, type OwnPhoto } from '#src/contract/photos.ts';
import { skipPhoto, type SignupError } from './signup-store.ts';

export type SignupPhotoState =
  | { status: 'idle'; error?: SignupError }
  | { status: 'uploading'; previewUrl: string; progress: number }
  | { status: 'failed'; previewUrl: string; error: SignupError }
  | { status: 'done'; previewUrl: string; photo: OwnPhoto };

export interface SignupPhotoEnv {
  upload: PhotoUploader;
  createObjectURL?: (file: Blob) => string;
  revokeObjectURL?: (url: string) => void;
}

export const $signupPhoto = atom<SignupPhotoState>({ status: 'idle' });

/** The chosen file, kept for 'Try again'. */
let pendingFile: Blob | null = null;
/** Bumped whenever the step is reset, so a late answer of an abandoned upload is ignored. */
let generation = 0;
let revoke: ((url: string) => void) | undefined;

function previewOf(state: SignupPhotoState): string | null {
  return state.status === 'idle' ? null : state.previewUrl;
}

/** Forgets the file and the preview (leaving the step, or choosing again). */
export function resetSignupPhoto(): void {
  const url = previewOf($signupPhoto.get());
  if (url) revoke?.(url);
  pendingFile = null;
  generation += 1;
  $signupPhoto.set({ status: 'idle' });
}

function errorOf(error: unknown): SignupError {
  return error instanceof ApiError ? { code: error.code, message: error.message } : { code: 'network' };
}

async function send(file: Blob, previewUrl: string, env: SignupPhotoEnv): Promise<void> {
  const mine = generation;
  $signupPhoto.set({ status: 'uploading', previewUrl, progress: 0 });
  try {
    const photo = await env.upload(file, (fraction) => {
      const state = $signupPhoto.get();
      if (mine === generation && state.status === 'uploading') $signupPhoto.set({ ...state, progress: fraction });
    });
    if (mine !== generation) return;
    pendingFile = null;
    $signupPhoto.set({ status: 'done', previewUrl, photo });
  } catch (error) {
    if (mine !== generation) return;
    $signupPhoto.set({ status: 'failed', previewUrl, error: errorOf(error) });
  }
}

/** A file was picked (or taken with the camera): preview it and upload it. */
export async function chooseSignupPhoto(file: Blob, env: SignupPhotoEnv): Promise<void> {
  if ($signupPhoto.get().status === 'uploading') return;
  resetSignupPhoto();
  if (file.size > PHOTO_MAX_BYTES) {
    $signupPhoto.set({ status: 'idle', error: { code: 'photo_too_large' } });
    return;
  }
  revoke = env.revokeObjectURL;
  pendingFile = file;
  const previewUrl = env.createObjectURL ? env.createObjectURL(file) : '';
  await send(file, previewUrl, env);
}

/** 'Try again' after a failed upload: the same file once more. */
export async function retrySignupPhoto(env: SignupPhotoEnv): Promise<void> {
  const state = $signupPhoto.get();
  if (state.status !== 'failed' || !pendingFile) return;
  await send(pendingFile, state.previewUrl, env);
}

/** 'Continue' once the photo is uploaded: on to the personal-info steps. */
export function continueAfterSignupPhoto(): void {
  if ($signupPhoto.get().status !== 'done') return;
  resetSignupPhoto();
  skipPhoto();
}

/** 'Skip for now': leaves the step without a photo (an unfinished upload is forgotten). */
export function skipSignupPhoto(): void {
  resetSignupPhoto();
  skipPhoto();
}
