/**
 * The match finder, route match-finder (SPEC §2.7 'Match finder'; design in
 * docs/match-finder.md): three questions (age, appearance, race), one per screen with big
 * choice buttons, progress and Back; then "We found N members who match you" with a grid of
 * profile cards, or a none-found note, and the ways on (start again, swipe game, search).
 * The answers live in the URL query, so the browser's Back, a reload or a shared link show
 * the same step; the result comes from match-finder-store.ts.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { useTranslation } from 'react-i18next';
import type { MatchFinderAnswers } from '#src/contract/likes.ts';
import type { Translate } from '#src/i18n/index.ts';
import type { CurrentUser } from '#src/contract/user.ts';
import type { Locale } from '#src/lib/locales.ts';
import { $router, navigate } from '#src/stores/router.ts';
import ProfileCard from '../profile-card/ProfileCard.tsx';
import LinkButtons from '#src/ui/LinkButtons.tsx';
import ProgressBar from '#src/ui/ProgressBar.tsx';
import Spinner from '#src/ui/Spinner.tsx';
import {
  CHOICES,
  MATCH_FINDER_PATH,
  QUESTIONS,
  ageBucket,
  answersFromQuery,
  completeAnswers,
  currentQuestion,
  pathFor,
  withAnswer,
  withoutLast,
  type Answers,
  type Question,
} from './match-finder-rules.ts';
import { createMatchFinderStore, type MatchFinderStore } from './match-finder-store.ts';

interface Props {
  user: CurrentUser;
  locale: Locale;
}

export default function MatchFinderScreen({ locale }: Props) {
  const { t } = useTranslation();
  const page = useStore($router);
  const answers = answersFromQuery(page?.search ?? {});
  const question = currentQuestion(answers);
  const complete = completeAnswers(answers);
  // A string, so the effect runs when the answers change, not when the router object does.
  const resultPath = complete ? pathFor(complete) : null;

  const store = useMemo(() => createMatchFinderStore(), []);
  // After the first screen (a choice, Back, the browser's Back), focus goes to the question.
  const [firstPath] = useState(() => pathFor(answers));
  const [navigated, setNavigated] = useState(false);
  const go = (path: string) => {
    setNavigated(true);
    navigate(path);
  };
  const moved = navigated || pathFor(answers) !== firstPath;
  useEffect(() => {
    if (resultPath === null) store.clear();
    else void store.show(completeAnswers(answersFromQuery(queryOf(resultPath))) as MatchFinderAnswers);
  }, [resultPath, store]);

  return (
    <div className="flex flex-col gap-6">
      <header className="mx-auto w-full max-w-xl text-center">
        <h1 className="text-2xl font-bold sm:text-3xl">{t('match_finder.title')}</h1>
        {question && <p className="mt-1 text-ink-muted">{t('match_finder.intro')}</p>}
      </header>
      {question ? (
        <QuestionStep key={question} question={question} answers={answers} focus={moved} go={go} />
      ) : (
        <Result store={store} locale={locale} go={go} />
      )}
    </div>
  );
}

function queryOf(path: string): Record<string, string> {
  return Object.fromEntries(new URL(path, 'http://x').searchParams);
}

/** One question: progress, the question, its choices as big buttons, and Back. */
function QuestionStep({
  question,
  answers,
  focus,
  go,
}: {
  question: Question;
  answers: Answers;
  /** Move the focus to the question (the screen changed under the member's hands). */
  focus: boolean;
  go: (path: string) => void;
}) {
  const { t } = useTranslation();
  const step = QUESTIONS.indexOf(question) + 1;
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focus) heading.current?.focus();
    // Only when the question appears: QuestionStep is keyed by question.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const choose = (value: string) =>
    go(pathFor(withAnswer(answers, question, value as MatchFinderAnswers[typeof question])));
  return (
    <section className="card mx-auto w-full max-w-xl bg-surface p-5 sm:p-8">
      <div className="flex items-center gap-3 text-sm font-semibold text-ink-muted">
        <span aria-hidden="true">
          {step}/{QUESTIONS.length}
        </span>
        <ProgressBar
          label={t('match_finder.progress', { step, total: QUESTIONS.length })}
          value={step}
          min={1}
          max={QUESTIONS.length}
          className="h-2 flex-1 bg-ink-soft"
        />
      </div>
      <h2 ref={heading} tabIndex={-1} className="mt-5 text-xl font-bold outline-none sm:text-2xl">
        {t(`match_finder.questions.${question}.title`)}
      </h2>
      {question === 'race' && <p className="mt-2 text-sm text-ink-muted">{t('match_finder.questions.race.note')}</p>}
      <div className="mt-5 grid gap-3 sm:grid-cols-2">
        {CHOICES[question].map((value) => (
          <button
            key={value}
            type="button"
            className="flex min-h-20 flex-col items-center justify-center gap-1 rounded-2xl border-2 border-line bg-surface-alt px-4 py-3 text-center transition-colors hover:border-primary hover:bg-primary-soft focus-visible:border-primary"
            onClick={() => choose(value)}
          >
            <span className="text-lg font-bold">{choiceLabel(t, question, value)}</span>
            {question === 'appearance' && (
              <span className="text-sm text-ink-muted">
                {t(`match_finder.questions.appearance.hints.${value as MatchFinderAnswers['appearance']}`)}
              </span>
            )}
          </button>
        ))}
      </div>
      {step > 1 && (
        <button type="button" className="btn btn-ghost mt-5" onClick={() => go(pathFor(withoutLast(answers)))}>
          {t('common.back')}
        </button>
      )}
    </section>
  );
}

/** The label of a choice: age buckets from MATCH_FINDER_AGE_BUCKETS, the others by key. */
function choiceLabel(t: Translate, question: Question, value: string): string {
  if (question === 'age') {
    const bucket = ageBucket(value as MatchFinderAnswers['age']);
    return bucket.max === null
      ? t('match_finder.questions.age.over', { min: bucket.min })
      : t('match_finder.questions.age.range', { min: bucket.min, max: bucket.max });
  }
  return question === 'race'
    ? t(`match_finder.questions.race.choices.${value as MatchFinderAnswers['race']}`)
    : t(`match_finder.questions.appearance.choices.${value as MatchFinderAnswers['appearance']}`);
}

function Result({ store, locale, go }: { store: MatchFinderStore; locale: Locale; go: (path: string) => void }) {
  const { t } = useTranslation();
  const result = useStore(store.$result);
  if (result.status === 'idle' || result.status === 'loading') return <Spinner label={t('match_finder.loading')} />;
  if (result.status === 'error') {
    return (
      <section role="alert" className="card mx-auto w-full max-w-xl bg-surface p-6 text-center">
        <p className="font-semibold text-danger">{t('match_finder.errors.load')}</p>
        <button type="button" className="btn btn-primary mt-4" onClick={() => void store.reload()}>
          {t('match_finder.retry')}
        </button>
      </section>
    );
  }
  const { answers, profiles } = result;
  const found = profiles.length > 0;
  return (
    <section aria-labelledby="match-finder-result" className="flex flex-col gap-5">
      <div className="text-center">
        <h2 id="match-finder-result" className="text-xl font-bold sm:text-2xl">
          {found ? t('match_finder.result.title', { count: profiles.length }) : t('match_finder.result.none_title')}
        </h2>
        {!found && <p className="mt-2 text-ink-muted">{t('match_finder.result.none_text')}</p>}
        <ul aria-label={t('match_finder.result.answers')} className="mt-3 flex flex-wrap justify-center gap-2 text-sm">
          {QUESTIONS.map((question) => (
            <li key={question} className="rounded-full bg-primary-soft px-3 py-1 font-semibold text-primary-ink">
              {choiceLabel(t, question, answers[question])}
            </li>
          ))}
        </ul>
      </div>
      {found && (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4">
          {profiles.map((card, index) => (
            <li key={card.id}>
              <ProfileCard card={card} locale={locale} eager={index < 4} />
            </li>
          ))}
        </ul>
      )}
      <div className="flex flex-wrap justify-center gap-3">
        <button type="button" className="btn btn-primary" onClick={() => go(MATCH_FINDER_PATH)}>
          {t('match_finder.result.start_again')}
        </button>
        <LinkButtons
          outline
          links={[
            { href: '/swipe-game', label: t('match_finder.result.swipe_game') },
            { href: '/members', label: t('match_finder.result.search') },
          ]}
        />
      </div>
    </section>
  );
}
