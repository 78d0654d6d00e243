/**
 * The signup photo step as a member meets it: pick a file, see the preview and the upload
 * progress, then the 'being inspected' note and Continue; a refused photo shows the
 * server's text with 'Try again'. The camera button shows on phones only.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { ApiError } from '#src/client/api.ts';
import type { OwnPhoto } from '#src/contract/photos.ts';
import { catalogues } from '#src/i18n/index.ts';
import IslandI18n from '#src/ui/IslandI18n.tsx';
import { SignupPhotoUpload } from '#src/features/auth/SignupPhotoUpload.tsx';
import { authCatalogue } from '#src/features/auth/catalogue.ts';
import { resetSignupPhoto, type SignupPhotoEnv } from '#src/features/auth/signup-photo-store.ts';
import { $signup } from '#src/features/auth/signup-state.ts';
import { resumeSignup } from '#src/features/auth/signup-store.ts';
import { testEnvironment } from './test-environment.ts';

const en = catalogues.en;
const catalogue = authCatalogue(en);
const photo: OwnPhoto = {
  id: 'abc5defghij',
  status: 'being_inspected',
  thumb_url: '/api/photo.php?id=abc5defghij&v=thumb',
  url: '/api/photo.php?id=abc5defghij&v=full',
  width: 600,
  height: 800,
  is_main: true,
  premium: false,
  reject_reason: null,
};

function phone(matches: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn(() => ({ matches, addEventListener: vi.fn(), removeEventListener: vi.fn() })),
  );
}

function renderStep(upload: SignupPhotoEnv['upload']) {
  const env = () => ({ upload, createObjectURL: () => 'blob:preview', revokeObjectURL: vi.fn() });
  return render(
    <IslandI18n locale="en" catalogue={catalogue}>
      <SignupPhotoUpload env={env} />
    </IslandI18n>,
  );
}

function pick() {
  const file = new File([new Uint8Array(10)], 'me.jpg', { type: 'image/jpeg' });
  fireEvent.change(screen.getByTestId('photo-input'), { target: { files: [file] } });
}

beforeEach(() => {
  testEnvironment();
  resetSignupPhoto();
  resumeSignup('anna@example.com');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('signup photo step', () => {
  it('uploads with a progress bar, then shows the photo as being inspected and continues', async () => {
    phone(false);
    let progress: ((fraction: number) => void) | undefined;
    let finish: ((value: OwnPhoto) => void) | undefined;
    renderStep((_file, onProgress) => {
      progress = onProgress;
      return new Promise((resolve) => (finish = resolve));
    });
    expect(screen.queryByRole('button', { name: en.auth.photo.take })).toBeNull();
    const input = screen.getByTestId('photo-input');
    expect(input.getAttribute('accept')).toBe('image/jpeg,image/png,image/webp,image/heic,image/heif');
    expect(screen.getByTestId('photo-camera-input').getAttribute('capture')).toBe('user');

    pick();
    act(() => progress?.(0.5));
    expect(screen.getByRole('progressbar', { name: en.auth.photo.progress_label }).getAttribute('aria-valuenow')).toBe(
      '50',
    );
    expect(screen.getByRole('img', { name: en.auth.photo.preview_alt }).getAttribute('src')).toBe('blob:preview');

    await act(() => {
      finish?.(photo);
      return Promise.resolve();
    });
    expect(screen.getByText(en.auth.photo.being_inspected)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: en.auth.photo.continue }));
    expect($signup.get()).toMatchObject({ step: 'personal', page: 2 });
  });

  it("shows the server's text with Try again, and offers the camera on phones", async () => {
    phone(true);
    const upload = vi
      .fn<SignupPhotoEnv['upload']>()
      .mockRejectedValueOnce(new ApiError(415, 'photo_type', 'Please choose a JPEG, PNG, WebP or HEIC photo.'))
      .mockResolvedValueOnce(photo);
    renderStep(upload);
    expect(screen.getByRole('button', { name: en.auth.photo.take })).toBeTruthy();
    pick();
    expect((await screen.findByRole('alert')).textContent).toBe('Please choose a JPEG, PNG, WebP or HEIC photo.');
    fireEvent.click(screen.getByRole('button', { name: en.auth.photo.retry }));
    expect(await screen.findByText(en.auth.photo.being_inspected)).toBeTruthy();
    expect(upload).toHaveBeenCalledTimes(2);
  });

  it('Skip for now leaves the step', () => {
    phone(false);
    renderStep(vi.fn());
    fireEvent.click(screen.getByRole('button', { name: en.auth.photo.skip }));
    expect($signup.get()).toMatchObject({ step: 'personal', page: 2 });
  });
});
