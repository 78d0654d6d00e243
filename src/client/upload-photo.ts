/**
 * Photo uploads from the browser: multipart/form-data (field `photo`) through
 * XMLHttpRequest, which reports upload progress (fetch does not), with the
 * `X-Request-Type: client` header the server wants as CSRF proof. Error answers become
 * ApiErrors carrying the server's translated message; a lost connection becomes a
 * NetworkError. The answer is parsed through the contract.
 */
import { errorBody } from '#src/contract/define.ts';
import { PHOTO_FIELD, postPhoto, type OwnPhoto } from '#src/contract/photos.ts';
import { ACCEPT, ApiError } from './api.ts';

export class NetworkError extends Error {
  constructor() {
    super('network');
    this.name = 'NetworkError';
  }
}

export interface UploadPhotoOptions {
  /** Called with the share sent so far, 0 to 1. */
  onProgress?: (fraction: number) => void;
  /** Called on a 403 authentication_required answer (the session's logout rule). */
  onAuthenticationRequired?: (path: string) => void;
  /** Injected for tests. */
  createRequest?: () => XMLHttpRequest;
  baseURL?: string;
}

export type PhotoUploader = (file: Blob, onProgress: (fraction: number) => void) => Promise<OwnPhoto>;

export function uploadPhoto(file: Blob, options: UploadPhotoOptions = {}): Promise<OwnPhoto> {
  return new Promise((resolve, reject) => {
    const request = options.createRequest?.() ?? new XMLHttpRequest();
    const path = postPhoto.path;
    request.open(postPhoto.method, `${options.baseURL ?? ''}${path}`);
    request.withCredentials = true;
    request.setRequestHeader('Accept', ACCEPT);
    request.setRequestHeader('X-Request-Type', 'client');
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) options.onProgress?.(Math.min(1, event.loaded / event.total));
    };
    request.onerror = () => reject(new NetworkError());
    request.onabort = () => reject(new NetworkError());
    request.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(request.responseText) as unknown;
      } catch {
        // Not JSON (a proxy's error page): handled below.
      }
      if (request.status >= 200 && request.status < 300) {
        const parsed = postPhoto.response.safeParse(body);
        if (parsed.success) resolve(parsed.data.photo);
        else reject(new ApiError(request.status, 'internal', 'Unexpected answer'));
        return;
      }
      const error = errorBody.safeParse(body);
      if (!error.success) {
        reject(request.status === 0 ? new NetworkError() : new ApiError(request.status, 'internal', ''));
        return;
      }
      const { code, message, field } = error.data.error;
      if (code === 'authentication_required') options.onAuthenticationRequired?.(path);
      reject(new ApiError(request.status, code, message, field));
    };
    const form = new FormData();
    form.append(PHOTO_FIELD, file);
    request.send(form);
  });
}
