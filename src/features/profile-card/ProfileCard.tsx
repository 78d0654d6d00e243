/**
 * A profile card (SPEC §2.7 'Profile card'), built from the `profileCard` DTO: optional
 * title, 'new like' badge, language badge (SPEC §5), thumbnail or a no-image placeholder,
 * name and age, the location fields the DTO carries, the fictional warning and like icons
 * (SPEC §4), and the envelope button of design version 2. Used by the related profiles of a
 * profile page and by the member search.
 */
import { useTranslation } from 'react-i18next';
import type { ProfileCard as ProfileCardDto } from '#src/contract/members.ts';
import { likeIcon, profileLanguageName, showLanguageBadge, type LikeIcon } from '#src/lib/profile-rules.ts';
import { locationParts } from './profile-location.ts';
import NoPhoto from './NoPhoto.tsx';
import type { IconName } from '#src/ui/icon-shapes.ts';
import LineIcon from '#src/ui/LineIcon.tsx';
import { useRegions } from './use-regions.ts';
import FictionalMark from './FictionalMark.tsx';

export interface ProfileCardProps {
  card: ProfileCardDto;
  /** The interface locale: language badge rule and country names. */
  locale: string;
  /** A line above the name (e.g. why this profile is suggested). */
  title?: string | undefined;
  /** The envelope button that opens the chat (design version 2); default shown. */
  messageButton?: boolean;
  /** Load the image at once (cards in the first screenful); default lazy. */
  eager?: boolean;
}

/** The icon of each like state; shared with the member profile page. */
export const LIKE_ICONS: Record<LikeIcon, IconName> = {
  match: 'match',
  'did-like': 'heart',
  'like-received': 'heart-in',
};

export default function ProfileCard({ card, locale, title, messageButton = true, eager = false }: ProfileCardProps) {
  const { t } = useTranslation();
  const regions = useRegions(card.countryregion !== undefined);
  const location = locationParts(card, locale, regions).join(', ');
  const like = likeIcon(card);
  const href = `/members/${encodeURIComponent(card.id)}`;
  const languageBadge = showLanguageBadge(card.language, card.country, locale);
  const language = profileLanguageName(card.language, locale);
  return (
    <article className="card relative overflow-hidden" data-profile={card.id}>
      <a href={href} className="block text-ink no-underline">
        <div className="relative aspect-[3/4] bg-ink-soft">
          {card.main_image ? (
            <img
              src={card.main_image.thumb_filename}
              width={card.main_image.thumb_width}
              height={card.main_image.thumb_height}
              alt={t('member_profile.card.photo_alt', { name: card.name })}
              loading={eager ? 'eager' : 'lazy'}
              decoding="async"
              className="size-full object-cover"
            />
          ) : (
            <NoPhoto iconClassName="size-16" />
          )}
          {/* One wrapping row: when the language does not fit beside the icons, the icons move
              below it instead of covering it. */}
          <div className="absolute inset-x-2 top-2 flex flex-wrap items-start gap-1">
            <div className="flex max-w-full min-w-0 flex-col items-start gap-1">
              {card.like_new && (
                <span className="rounded-full bg-unread px-2.5 py-0.5 text-xs font-bold text-on-unread elevation-1">
                  {t('member_profile.badges.new_like')}
                </span>
              )}
              {languageBadge && (
                <span
                  title={t('member_profile.badges.language', { language })}
                  className="inline-flex max-w-full items-center gap-1 rounded-2xl bg-surface px-2 py-0.5 text-xs font-semibold text-ink [overflow-wrap:anywhere] elevation-1"
                >
                  <LineIcon name="globe" className="size-3.5 shrink-0" />
                  <span className="sr-only">{t('member_profile.badges.language', { language })}</span>
                  <span aria-hidden="true">{language}</span>
                </span>
              )}
            </div>
            <div className="ml-auto flex flex-col items-end gap-1">
              {card.type === 'fictional' && <FictionalMark size="medium" className="elevation-1" />}
              {like && (
                <span
                  title={t(`member_profile.like_state.${like}`, { name: card.name })}
                  data-like={like}
                  className="flex size-8 items-center justify-center rounded-full bg-surface text-primary elevation-1"
                >
                  <LineIcon name={LIKE_ICONS[like]} className="size-5" />
                  <span className="sr-only">{t(`member_profile.like_state.${like}`, { name: card.name })}</span>
                </span>
              )}
            </div>
          </div>
        </div>
        <div className={`p-3 ${messageButton ? 'sm:pr-14' : ''}`}>
          {title && <p className="eyebrow truncate text-primary-ink">{title}</p>}
          {/* One text, so nothing comes between name and comma; a narrow card wraps it, a long
              word breaks rather than being cut to a letter. */}
          <h3 className="font-bold break-words">{`${card.name}, ${card.age}`}</h3>
          {location && <p className="line-clamp-2 text-sm break-words text-ink-muted">{location}</p>}
        </div>
      </a>
      {messageButton && (
        // Phones: on the photo's lower corner (a box the photo's size), so the name and place
        // below get the card's whole width. Wider: beside them, at the card's lower corner.
        <div className="pointer-events-none absolute inset-x-0 top-0 aspect-[3/4] sm:static sm:aspect-auto">
          <a
            href={`${href}/chat`}
            aria-label={t('member_profile.card.message', { name: card.name })}
            title={t('member_profile.card.message', { name: card.name })}
            className="pointer-events-auto absolute right-2 bottom-2 flex size-10 items-center justify-center rounded-full bg-primary text-on-primary no-underline elevation-1 hover:bg-primary-deep sm:size-11"
          >
            <LineIcon name="mail" className="size-5" />
          </a>
        </div>
      )}
    </article>
  );
}
