/**
 * /signup-matches (SPEC §2.1): a signup variant that first asks whom the visitor is looking
 * for and shows a few matching profiles of the site as teasers (GET /api/teasers.php: name,
 * age, city; no photos yet), then the signup form. Every fictional card carries the
 * fictional warning (trust rule).
 */
import '#src/styles/islands.css';
import { useMemo, useState } from 'react';
import { useStore } from '@nanostores/react';
import { useTranslation } from 'react-i18next';
import { AGE_RANGES, GENDERS, type Gender } from '#src/lib/constants.ts';
import type { AuthIslandProps } from '#src/features/auth/catalogue.ts';
import IslandI18n from '#src/ui/IslandI18n.tsx';
import { SignupShell } from '#src/features/auth/SignupShell.tsx';
import { SignupSteps } from '#src/features/auth/SignupSteps.tsx';
import { Alert, SelectField } from '#src/ui/fields.tsx';
import {
  createSignupMatchesStore,
  type AgeRangeKey,
  type SignupMatchesStore,
} from '#src/features/auth/signup-matches-store.ts';
import { useForm } from '#src/ui/use-form.ts';

type SignupDefaults = { gender: Gender; seeking: Gender };

interface Props extends AuthIslandProps {
  signupFlowEmbeddedSiteEntryWarning?: boolean;
  /** The site's preselected gender and 'looking for' (sites.config.ts `signupDefaults`). */
  defaults?: SignupDefaults;
}

export default function SignupMatches({
  locale,
  catalogue,
  signupFlowEmbeddedSiteEntryWarning = false,
  defaults = { gender: 'male', seeking: 'female' },
}: Props) {
  return (
    <IslandI18n locale={locale} catalogue={catalogue}>
      <Matches embeddedWarning={signupFlowEmbeddedSiteEntryWarning} defaults={defaults} />
    </IslandI18n>
  );
}

function Matches({ embeddedWarning, defaults }: { embeddedWarning: boolean; defaults: SignupDefaults }) {
  const { t } = useTranslation();
  const store = useMemo(() => createSignupMatchesStore(), []);
  const phase = useStore(store.$phase);
  const [gender, setGender] = useState<Gender>(defaults.gender);
  const [seeking, setSeeking] = useState<Gender>(defaults.seeking);
  const [age, setAge] = useState<AgeRangeKey>('all');

  if (phase.name === 'form')
    return <SignupShell presentation="page">{(titleId) => <SignupSteps titleId={titleId} />}</SignupShell>;

  const ageLabel = (key: AgeRangeKey) => (key === 'all' ? t('auth.matches.age_all') : key.replace('-', '–'));
  return (
    <div className="mx-auto w-full max-w-3xl px-3 py-6 sm:py-8">
      <div className="card bg-surface p-5 text-ink elevation-2 sm:p-8">
        {phase.name === 'choose' ? (
          <form
            className="flex flex-col gap-5"
            onSubmit={(e) => {
              e.preventDefault();
              void store.teasersForm.submit({ gender, seeking, age });
            }}
          >
            <div>
              <h1 className="text-2xl font-extrabold tracking-tight sm:text-3xl">{t('auth.matches.title')}</h1>
              <p className="mt-1 text-ink-muted">{t('auth.matches.subtitle')}</p>
            </div>
            <div className="grid gap-4 sm:grid-cols-3">
              <SelectField
                label={t('auth.signup.gender')}
                value={gender}
                onChange={(e) => setGender(e.target.value as Gender)}
              >
                {GENDERS.map((g) => (
                  <option key={g} value={g}>
                    {t(`auth.signup.${g}`)}
                  </option>
                ))}
              </SelectField>
              <SelectField
                label={t('auth.signup.seeking')}
                value={seeking}
                onChange={(e) => setSeeking(e.target.value as Gender)}
              >
                {GENDERS.map((g) => (
                  <option key={g} value={g}>
                    {t(`auth.signup.seeking_${g}`)}
                  </option>
                ))}
              </SelectField>
              <SelectField
                label={t('auth.matches.age')}
                value={age}
                onChange={(e) => setAge(e.target.value as AgeRangeKey)}
              >
                {AGE_RANGES.map(({ key }) => (
                  <option key={key} value={key}>
                    {ageLabel(key)}
                  </option>
                ))}
              </SelectField>
            </div>
            <button type="submit" className="btn btn-primary btn-lg w-full">
              {t('auth.matches.show')}
            </button>
          </form>
        ) : (
          <div className="flex flex-col gap-5">
            <div>
              <h1 className="text-2xl font-extrabold tracking-tight sm:text-3xl">{t('auth.matches.found_title')}</h1>
              <p className="mt-1 text-ink-muted">{t('auth.matches.teaser_hint')}</p>
            </div>
            <Teasers store={store} />
            <button
              type="button"
              className="btn btn-primary btn-lg w-full"
              onClick={() => store.startForm(embeddedWarning)}
            >
              {t('auth.matches.cta')}
            </button>
          </div>
        )}
      </div>
    </div>
  );
}

function Teasers({ store }: { store: SignupMatchesStore }) {
  const { t } = useTranslation();
  const { busy, error } = useForm(store.teasersForm);
  const profiles = useStore(store.$teasers);
  if (busy)
    return (
      <p role="status" className="text-ink-muted">
        {t('teasers.loading')}
      </p>
    );
  if (error) return <Alert tone="info">{t('teasers.error')}</Alert>;
  if (profiles.length === 0) return <Alert tone="info">{t('teasers.none')}</Alert>;
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3" aria-live="polite">
      {profiles.map((profile) => (
        <li
          key={profile.id}
          className="flex flex-col overflow-hidden rounded-2xl border border-line bg-surface-alt"
          data-type={profile.type}
        >
          <div className="hero-band grid place-items-center py-6">
            <span
              className="grid size-16 place-items-center rounded-full bg-surface text-3xl font-extrabold text-primary-ink"
              aria-hidden="true"
            >
              {Array.from(profile.name)[0]?.toUpperCase() ?? '?'}
            </span>
          </div>
          <div className="flex flex-1 flex-col gap-1 p-3 text-sm">
            <p className="font-bold break-words">{profile.name}</p>
            <p className="text-ink-muted">
              {t('teasers.age', { age: profile.age })}
              {profile.city && ` · ${profile.city}`}
            </p>
            {profile.type === 'fictional' && (
              <div className="mt-1">
                <span className="inline-block rounded-full bg-primary-soft px-2 py-0.5 text-xs font-semibold text-ink">
                  {t('fictional.singular')}
                </span>
                <p className="mt-1 text-xs text-ink-muted">{t('fictional.warning')}</p>
              </div>
            )}
          </div>
        </li>
      ))}
    </ul>
  );
}
