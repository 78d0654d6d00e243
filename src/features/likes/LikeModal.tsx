/**
 * The like modal (SPEC §2.6 'Like modal'): the members island mounts it when the URL has
 * `?t=<seconds>` and keeps it until `onClose`. After t seconds, t leaves the URL and the
 * modal shows the supplied profile or the auto-like one (a chat pal who likes the member):
 * 'It's a Match', 'New like!', the profile's match image and name (opening /members/{id}),
 * and a button that starts a conversation. The flow lives in like-modal-store.ts.
 */
import { useEffect, useMemo } from 'react';
import { useStore } from '@nanostores/react';
import { useTranslation } from 'react-i18next';
import type { ProfileCard } from '#src/contract/members.ts';
import type { CurrentUser } from '#src/contract/user.ts';
import type { Locale } from '#src/lib/locales.ts';
import { $router } from '#src/stores/router.ts';
import MatchDialog from './MatchDialog.tsx';
import LineIcon from '#src/ui/LineIcon.tsx';
import { createLikeModalStore, withoutQueryParam } from './like-modal-store.ts';

interface Props {
  user: CurrentUser;
  locale: Locale;
  onClose: () => void;
  /** The URL's `t` when the modal was asked for (seconds, SPEC §2.6). */
  delay: string | undefined;
  /** The profile to show; without it the auto-like profile is fetched. */
  profile?: ProfileCard;
}

export default function LikeModal({ onClose, delay, profile }: Props) {
  const store = useMemo(
    () =>
      createLikeModalStore({
        t: delay,
        profile,
        removeT: () => {
          const { pathname, search, hash } = window.location;
          $router.open(withoutQueryParam(pathname + search + hash, 't'), true);
        },
      }),
    // The flow runs once per mounting, from the URL it was asked with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
  useEffect(() => {
    store.start();
    return store.stop;
  }, [store]);
  const state = useStore(store.$state);
  useEffect(() => {
    if (state.status === 'closed') onClose();
  }, [state.status, onClose]);
  return state.status === 'shown' ? <AutoLikeDialog profile={state.profile} onClose={onClose} /> : null;
}

function AutoLikeDialog({ profile, onClose }: { profile: ProfileCard; onClose: () => void }) {
  const { t } = useTranslation();
  const href = `/members/${encodeURIComponent(profile.id)}`;
  return (
    <MatchDialog profile={profile} onClose={onClose} width="w-[min(24rem,calc(100vw-2rem))]">
      {(textId) => (
        <>
          <p id={textId} className="mt-1 inline-flex items-center gap-1.5 font-semibold text-primary-ink">
            <LineIcon name="heart-in" className="size-5" />
            {t('likes.modal.new_like')}
          </p>
          <a href={href} onClick={onClose} className="mt-4 block text-ink no-underline">
            {profile.main_image ? (
              <img
                src={profile.main_image.match}
                alt=""
                width={224}
                height={224}
                className="mx-auto aspect-square w-48 rounded-3xl object-cover elevation-1 sm:w-56"
              />
            ) : (
              <span className="mx-auto flex aspect-square w-48 items-center justify-center rounded-3xl bg-ink-soft text-ink-muted sm:w-56">
                <LineIcon name="user" className="size-16 opacity-60" />
              </span>
            )}
            <span className="mt-3 block text-lg font-bold">
              {profile.name}, {profile.age}
            </span>
          </a>
        </>
      )}
    </MatchDialog>
  );
}
