/**
 * The match finder's questionnaire rules (src/features/match-finder/match-finder-rules.ts) and
 * its result store: answers in the URL query, in question order; one step forward and back;
 * only the newest request shows.
 */
import { describe, expect, it } from 'vitest';
import {
  CHOICES,
  QUESTIONS,
  answersFromQuery,
  completeAnswers,
  currentQuestion,
  pathFor,
  withAnswer,
  withoutLast,
} from '#src/features/match-finder/match-finder-rules.ts';
import { createMatchFinderStore } from '#src/features/match-finder/match-finder-store.ts';
import { MATCH_FINDER_AGE_BUCKETS } from '#src/lib/constants.ts';
import { scriptedApi } from '../fixtures/members.ts';
import { profileCard } from './member-profile-fixtures.ts';
import { testEnvironment } from './test-environment.ts';

describe('match finder questionnaire', () => {
  it('asks age, appearance and race, with the choices of SPEC §2.7 and the age buckets of §9', () => {
    expect(QUESTIONS).toEqual(['age', 'appearance', 'race']);
    expect(CHOICES).toEqual({ age: ['18-35', '35+'], appearance: ['normal', 'sexy'], race: ['white', 'other'] });
    expect(CHOICES.age).toEqual(MATCH_FINDER_AGE_BUCKETS.map((bucket) => bucket.key));
  });

  it('reads the answers from the query in question order, up to the first missing or unknown one', () => {
    expect(answersFromQuery({})).toEqual({});
    expect(answersFromQuery({ age: '35+', appearance: 'sexy', race: 'other', page: '2' })).toEqual({
      age: '35+',
      appearance: 'sexy',
      race: 'other',
    });
    expect(answersFromQuery({ age: '18-35', race: 'white' })).toEqual({ age: '18-35' });
    expect(answersFromQuery({ age: '40', appearance: 'sexy' })).toEqual({});
    expect(answersFromQuery({ age: '18-35', appearance: 'pretty', race: 'white' })).toEqual({ age: '18-35' });
  });

  it('asks the first unanswered question; all answered, the answers are complete', () => {
    expect(currentQuestion({})).toBe('age');
    expect(currentQuestion({ age: '35+' })).toBe('appearance');
    expect(currentQuestion({ age: '35+', appearance: 'normal' })).toBe('race');
    expect(currentQuestion({ age: '35+', appearance: 'normal', race: 'white' })).toBeNull();
    expect(completeAnswers({ age: '35+', appearance: 'normal' })).toBeNull();
    expect(completeAnswers({ age: '35+', appearance: 'normal', race: 'white' })).toEqual({
      age: '35+',
      appearance: 'normal',
      race: 'white',
    });
  });

  it('keeps the answers in the path, encoded', () => {
    expect(pathFor({})).toBe('/match-finder');
    expect(pathFor({ age: '35+' })).toBe('/match-finder?age=35%2B');
    expect(pathFor({ age: '18-35', appearance: 'sexy', race: 'other' })).toBe(
      '/match-finder?age=18-35&appearance=sexy&race=other',
    );
    const path = pathFor({ age: '35+', appearance: 'normal' });
    expect(answersFromQuery(Object.fromEntries(new URL(path, 'http://x').searchParams))).toEqual({
      age: '35+',
      appearance: 'normal',
    });
  });

  it('answers one question (dropping the later answers) and goes one back', () => {
    expect(withAnswer({}, 'age', '18-35')).toEqual({ age: '18-35' });
    expect(withAnswer({ age: '18-35' }, 'appearance', 'sexy')).toEqual({ age: '18-35', appearance: 'sexy' });
    expect(withAnswer({ age: '18-35', appearance: 'sexy', race: 'white' }, 'age', '35+')).toEqual({ age: '35+' });
    expect(withoutLast({ age: '18-35', appearance: 'sexy', race: 'white' })).toEqual({
      age: '18-35',
      appearance: 'sexy',
    });
    expect(withoutLast({ age: '18-35' })).toEqual({});
    expect(withoutLast({})).toEqual({});
  });
});

describe('match finder result store', () => {
  const answers = { age: '35+', appearance: 'sexy', race: 'other' } as const;

  it('asks match-finder.php with the answers and shows the profiles; the same answers are not asked twice', async () => {
    const { api, requests } = scriptedApi(() => ({ status: 200, body: { profiles: [profileCard()] } }));
    testEnvironment({ api });
    const store = createMatchFinderStore();
    await store.show(answers);
    expect(requests).toEqual([{ method: 'GET', path: '/api/match-finder.php', body: undefined }]);
    expect(store.$result.get()).toEqual({ status: 'ready', answers, profiles: [profileCard()] });
    await store.show({ ...answers });
    expect(requests).toHaveLength(1);
  });

  it('shows only the newest answers’ result', async () => {
    const { api } = scriptedApi(() => ({ status: 200, body: { profiles: [profileCard()] } }));
    testEnvironment({ api });
    const store = createMatchFinderStore();
    const first = store.show(answers);
    const second = store.show({ ...answers, age: '18-35' });
    await Promise.all([first, second]);
    expect(store.$result.get()).toMatchObject({ status: 'ready', answers: { age: '18-35' } });
    store.clear();
    expect(store.$result.get()).toEqual({ status: 'idle' });
  });

  it('says when the result could not be loaded, and loads it again', async () => {
    let fail = true;
    const { api } = scriptedApi(() =>
      fail
        ? { status: 400, body: { error: { code: 'invalid_input', message: 'Invalid' } } }
        : { status: 200, body: { profiles: [] } },
    );
    testEnvironment({ api });
    const store = createMatchFinderStore();
    await store.show(answers);
    expect(store.$result.get()).toEqual({ status: 'error', answers });
    fail = false;
    await store.reload();
    expect(store.$result.get()).toEqual({ status: 'ready', answers, profiles: [] });
  });
});
