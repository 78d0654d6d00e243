/**
 * The match modal (SPEC §2.6 'Other named modals'): shown when a like makes a match (a like
 * back on the likes page, the Like button of a profile page, the swipe game, the match
 * finder, a 'new match' link /likes/m/{id}). 'It's a Match' with both members' images and the
 * other's name; "Send a message" opens the chat with them, "Keep browsing" closes it.
 */
import { useTranslation } from 'react-i18next';
import type { ProfileCard } from '#src/contract/members.ts';
import type { CurrentUser } from '#src/contract/user.ts';
import type { Locale } from '#src/lib/locales.ts';
import MatchDialog from './MatchDialog.tsx';
import LineIcon from '#src/ui/LineIcon.tsx';

interface Props {
  profile: ProfileCard;
  user: CurrentUser;
  locale: Locale;
  onClose: () => void;
}

export default function MatchModal({ profile, user, onClose }: Props) {
  const { t } = useTranslation();
  const own = user.profile.main_image;
  return (
    <MatchDialog profile={profile} onClose={onClose} width="w-[min(26rem,calc(100vw-2rem))]">
      {(textId) => (
        <>
          <div className="mt-5 flex items-center justify-center">
            <MatchImage
              src={own && own.status !== 'rejected' ? own.thumb_filename : null}
              alt={t('likes.match.your_photo')}
              initial={user.name}
            />
            <span className="z-10 -mx-3 flex size-10 items-center justify-center rounded-full bg-primary text-on-primary elevation-2">
              <LineIcon name="match" className="size-5" />
            </span>
            <MatchImage
              src={profile.main_image ? profile.main_image.match : null}
              alt={t('member_profile.card.photo_alt', { name: profile.name })}
              initial={profile.name}
            />
          </div>
          <p id={textId} className="mt-5 text-ink-muted">
            {t('likes.match.text', { name: profile.name })}
          </p>
        </>
      )}
    </MatchDialog>
  );
}

/** A round image of one of the pair; their initial where there is no image to show. */
function MatchImage({ src, alt, initial }: { src: string | null; alt: string; initial: string }) {
  return src ? (
    <img
      src={src}
      alt={alt}
      width={112}
      height={112}
      className="size-24 rounded-full border-4 border-surface object-cover elevation-1 sm:size-28"
    />
  ) : (
    <span
      role="img"
      aria-label={alt}
      className="flex size-24 items-center justify-center rounded-full border-4 border-surface bg-primary text-3xl font-bold text-on-primary uppercase elevation-1 sm:size-28"
    >
      {initial.charAt(0)}
    </span>
  );
}
