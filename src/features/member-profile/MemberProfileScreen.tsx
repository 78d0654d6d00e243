/**
 * A member profile page (route members-id, SPEC §2.7 'Member profile'): photos (premium-only
 * ones blurred behind a lock), name and age, language badge, like state, the fictional
 * warning, the like / message / gift / block buttons, details and related profiles. Mobile
 * first; from lg the photos sit left of the details. State and actions live in
 * member-profile-store.ts; the server clears the profile's new-like marker on opening. A
 * like that makes a match opens the match modal; a refused like (the daily limit) shows the
 * server's message next to the Like button.
 */
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useStore } from '@nanostores/react';
import { useTranslation } from 'react-i18next';
import type { CurrentUser } from '#src/contract/user.ts';
import type { MemberProfile, ProfileCard as ProfileCardDto } from '#src/contract/members.ts';
import type { Locale } from '#src/lib/locales.ts';
import { likeIcon } from '#src/lib/profile-rules.ts';
import LanguageBadge from '../profile-card/LanguageBadge.tsx';
import ProfileCard, { LIKE_ICONS } from '../profile-card/ProfileCard.tsx';
import LineIcon from '#src/ui/LineIcon.tsx';
import MatchModal from '../likes/MatchModal.tsx';
import ReportButton from '#src/features/reports/ReportButton.tsx';
import BlockUserModal from './BlockUserModal.tsx';
import PhotoGallery from './PhotoGallery.tsx';
import ProfileDetails from './ProfileDetails.tsx';
import { createMemberProfileStore, type MemberProfileState, type MemberProfileStore } from './member-profile-store.ts';
import Spinner from '#src/ui/Spinner.tsx';

interface Props {
  id: string;
  user: CurrentUser;
  locale: Locale;
  brand: string;
}

export default function MemberProfileScreen({ id, user, locale, brand }: Props) {
  const { t } = useTranslation();
  const store = useMemo(() => createMemberProfileStore(id), [id]);
  useEffect(() => {
    void store.load();
  }, [store]);
  const state = useStore(store.$state);

  const heading =
    state.status === 'ready'
      ? state.profile.name
      : state.status === 'not_found'
        ? t('member_profile.not_available.title')
        : null;
  useEffect(() => {
    document.title = heading ? `${heading} · ${brand}` : brand;
  }, [heading, brand]);

  switch (state.status) {
    case 'loading':
      return <Spinner label={t('common.loading')} />;
    case 'blocked':
      return (
        <Notice>
          <p role="alert" className="font-semibold">
            {state.message}
          </p>
        </Notice>
      );
    case 'not_found':
      return (
        <Notice>
          <h1 className="text-xl font-bold">{t('member_profile.not_available.title')}</h1>
          <p className="mt-2 text-ink-muted">{t('member_profile.not_available.text')}</p>
        </Notice>
      );
    case 'error':
      return (
        <Notice>
          <p role="alert" className="font-semibold text-danger">
            {state.message}
          </p>
          <button type="button" className="btn btn-primary mt-4" onClick={() => void store.load()}>
            {t('member_profile.retry')}
          </button>
        </Notice>
      );
    case 'ready':
      if (state.profile.blocked_by_me) {
        return <BlockedByMe profile={state.profile} store={store} busy={state.action !== 'idle'} error={state.error} />;
      }
      return (
        <div className="flex flex-col gap-10">
          <Profile
            profile={state.profile}
            store={store}
            own={state.profile.id === user.profile.id}
            locale={locale}
            action={state.action}
            error={state.error}
            likeError={state.likeError}
          />
          <Related related={state.related} locale={locale} />
          {state.match && <MatchModal profile={state.match} user={user} locale={locale} onClose={store.closeMatch} />}
        </div>
      );
  }
}

/** A short message in place of the page, with the way back to the search. */
function Notice({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="card mx-auto max-w-lg p-6 text-center sm:p-8">
      {children}
      <a href="/members" className="btn btn-outline mt-5">
        {t('member_profile.back_to_search')}
      </a>
    </div>
  );
}

function Profile({
  profile,
  store,
  own,
  locale,
  action,
  error,
  likeError,
}: {
  profile: MemberProfile;
  store: MemberProfileStore;
  own: boolean;
  locale: Locale;
  action: Extract<MemberProfileState, { status: 'ready' }>['action'];
  error: string | null;
  likeError: string | null;
}) {
  const { t } = useTranslation();
  const [blockOpen, setBlockOpen] = useState(false);
  const like = likeIcon(profile);
  return (
    <article aria-labelledby="member-profile-name" className="grid gap-6 lg:grid-cols-2 lg:gap-10">
      <PhotoGallery photos={profile.photos} name={profile.name} reportable={!own} />
      <div className="flex min-w-0 flex-col gap-5">
        <header className="flex flex-col gap-2">
          <h1 id="member-profile-name" className="text-2xl font-bold break-words sm:text-3xl">
            {profile.name}, {profile.age}
          </h1>
          <div className="flex flex-wrap gap-2 text-sm">
            <LanguageBadge
              profile={profile}
              locale={locale}
              className="gap-1.5 border border-line bg-surface px-3 py-1"
            />
            {like && (
              <span
                data-like={like}
                className="inline-flex items-center gap-1.5 rounded-full bg-primary-soft px-3 py-1 font-semibold text-primary-ink"
              >
                <LineIcon name={LIKE_ICONS[like]} className="size-4" />
                {t(`member_profile.like_state.${like}`, { name: profile.name })}
              </span>
            )}
          </div>
        </header>
        {profile.type === 'fictional' && (
          <p role="note" className="flex gap-3 rounded-2xl border-2 border-warning bg-surface p-4 font-semibold">
            <LineIcon name="mask" className="size-6 shrink-0 text-warning" />
            {t('fictional.warning')}
          </p>
        )}
        {own ? (
          <p className="rounded-2xl bg-primary-soft p-4 text-sm">
            {t('member_profile.own.text')}{' '}
            <a href="/profile" className="font-semibold">
              {t('member_profile.own.edit')}
            </a>
          </p>
        ) : (
          <Actions
            profile={profile}
            store={store}
            liking={action === 'liking' || action === 'unliking'}
            likeError={likeError}
            onBlock={() => setBlockOpen(true)}
          />
        )}
        <ProfileDetails profile={profile} locale={locale} />
      </div>
      {blockOpen && (
        <BlockUserModal
          name={profile.name}
          busy={action === 'blocking'}
          error={error}
          onConfirm={() => void store.block()}
          onClose={() => setBlockOpen(false)}
        />
      )}
    </article>
  );
}

function Actions({
  profile,
  store,
  liking,
  likeError,
  onBlock,
}: {
  profile: MemberProfile;
  store: MemberProfileStore;
  /** A like or unlike is under way. */
  liking: boolean;
  likeError: string | null;
  onBlock: () => void;
}) {
  const { t } = useTranslation();
  const base = `/members/${encodeURIComponent(profile.id)}`;
  const liked = profile.did_like_profile;
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap gap-2 sm:gap-3">
        <button
          type="button"
          aria-describedby={likeError ? 'member-profile-like-error' : undefined}
          disabled={liking}
          onClick={() => void (liked ? store.unlike() : store.like())}
          className="btn btn-outline disabled:opacity-60"
        >
          <LineIcon name={liked ? 'heart-in' : 'heart'} className="size-5" />
          {liked ? t('member_profile.actions.unlike') : t('member_profile.actions.like')}
        </button>
        <a href={`${base}/chat`} className="btn btn-primary">
          <LineIcon name="mail" className="size-5" />
          {t('member_profile.actions.message')}
        </a>
        <a href={`${base}/chat#gifts`} className="btn btn-outline">
          <LineIcon name="gift" className="size-5" />
          {t('member_profile.actions.gift')}
        </a>
        <button type="button" className="btn btn-ghost" onClick={onBlock}>
          <LineIcon name="block" className="size-5" />
          {t('member_profile.actions.block')}
        </button>
        <ReportButton target="profile" id={profile.id} />
      </div>
      {likeError && (
        <p id="member-profile-like-error" role="alert" className="text-sm font-semibold text-danger">
          {likeError}
        </p>
      )}
    </div>
  );
}

function BlockedByMe({
  profile,
  store,
  busy,
  error,
}: {
  profile: MemberProfile;
  store: MemberProfileStore;
  busy: boolean;
  error: string | null;
}) {
  const { t } = useTranslation();
  return (
    <div className="card mx-auto max-w-lg p-6 text-center sm:p-8">
      <h1 className="text-xl font-bold">{t('member_profile.blocked_by_me.title', { name: profile.name })}</h1>
      <p className="mt-2 text-ink-muted">{t('member_profile.blocked_by_me.text')}</p>
      {error && (
        <p role="alert" className="mt-3 text-sm font-semibold text-danger">
          {error}
        </p>
      )}
      <div className="mt-5 flex flex-wrap justify-center gap-3">
        <button
          type="button"
          className="btn btn-primary disabled:opacity-60"
          onClick={() => void store.unblock()}
          disabled={busy}
        >
          {t('member_profile.actions.unblock')}
        </button>
        <a href="/members" className="btn btn-outline">
          {t('member_profile.back_to_search')}
        </a>
      </div>
    </div>
  );
}

function Related({ related, locale }: { related: ProfileCardDto[]; locale: Locale }) {
  const { t } = useTranslation();
  if (related.length === 0) return null;
  return (
    <section aria-labelledby="member-profile-related">
      <h2 id="member-profile-related" className="text-xl font-bold">
        {t('member_profile.related')}
      </h2>
      <ul className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4">
        {related.map((card) => (
          <li key={card.id}>
            <ProfileCard card={card} locale={locale} />
          </li>
        ))}
      </ul>
    </section>
  );
}
