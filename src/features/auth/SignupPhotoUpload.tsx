/**
 * The body of the signup photo step: file picker (and 'Take a photo' with the front camera
 * on phones), a preview, the upload with a progress bar, then the 'being inspected' note and
 * 'Continue'. Failed uploads show the error in the member's language with 'Try again'. State
 * and actions live in signup-photo-store.ts.
 */
import { useRef } from 'react';
import { useStore } from '@nanostores/react';
import { useTranslation } from 'react-i18next';
import { uploadPhoto } from '#src/client/upload-photo.ts';
import { onAuthenticationRequired } from '#src/stores/session.ts';
import {
  $signupPhoto,
  chooseSignupPhoto,
  continueAfterSignupPhoto,
  retrySignupPhoto,
  signupPhotoForm,
  skipSignupPhoto,
  type SignupPhotoEnv,
} from './signup-photo-store.ts';
import { Alert } from '#src/ui/fields.tsx';
import PhotoFileInputs from '#src/ui/PhotoFileInputs.tsx';
import ProgressBar from '#src/ui/ProgressBar.tsx';
import { useForm } from '#src/ui/use-form.ts';
import { useIsSmartphone } from './hooks.ts';

/** The browser's uploader and object URLs. */
export function browserPhotoEnv(): SignupPhotoEnv {
  return {
    upload: (file, onProgress) => uploadPhoto(file, { onProgress, onAuthenticationRequired }),
    createObjectURL: (file) => URL.createObjectURL(file),
    revokeObjectURL: (url) => URL.revokeObjectURL(url),
  };
}

export function SignupPhotoUpload({ env = browserPhotoEnv }: { env?: () => SignupPhotoEnv }) {
  const { t } = useTranslation();
  const { previewUrl, progress } = useStore($signupPhoto);
  const { busy: uploading, error, done } = useForm(signupPhotoForm);
  const phone = useIsSmartphone();
  const pickerRef = useRef<HTMLInputElement>(null);
  const cameraRef = useRef<HTMLInputElement>(null);

  const percent = uploading ? Math.round(progress * 100) : 0;
  // An upload that failed can be tried again; a file refused before sending has no preview.
  const failed = error !== null && previewUrl !== null;

  return (
    <>
      <PhotoFileInputs
        pickerRef={pickerRef}
        cameraRef={cameraRef}
        onFile={(file) => void chooseSignupPhoto(file, env())}
      />

      <div className="grid place-items-center overflow-hidden rounded-3xl border-2 border-dashed border-line bg-surface">
        {!previewUrl ? (
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
          <img src={previewUrl} alt={t('auth.photo.preview_alt')} className="max-h-72 w-full object-contain" />
        )}
      </div>

      {uploading && (
        <div role="status" aria-live="polite">
          <p className="mb-2 text-sm font-semibold">{t('auth.photo.uploading', { percent })}</p>
          <ProgressBar label={t('auth.photo.progress_label')} value={percent} />
        </div>
      )}

      {error && <Alert tone="danger">{error}</Alert>}

      {done ? (
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
          {failed && (
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
            className={`btn btn-lg w-full ${failed ? 'btn-outline' : 'btn-primary'}`}
            disabled={uploading}
            onClick={() => pickerRef.current?.click()}
          >
            {failed ? t('auth.photo.choose_another') : t('auth.photo.choose')}
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
      {!done && (
        <button type="button" className="btn btn-ghost btn-lg w-full" onClick={skipSignupPhoto}>
          {t('auth.photo.skip')}
        </button>
      )}
    </>
  );
}
