/**
 * The body of the signup photo step: file picker (and 'Take a photo' with the front camera
 * on phones), a preview, the upload with a progress bar, then the 'being inspected' note and
 * 'Continue'. Failed uploads show the translated error with 'Try again'. State and actions
 * live in signup-photo-store.ts.
 */
import { useRef } from 'react';
import { useStore } from '@nanostores/react';
import { useTranslation } from 'react-i18next';
import { uploadPhoto } from '#src/client/upload-photo.ts';
import { PHOTO_MAX_BYTES, PHOTO_MAX_PIXELS } from '#src/contract/photos.ts';
import { onAuthenticationRequired } from '#src/stores/session.ts';
import {
  $signupPhoto,
  chooseSignupPhoto,
  continueAfterSignupPhoto,
  retrySignupPhoto,
  skipSignupPhoto,
  type SignupPhotoEnv,
} from './signup-photo-store.ts';
import type { SignupError } from './signup-store.ts';
import { Alert } from '#src/ui/fields.tsx';
import PhotoFileInputs from '#src/ui/PhotoFileInputs.tsx';
import { useIsSmartphone } from './hooks.ts';

/** The browser's uploader and object URLs. */
export function browserPhotoEnv(): SignupPhotoEnv {
  return {
    upload: (file, onProgress) => uploadPhoto(file, { onProgress, onAuthenticationRequired }),
    createObjectURL: (file) => URL.createObjectURL(file),
    revokeObjectURL: (url) => URL.revokeObjectURL(url),
  };
}

function usePhotoErrorText(): (error: SignupError) => string {
  const { t, i18n } = useTranslation();
  return (error) => {
    if (error.message) return error.message;
    if (error.code === 'network') return t('auth.network_error');
    const key = `photos.errors.${error.code}`;
    return i18n.exists(key)
      ? t(key, { max_mb: PHOTO_MAX_BYTES / 1024 / 1024, max_megapixels: PHOTO_MAX_PIXELS / 1_000_000 })
      : t('errors.try_later');
  };
}

export function SignupPhotoUpload({ env = browserPhotoEnv }: { env?: () => SignupPhotoEnv }) {
  const { t } = useTranslation();
  const state = useStore($signupPhoto);
  const errorText = usePhotoErrorText();
  const phone = useIsSmartphone();
  const pickerRef = useRef<HTMLInputElement>(null);
  const cameraRef = useRef<HTMLInputElement>(null);

  const uploading = state.status === 'uploading';
  const percent = uploading ? Math.round(state.progress * 100) : 0;
  const error = state.status === 'failed' || state.status === 'idle' ? state.error : undefined;

  return (
    <>
      <PhotoFileInputs
        pickerRef={pickerRef}
        cameraRef={cameraRef}
        onFile={(file) => void chooseSignupPhoto(file, env())}
      />

      <div className="grid place-items-center overflow-hidden rounded-3xl border-2 border-dashed border-line bg-surface">
        {state.status === 'idle' || !state.previewUrl ? (
          <svg
            viewBox="0 0 24 24"
            className="my-10 size-14 text-ink-muted"
            fill="none"
            stroke="currentColor"
            aria-hidden="true"
          >
            <circle cx="12" cy="8" r="4" strokeWidth="1.6" />
            <path d="M4 21c0-4.4 3.6-7 8-7s8 2.6 8 7" strokeWidth="1.6" strokeLinecap="round" />
          </svg>
        ) : (
          <img src={state.previewUrl} alt={t('auth.photo.preview_alt')} className="max-h-72 w-full object-contain" />
        )}
      </div>

      {uploading && (
        <div role="status" aria-live="polite">
          <p className="mb-2 text-sm font-semibold">{t('auth.photo.uploading', { percent })}</p>
          <div
            className="h-2 overflow-hidden rounded-full bg-surface-alt"
            role="progressbar"
            aria-label={t('auth.photo.progress_label')}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
          >
            <div className="h-full rounded-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
          </div>
        </div>
      )}

      {error && <Alert tone="danger">{errorText(error)}</Alert>}

      {state.status === 'done' ? (
        <>
          <Alert tone="success">{t('auth.photo.being_inspected')}</Alert>
          <button type="button" className="btn btn-primary btn-lg w-full" onClick={continueAfterSignupPhoto}>
            {t('auth.photo.continue')}
          </button>
        </>
      ) : (
        <>
          <p className="text-ink-muted">{t('auth.photo.text')}</p>
          <p className="text-sm text-ink-muted">{t('auth.photo.hint')}</p>
          {state.status === 'failed' && (
            <button
              type="button"
              className="btn btn-primary btn-lg w-full"
              onClick={() => void retrySignupPhoto(env())}
            >
              {t('auth.photo.retry')}
            </button>
          )}
          <button
            type="button"
            className={`btn btn-lg w-full ${state.status === 'failed' ? 'btn-outline' : 'btn-primary'}`}
            disabled={uploading}
            onClick={() => pickerRef.current?.click()}
          >
            {state.status === 'failed' ? t('auth.photo.choose_another') : t('auth.photo.choose')}
          </button>
          {phone && (
            <button
              type="button"
              className="btn btn-outline btn-lg w-full"
              disabled={uploading}
              onClick={() => cameraRef.current?.click()}
            >
              {t('auth.photo.take')}
            </button>
          )}
        </>
      )}
      {state.status !== 'done' && (
        <button type="button" className="btn btn-ghost btn-lg w-full" onClick={skipSignupPhoto}>
          {t('auth.photo.skip')}
        </button>
      )}
    </>
  );
}
