/**
 * The match finder questionnaire (SPEC §2.7 'Match finder', §9 'Match finder age buckets') as
 * pure functions: the three questions in order with their choices, and the answers kept in
 * the URL query (`/match-finder?age=&appearance=&race=`), so a result can be reloaded or
 * shared and the browser's Back goes to the previous question. See docs/match-finder.md.
 */
import type { MatchFinderAnswers } from '#src/contract/likes.ts';
import { MATCH_FINDER_AGE_BUCKETS } from '#src/lib/constants.ts';

export const MATCH_FINDER_PATH = '/match-finder';

/** The questions, one per screen, in this order. */
export const QUESTIONS = ['age', 'appearance', 'race'] as const;
export type Question = (typeof QUESTIONS)[number];

/** The choices of each question: the values the API takes. */
export const CHOICES: { readonly [Q in Question]: readonly MatchFinderAnswers[Q][] } = {
  age: MATCH_FINDER_AGE_BUCKETS.map((bucket) => bucket.key),
  appearance: ['normal', 'sexy'],
  race: ['white', 'other'],
};

/** The answers given so far. */
export type Answers = Partial<Pick<MatchFinderAnswers, Question>>;

function isChoice<Q extends Question>(question: Q, value: string | undefined): value is MatchFinderAnswers[Q] {
  return value !== undefined && (CHOICES[question] as readonly string[]).includes(value);
}

/**
 * The answers a URL query holds, in question order: it stops at the first question without a
 * valid answer, so a later answer never skips an earlier question.
 */
export function answersFromQuery(search: Readonly<Record<string, string | undefined>>): Answers {
  const { age, appearance, race } = search;
  if (!isChoice('age', age)) return {};
  if (!isChoice('appearance', appearance)) return { age };
  if (!isChoice('race', race)) return { age, appearance };
  return { age, appearance, race };
}

/** The question to ask next; null once all three are answered. */
export function currentQuestion(answers: Answers): Question | null {
  return QUESTIONS.find((question) => answers[question] === undefined) ?? null;
}

/** All three answers, or null while one is missing. */
export function completeAnswers(answers: Answers): MatchFinderAnswers | null {
  const { age, appearance, race } = answers;
  return age && appearance && race ? { age, appearance, race } : null;
}

/** The path of the match finder with these answers in its query, in question order. */
export function pathFor(answers: Answers): string {
  const query = new URLSearchParams();
  for (const question of QUESTIONS) {
    const value = answers[question];
    if (value === undefined) break;
    query.set(question, value);
  }
  const text = query.toString();
  return text ? `${MATCH_FINDER_PATH}?${text}` : MATCH_FINDER_PATH;
}

/** The answers of the questions before `question`. */
function answersBefore(answers: Answers, question: Question): Record<string, string | undefined> {
  const before: Record<string, string | undefined> = {};
  for (const asked of QUESTIONS.slice(0, QUESTIONS.indexOf(question))) before[asked] = answers[asked];
  return before;
}

/** The answers with `question` answered `value`; the answers of later questions are dropped. */
export function withAnswer<Q extends Question>(answers: Answers, question: Q, value: MatchFinderAnswers[Q]): Answers {
  return answersFromQuery({ ...answersBefore(answers, question), [question]: value });
}

/** The answers without the last one given: one question back. */
export function withoutLast(answers: Answers): Answers {
  const given = QUESTIONS.filter((question) => answers[question] !== undefined);
  const last = given[given.length - 1];
  return last ? answersFromQuery(answersBefore(answers, last)) : {};
}

/** The age bucket of an answer (for its label: '18 to 35', '35 and older'). */
export function ageBucket(key: MatchFinderAnswers['age']): (typeof MATCH_FINDER_AGE_BUCKETS)[number] {
  return MATCH_FINDER_AGE_BUCKETS.find((bucket) => bucket.key === key) ?? MATCH_FINDER_AGE_BUCKETS[0];
}
