/**
 * The match finder screen as a member uses it: one question per step with progress and Back,
 * the answers in the URL, the result asked with them and shown as a grid of profile cards,
 * none found, start again, and a failed load with retry.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import MatchFinderScreen from '#src/features/match-finder/MatchFinderScreen.tsx';
import type { ProfileCard } from '#src/contract/members.ts';
import { catalogues, createI18n } from '#src/i18n/index.ts';
import { $router } from '#src/stores/router.ts';
import { resetSiteData } from '#src/stores/site-data.ts';
import { member } from '../fixtures/members.ts';
import { profileCard } from './member-profile-fixtures.ts';

const en = catalogues.en;
const q = en.match_finder.questions;

/** Answers match-finder.php with `answer(query)`; records the queries asked. */
function serve(answer: (query: Record<string, string>) => { status: number; body: unknown }) {
  const queries: Record<string, string>[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string) => {
      const url = new URL(input, 'http://localhost');
      const query = Object.fromEntries(url.searchParams);
      const result =
        url.pathname === '/api/match-finder.php'
          ? (queries.push(query), answer(query))
          : { status: 404, body: { error: { code: 'not_found', message: 'Not found' } } };
      return Promise.resolve(
        new Response(JSON.stringify(result.body), {
          status: result.status,
          headers: { 'content-type': 'application/json' },
        }),
      );
    }),
  );
  return queries;
}

const found = (profiles: ProfileCard[]) => () => ({ status: 200, body: { profiles } });
const cards = (count: number) =>
  Array.from({ length: count }, (_, index) => profileCard({ id: `p${index}`, name: `Member ${index}` }));

function renderAt(path: string) {
  $router.open(path);
  render(
    <I18nextProvider i18n={createI18n('en', en)}>
      <MatchFinderScreen user={member()} locale="en" />
    </I18nextProvider>,
  );
}

const search = () => location.search;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  resetSiteData();
});

describe('match finder', () => {
  it('asks three questions, one per screen with progress, keeping each answer in the URL', async () => {
    const queries = serve(found(cards(5)));
    renderAt('/match-finder');
    expect(screen.getByRole('heading', { level: 2, name: q.age.title })).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Question 1 of 3' }).getAttribute('aria-valuenow')).toBe('1');
    expect(screen.getByText('1/3')).toBeTruthy();
    expect(screen.queryByRole('button', { name: en.common.back })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: '35 and older' }));
    expect(search()).toBe('?age=35%2B');
    expect(screen.getByRole('heading', { level: 2, name: q.appearance.title })).toBeTruthy();
    expect(screen.getByText('2/3')).toBeTruthy();
    // Focus follows the member to the new question.
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2 }));

    fireEvent.click(screen.getByRole('button', { name: new RegExp(q.appearance.choices.sexy) }));
    expect(search()).toBe('?age=35%2B&appearance=sexy');
    expect(screen.getByRole('heading', { level: 2, name: q.race.title })).toBeTruthy();
    expect(screen.getByText(q.race.note)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: q.race.choices.other }));
    expect(search()).toBe('?age=35%2B&appearance=sexy&race=other');
    expect(await screen.findByRole('heading', { name: 'We found 5 members who match you' })).toBeTruthy();
    expect(queries).toEqual([{ age: '35+', appearance: 'sexy', race: 'other' }]);
  });

  it('goes one question back with Back, and with the browser’s Back', async () => {
    serve(found([]));
    renderAt('/match-finder');
    fireEvent.click(screen.getByRole('button', { name: '18 to 35' }));
    fireEvent.click(screen.getByRole('button', { name: new RegExp(q.appearance.choices.normal) }));
    expect(screen.getByRole('heading', { level: 2, name: q.race.title })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: en.common.back }));
    expect(screen.getByRole('heading', { level: 2, name: q.appearance.title })).toBeTruthy();
    expect(search()).toBe('?age=18-35');

    act(() => history.back());
    await waitFor(() => expect(screen.getByRole('heading', { level: 2, name: q.race.title })).toBeTruthy());
    expect(search()).toBe('?age=18-35&appearance=normal');
  });

  it('shows the result of answers in the URL (a reload or a shared link) as a grid of profile cards', async () => {
    const queries = serve(found([profileCard({ id: 'k1', name: 'Sanne', age: 37, type: 'fictional' }), ...cards(2)]));
    renderAt('/match-finder?age=35%2B&appearance=normal&race=white');
    expect(screen.getByRole('status').textContent).toContain(en.match_finder.loading);
    const heading = await screen.findByRole('heading', { name: 'We found 3 members who match you' });
    expect(queries).toEqual([{ age: '35+', appearance: 'normal', race: 'white' }]);
    const result = heading.closest('section') as HTMLElement;
    const answers = within(result).getByRole('list', { name: en.match_finder.result.answers });
    expect(
      within(answers)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['35 and older', q.appearance.choices.normal, q.race.choices.white]);
    const grid = within(result).getAllByRole('list')[1] as HTMLElement;
    expect(grid.className).toContain('grid-cols-2');
    expect(grid.className).toContain('sm:grid-cols-3');
    expect(grid.className).toContain('lg:grid-cols-4');
    const first = within(grid).getAllByRole('article')[0] as HTMLElement;
    expect(within(first).getByRole('heading', { name: 'Sanne, 37' })).toBeTruthy();
    expect(within(first).getByText(en.fictional.warning)).toBeTruthy();
    expect(within(result).getByRole('link', { name: en.match_finder.result.swipe_game }).getAttribute('href')).toBe(
      '/swipe-game',
    );
    expect(within(result).getByRole('link', { name: en.match_finder.result.search }).getAttribute('href')).toBe(
      '/members',
    );
  });

  it('says when nobody matches, and starts again from the first question', async () => {
    serve(found([]));
    renderAt('/match-finder?age=18-35&appearance=sexy&race=white');
    expect(await screen.findByRole('heading', { name: en.match_finder.result.none_title })).toBeTruthy();
    expect(screen.getByText(en.match_finder.result.none_text)).toBeTruthy();
    expect(screen.queryAllByRole('article')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: en.match_finder.result.start_again }));
    expect(search()).toBe('');
    expect(screen.getByRole('heading', { level: 2, name: q.age.title })).toBeTruthy();
  });

  it('starts at the first unanswered question of a partial or broken URL', () => {
    serve(found([]));
    renderAt('/match-finder?age=18-35&appearance=pretty&race=white');
    expect(screen.getByRole('heading', { level: 2, name: q.appearance.title })).toBeTruthy();
    expect(screen.getByText('2/3')).toBeTruthy();
  });

  it('says when the result could not be loaded, and tries again', async () => {
    let fail = true;
    const queries = serve(() =>
      fail
        ? { status: 400, body: { error: { code: 'invalid_input', message: 'Invalid' } } }
        : { status: 200, body: { profiles: cards(1) } },
    );
    renderAt('/match-finder?age=18-35&appearance=sexy&race=other');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(en.match_finder.errors.load);
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: en.match_finder.retry }));
    expect(await screen.findByRole('heading', { name: 'We found 1 member who matches you' })).toBeTruthy();
    expect(queries).toHaveLength(2);
  });
});
