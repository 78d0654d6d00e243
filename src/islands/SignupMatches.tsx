/**
 * /signup-matches (SPEC §2.1): a signup variant that first asks whom the visitor is looking
 * for and shows a few matching members as teasers, then the signup form. The teasers are
 * generic, non-identifying placeholders until public search exists.
 */
import '../styles/islands.css';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AGE_RANGES, GENDERS, type Gender } from '../lib/constants.ts';
import { AuthProvider, type AuthIslandProps } from '../features/auth/AuthProvider.tsx';
import { SignupShell } from '../features/auth/SignupShell.tsx';
import { SignupSteps } from '../features/auth/SignupSteps.tsx';
import { inputClass } from '../features/auth/fields.tsx';
import { startSignup } from '../features/auth/signup-store.ts';

interface Props extends AuthIslandProps {
  signupFlowEmbeddedSiteEntryWarning?: boolean;
}

type AgeRangeKey = (typeof AGE_RANGES)[number]['key'];
type Phase =
  { name: 'choose' } | { name: 'teasers'; gender: Gender; seeking: Gender; age: AgeRangeKey } | { name: 'form' };

/** How many teaser cards to show. */
const TEASERS = 6;

export default function SignupMatches({ locale, catalogue, signupFlowEmbeddedSiteEntryWarning = false }: Props) {
  return (
    <AuthProvider locale={locale} catalogue={catalogue}>
      <Matches embeddedWarning={signupFlowEmbeddedSiteEntryWarning} />
    </AuthProvider>
  );
}

function Matches({ embeddedWarning }: { embeddedWarning: boolean }) {
  const { t } = useTranslation();
  const [phase, setPhase] = useState<Phase>({ name: 'choose' });
  const [gender, setGender] = useState<Gender>('male');
  const [seeking, setSeeking] = useState<Gender>('female');
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
              setPhase({ name: 'teasers', gender, seeking, age });
            }}
          >
            <div>
              <h1 className="text-2xl font-extrabold tracking-tight sm:text-3xl">{t('auth.matches.title')}</h1>
              <p className="mt-1 text-ink-muted">{t('auth.matches.subtitle')}</p>
            </div>
            <div className="grid gap-4 sm:grid-cols-3">
              <Select
                label={t('auth.signup.gender')}
                id="matches-gender"
                value={gender}
                onChange={(v) => setGender(v as Gender)}
              >
                {GENDERS.map((g) => (
                  <option key={g} value={g}>
                    {t(`auth.signup.${g}`)}
                  </option>
                ))}
              </Select>
              <Select
                label={t('auth.signup.seeking')}
                id="matches-seeking"
                value={seeking}
                onChange={(v) => setSeeking(v as Gender)}
              >
                {GENDERS.map((g) => (
                  <option key={g} value={g}>
                    {t(`auth.signup.seeking_${g}`)}
                  </option>
                ))}
              </Select>
              <Select
                label={t('auth.matches.age')}
                id="matches-age"
                value={age}
                onChange={(v) => setAge(v as AgeRangeKey)}
              >
                {AGE_RANGES.map(({ key }) => (
                  <option key={key} value={key}>
                    {ageLabel(key)}
                  </option>
                ))}
              </Select>
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
            <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
              {Array.from({ length: TEASERS }, (_, i) => (
                <li key={i} className="overflow-hidden rounded-2xl border border-line bg-surface-alt">
                  <div className="hero-band grid place-items-center py-6">
                    <svg viewBox="0 0 24 24" className="size-14" fill="currentColor" aria-hidden="true">
                      <circle cx="12" cy="8" r="4.2" />
                      <path d="M3.5 22c0-5 3.8-8 8.5-8s8.5 3 8.5 8z" />
                    </svg>
                  </div>
                  <div className="p-3 text-sm">
                    <p className="font-bold">{t('auth.matches.teaser_hidden')}</p>
                    <p className="text-ink-muted">
                      {t(`auth.signup.${phase.seeking}`)}
                      {phase.age !== 'all' && ` · ${t('auth.matches.teaser_age', { range: ageLabel(phase.age) })}`}
                    </p>
                    {i % 2 === 0 && (
                      <p className="mt-1 flex items-center gap-1.5 text-xs font-semibold text-success">
                        <span className="size-1.5 rounded-full bg-success" aria-hidden="true" />
                        {t('auth.matches.online')}
                      </p>
                    )}
                  </div>
                </li>
              ))}
            </ul>
            <button
              type="button"
              className="btn btn-primary btn-lg w-full"
              onClick={() => {
                startSignup({
                  embeddedSiteEntryWarning: embeddedWarning,
                  prefill: { gender: phase.gender, seeking: phase.seeking },
                });
                setPhase({ name: 'form' });
              }}
            >
              {t('auth.matches.cta')}
            </button>
          </div>
        )}
      </div>
    </div>
  );
}

function Select({
  label,
  id,
  value,
  onChange,
  children,
}: {
  label: string;
  id: string;
  value: string;
  onChange: (value: string) => void;
  children: React.ReactNode;
}) {
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block font-semibold">
        {label}
      </label>
      <select id={id} className={inputClass} value={value} onChange={(e) => onChange(e.target.value)}>
        {children}
      </select>
    </div>
  );
}
