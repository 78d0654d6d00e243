/**
 * 'My profile' (route profile, SPEC §2.7): photos, basics, location, personal info and
 * interests, each section saved on its own. Phones get one column with the photos first;
 * wide screens put the photos beside the forms. State and rules live in profile-store.ts;
 * unsaved edits hold the member back from leaving (beforeunload, the router's leave guard).
 */
import { useEffect, useMemo } from 'react';
import { useStore } from '@nanostores/react';
import { useTranslation } from 'react-i18next';
import { uploadPhoto } from '#src/client/upload-photo.ts';
import type { CurrentUser } from '#src/contract/user.ts';
import type { Locale } from '#src/lib/locales.ts';
import { setLeaveGuard } from '#src/stores/router.ts';
import { onAuthenticationRequired } from '#src/stores/session.ts';
import { loadInterests, loadRegions, loadSiteSettings } from '#src/stores/site-data.ts';
import { Alert } from '#src/ui/fields.tsx';
import AttributesFields from './AttributesFields.tsx';
import BasicsFields from './BasicsFields.tsx';
import InterestsPicker from './InterestsPicker.tsx';
import LocationFields from './LocationFields.tsx';
import PhotoManager from './PhotoManager.tsx';
import { createProfileStore, refreshSessionUser } from './profile-store.ts';

const ignore = () => undefined;

export default function ProfileScreen({ user, locale }: { user: CurrentUser; locale: Locale }) {
  const { t } = useTranslation();
  const store = useMemo(
    () =>
      createProfileStore({
        email: user.email,
        upload: (file, onProgress) => uploadPhoto(file, { onProgress, onAuthenticationRequired }),
        onUserChanged: refreshSessionUser,
      }),
    [user.email],
  );
  useEffect(() => {
    void store.load();
    return store.dispose;
  }, [store]);
  useEffect(() => {
    // Unsaved edits: the browser asks before the page goes, the router before the screen does.
    window.addEventListener('beforeunload', store.onBeforeUnload);
    const removeGuard = setLeaveGuard(store.mayLeave);
    return () => {
      window.removeEventListener('beforeunload', store.onBeforeUnload);
      removeGuard();
    };
  }, [store]);
  useEffect(() => {
    // Without them the lists fall back to the member's own country, no regions, no icons.
    loadSiteSettings().catch(ignore);
    loadRegions().catch(ignore);
    loadInterests().catch(ignore);
  }, []);
  const state = useStore(store.$profile);
  const draft = useStore(store.$draft);

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-5">
      <header>
        <h1 className="text-2xl font-bold sm:text-3xl">{t('profile.title')}</h1>
        <p className="mt-1 text-ink-muted">{t('profile.intro')}</p>
      </header>
      {state.status === 'loading' && (
        <p role="status" className="p-8 text-center text-ink-muted">
          {t('common.loading')}
        </p>
      )}
      {state.status === 'error' && (
        <Alert tone="danger">
          <span className="flex flex-wrap items-center justify-between gap-3">
            {t('profile.load_failed')}
            <button type="button" className="btn btn-outline" onClick={() => void store.load()}>
              {t('profile.retry')}
            </button>
          </span>
        </Alert>
      )}
      {state.status === 'ready' && draft && (
        <div className="grid gap-5 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] lg:items-start">
          <PhotoManager store={store} profile={state.profile} />
          <div className="flex flex-col gap-5">
            <BasicsFields store={store} draft={draft} />
            <LocationFields store={store} draft={draft} locale={locale} />
            <AttributesFields store={store} draft={draft} />
            <InterestsPicker store={store} draft={draft} />
          </div>
        </div>
      )}
    </div>
  );
}
