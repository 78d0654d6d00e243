/**
 * The photo step of the signup flow without rendering: preview, progress, the 'being
 * inspected' result, the server's errors with 'Try again', the size check before
 * sending, and leaving the step by 'Continue' or 'Skip for now'. Also the XMLHttpRequest
 * uploader against a scripted request.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '#src/client/api.ts';
import { NetworkError, uploadPhoto } from '#src/client/upload-photo.ts';
import { PHOTO_MAX_BYTES, type OwnPhoto } from '#src/contract/photos.ts';
import {
  $signupPhoto,
  chooseSignupPhoto,
  continueAfterSignupPhoto,
  resetSignupPhoto,
  retrySignupPhoto,
  signupPhotoForm,
  skipSignupPhoto,
  type SignupPhotoEnv,
} from '#src/features/auth/signup-photo-store.ts';
import { $signup } from '#src/features/auth/signup-state.ts';
import { resumeSignup } from '#src/features/auth/signup-store.ts';
import { testEnvironment } from './test-environment.ts';

const photo: OwnPhoto = {
  id: 'abc17defghij',
  status: 'being_inspected',
  thumb_url: '/api/photo.php?id=abc17defghij&v=thumb',
  url: '/api/photo.php?id=abc17defghij&v=full',
  width: 600,
  height: 800,
  is_main: true,
  premium: false,
  reject_reason: null,
};

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function env(upload: SignupPhotoEnv['upload']) {
  let n = 0;
  const revoked: string[] = [];
  return {
    revoked,
    env: {
      upload,
      createObjectURL: () => `blob:preview-${++n}`,
      revokeObjectURL: (url: string) => revoked.push(url),
    } satisfies SignupPhotoEnv,
  };
}

const file = () => new Blob([new Uint8Array(100)], { type: 'image/jpeg' });

beforeEach(() => {
  testEnvironment();
  resetSignupPhoto();
  resumeSignup('anna@example.com');
});

describe('signup photo step', () => {
  it('previews, reports progress, then shows the photo as being inspected; Continue goes on', async () => {
    const answer = deferred<OwnPhoto>();
    let progress: ((fraction: number) => void) | undefined;
    const { env: e, revoked } = env((_file, onProgress) => {
      progress = onProgress;
      return answer.promise;
    });
    const done = chooseSignupPhoto(file(), e);
    expect($signupPhoto.get()).toEqual({ previewUrl: 'blob:preview-1', progress: 0 });
    expect(signupPhotoForm.$busy.get()).toBe(true);
    progress?.(0.42);
    expect($signupPhoto.get()).toEqual({ previewUrl: 'blob:preview-1', progress: 0.42 });
    answer.resolve(photo);
    await done;
    expect(signupPhotoForm.$busy.get()).toBe(false);
    expect(signupPhotoForm.$done.get()).toBe(true);
    expect($signupPhoto.get().previewUrl).toBe('blob:preview-1');
    expect($signup.get().step).toBe('photo');

    continueAfterSignupPhoto();
    expect($signup.get()).toEqual({ step: 'personal', page: 2, email: 'anna@example.com' });
    expect($signupPhoto.get()).toEqual({ previewUrl: null, progress: 0 });
    expect(signupPhotoForm.$done.get()).toBe(false);
    expect(revoked).toEqual(['blob:preview-1']);
  });

  it('shows the server’s error as sent and retries the same file', async () => {
    const chosen = file();
    const upload = vi
      .fn<SignupPhotoEnv['upload']>()
      .mockRejectedValueOnce(new ApiError(415, 'photo_type', 'Please choose a JPEG, PNG, WebP or HEIC photo.', 'photo'))
      .mockResolvedValueOnce(photo);
    const { env: e } = env(upload);
    await chooseSignupPhoto(chosen, e);
    expect(signupPhotoForm.$error.get()).toBe('Please choose a JPEG, PNG, WebP or HEIC photo.');
    expect($signupPhoto.get().previewUrl).toBe('blob:preview-1');
    await retrySignupPhoto(e);
    expect(upload).toHaveBeenCalledTimes(2);
    expect(upload.mock.calls[1]?.[0]).toBe(chosen);
    expect(signupPhotoForm.$error.get()).toBeNull();
    expect(signupPhotoForm.$done.get()).toBe(true);
    expect($signupPhoto.get().previewUrl).toBe('blob:preview-1');
  });

  it('turns a lost connection into the network error', async () => {
    const { env: e } = env(() => Promise.reject(new NetworkError()));
    await chooseSignupPhoto(file(), e);
    expect(signupPhotoForm.$error.get()).toBe('No connection. Check your internet connection and try again.');
  });

  it('refuses a file over 15 MB before sending anything', async () => {
    const upload = vi.fn<SignupPhotoEnv['upload']>();
    const { env: e } = env(upload);
    await chooseSignupPhoto(new Blob([new Uint8Array(PHOTO_MAX_BYTES + 1)]), e);
    expect(upload).not.toHaveBeenCalled();
    expect(signupPhotoForm.$error.get()).toBe(
      'This photo is too large. Please choose a photo of at most 15 MB and 40 megapixels.',
    );
    expect($signupPhoto.get()).toEqual({ previewUrl: null, progress: 0 });
    await retrySignupPhoto(e);
    expect(upload).not.toHaveBeenCalled();
  });

  it('ignores a second choice while uploading, and a late answer after skipping', async () => {
    const answer = deferred<OwnPhoto>();
    const upload = vi.fn<SignupPhotoEnv['upload']>(() => answer.promise);
    const { env: e, revoked } = env(upload);
    const first = chooseSignupPhoto(file(), e);
    await chooseSignupPhoto(file(), e);
    expect(upload).toHaveBeenCalledTimes(1);

    skipSignupPhoto();
    expect($signup.get()).toEqual({ step: 'personal', page: 2, email: 'anna@example.com' });
    answer.resolve(photo);
    await first;
    expect($signupPhoto.get()).toEqual({ previewUrl: null, progress: 0 });
    expect(signupPhotoForm.$done.get()).toBe(false);
    expect(revoked).toEqual(['blob:preview-1']);
  });

  it('Continue does nothing before the upload is done', () => {
    continueAfterSignupPhoto();
    expect($signup.get().step).toBe('photo');
  });
});

/** A scripted XMLHttpRequest: records what is sent, answers when told. */
class FakeRequest {
  static last: FakeRequest | null = null;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown = null;
  withCredentials = false;
  status = 0;
  responseText = '';
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  constructor() {
    FakeRequest.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

const createRequest = () => new FakeRequest() as unknown as XMLHttpRequest;

describe('uploadPhoto (XMLHttpRequest)', () => {
  it('posts multipart form data with the client header and reports progress', async () => {
    const onProgress = vi.fn();
    const chosen = new Blob(['x'], { type: 'image/png' });
    const result = uploadPhoto(chosen, { onProgress, createRequest });
    const request = FakeRequest.last!;
    expect(request.method).toBe('POST');
    expect(request.url).toBe('/api/photos.php');
    expect(request.headers['X-Request-Type']).toBe('client');
    expect(request.body).toBeInstanceOf(FormData);
    expect((request.body as FormData).get('photo')).toBeInstanceOf(Blob);
    request.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 200 });
    expect(onProgress).toHaveBeenCalledWith(0.25);
    request.answer(200, { photo });
    await expect(result).resolves.toEqual(photo);
  });

  it('rejects with the server’s error, and reports authentication_required', async () => {
    const onAuthenticationRequired = vi.fn();
    const limit = uploadPhoto(new Blob(['x']), { createRequest });
    FakeRequest.last!.answer(400, {
      error: { code: 'photo_limit', message: 'You can add up to 3 photos.', field: 'photo' },
    });
    await expect(limit).rejects.toMatchObject({ code: 'photo_limit', message: 'You can add up to 3 photos.' });

    const loggedOut = uploadPhoto(new Blob(['x']), { createRequest, onAuthenticationRequired });
    FakeRequest.last!.answer(403, { error: { code: 'authentication_required', message: 'Please log in.' } });
    await expect(loggedOut).rejects.toBeInstanceOf(ApiError);
    expect(onAuthenticationRequired).toHaveBeenCalledWith('/api/photos.php');

    const lost = uploadPhoto(new Blob(['x']), { createRequest });
    FakeRequest.last!.onerror?.();
    await expect(lost).rejects.toBeInstanceOf(NetworkError);
  });
});
