/**
 * The swipe game screen as a member uses it: the big card, Yes / No by button, arrow key and
 * drag, the match modal, the swipes left, the daily limit with its hours, refills, a failed
 * decision that keeps the card, and the next image loading early.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import SwipeGameScreen from '#src/features/swipe-game/SwipeGameScreen.tsx';
import type { ProfileCard } from '#src/contract/members.ts';
import { catalogues, createI18n } from '#src/i18n/index.ts';
import { resetLikes } from '#src/stores/likes.ts';
import { resetSiteData } from '#src/stores/site-data.ts';
import { member } from '../fixtures/members.ts';
import { profileCard } from './member-profile-fixtures.ts';

const en = catalogues.en;
type Answer = { status: number; body: unknown };
type Request = { method: string; path: string; body: unknown };
type Route = (request: Request) => Answer | undefined;

const likesData = {
  profiles: [],
  liked_by: [],
  total_new_likes: 0,
  likes_left: 3,
  next_like_in_hours: null,
};

/** Answers the screen's calls from `route` (likes.php with empty lists); records them all. */
function serve(route: Route) {
  const requests: Request[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://localhost');
      const request = {
        method: init?.method ?? 'GET',
        path: url.pathname,
        body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
      };
      requests.push(request);
      const answer = route(request) ??
        (request.path === '/api/likes.php' ? { status: 200, body: likesData } : undefined) ?? {
          status: 404,
          body: { error: { code: 'not_found', message: 'Not found' } },
        };
      return Promise.resolve(
        new Response(JSON.stringify(answer.body), {
          status: answer.status,
          headers: { 'content-type': 'application/json' },
        }),
      );
    }),
  );
  return requests;
}

const card = (id: string, name: string, overrides: Partial<ProfileCard> = {}) =>
  profileCard({
    id,
    name,
    main_image: {
      thumb_filename: `/api/photo.php?id=${id}&v=thumb`,
      thumb_width: 240,
      thumb_height: 320,
      status: 'active',
      match: `/api/photo.php?id=${id}&v=match`,
    },
    ...overrides,
  });

const ANNA = card('anna', 'Anna', { age: 31, city: 'Utrecht' });
const BEA = card('bea', 'Bea', { age: 28, type: 'fictional', language: 'de' });
const CLEO = card('cleo', 'Cleo');
const DORA = card('dora', 'Dora');

const batch = (
  profiles: ProfileCard[],
  swipes = 20,
  likes = 4,
  nextInHours: number | null = null,
  likeHours: number | null = null,
): Answer => ({
  status: 200,
  body: { profiles, swipes_left: swipes, likes_left: likes, next_in_hours: nextInHours, next_like_in_hours: likeHours },
});
const decided = (swipes: number, likes: number, match = false): Answer => ({
  status: 200,
  body: { match, swipes_left: swipes, likes_left: likes },
});

/** A game serving `batches` one after another on GET and `decisions` in turn on POST. */
function game(batches: Answer[], decisions: Answer[] = []) {
  return serve(({ method, path }) => {
    if (path !== '/api/swipe.php') return undefined;
    if (method === 'GET') return batches.length > 1 ? batches.shift() : batches[0];
    return decisions.shift() ?? decided(19, 3);
  });
}

function renderScreen() {
  render(
    <I18nextProvider i18n={createI18n('en', en)}>
      <SwipeGameScreen user={member()} locale="en" />
    </I18nextProvider>,
  );
}

const shownCard = () => screen.getByRole('article');
const posts = (requests: Request[]) => requests.filter((r) => r.method === 'POST').map((r) => r.body);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  resetLikes();
  resetSiteData();
});

describe('swipe game', () => {
  it('shows one profile as a big card with its square image, details and the swipes left', async () => {
    game([batch([ANNA, BEA, CLEO, DORA], 12, 3)]);
    renderScreen();
    const article = await screen.findByRole('article', { name: 'Anna, 31' });
    expect(within(article).getByRole('img', { name: 'Photo of Anna' }).getAttribute('src')).toBe(
      '/api/photo.php?id=anna&v=match',
    );
    expect(within(article).getByText('Utrecht')).toBeTruthy();
    expect(within(article).getByRole('link', { name: /Anna/ }).getAttribute('href')).toBe('/members/anna');
    expect(screen.getByText('Swipes left today: 12')).toBeTruthy();
    expect(screen.getByText('Likes left today: 3')).toBeTruthy();
    expect(screen.getAllByRole('article')).toHaveLength(1);
  });

  it('sends a Yes, moves on to the next card at once and reloads the likes', async () => {
    const requests = game([batch([ANNA, BEA, CLEO, DORA])], [decided(19, 3)]);
    renderScreen();
    await screen.findByRole('article', { name: 'Anna, 31' });
    fireEvent.click(screen.getByRole('button', { name: en.swipe.yes }));
    // The next card shows before the answer is in.
    expect(shownCard().getAttribute('data-profile')).toBe('bea');
    await waitFor(() => expect(posts(requests)).toEqual([{ profile: 'anna', decision: 'yes' }]));
    await waitFor(() => expect(requests.some((r) => r.path === '/api/likes.php')).toBe(true));
    expect(await screen.findByText('Swipes left today: 19')).toBeTruthy();
    // Bea is fictional and speaks German: the warning and the language badge show.
    const article = shownCard();
    expect(within(article).getByRole('note').textContent).toBe(en.fictional.warning);
    expect(within(article).getByText('Speaks German')).toBeTruthy();
  });

  it('sends a No and does not touch the likes', async () => {
    const requests = game([batch([ANNA, BEA, CLEO, DORA])], [decided(19, 4)]);
    renderScreen();
    await screen.findByRole('article', { name: 'Anna, 31' });
    fireEvent.click(screen.getByRole('button', { name: en.swipe.no }));
    expect(shownCard().getAttribute('data-profile')).toBe('bea');
    await waitFor(() => expect(posts(requests)).toEqual([{ profile: 'anna', decision: 'no' }]));
    expect(await screen.findByText('Swipes left today: 19')).toBeTruthy();
    expect(requests.some((r) => r.path === '/api/likes.php')).toBe(false);
  });

  it('decides with the arrow keys: right is Yes, left is No', async () => {
    const requests = game([batch([ANNA, BEA, CLEO, DORA])]);
    renderScreen();
    await screen.findByRole('article', { name: 'Anna, 31' });
    fireEvent.keyDown(window, { key: 'ArrowRight' });
    expect(shownCard().getAttribute('data-profile')).toBe('bea');
    fireEvent.keyDown(window, { key: 'ArrowLeft' });
    expect(shownCard().getAttribute('data-profile')).toBe('cleo');
    // A key with a modifier is the browser's (e.g. Alt+Left is history back).
    fireEvent.keyDown(window, { key: 'ArrowLeft', altKey: true });
    expect(shownCard().getAttribute('data-profile')).toBe('cleo');
    await waitFor(() =>
      expect(posts(requests)).toEqual([
        { profile: 'anna', decision: 'yes' },
        { profile: 'bea', decision: 'no' },
      ]),
    );
  });

  it('decides when the card is dragged far enough, and springs back from a short drag', async () => {
    const requests = game([batch([ANNA, BEA, CLEO, DORA])]);
    renderScreen();
    const article = await screen.findByRole('article', { name: 'Anna, 31' });
    fireEvent.pointerDown(article, { clientX: 200, clientY: 300, pointerType: 'touch', pointerId: 1 });
    fireEvent.pointerMove(article, { clientX: 230, clientY: 302, pointerType: 'touch', pointerId: 1 });
    fireEvent.pointerUp(article, { clientX: 230, clientY: 302, pointerType: 'touch', pointerId: 1 });
    expect(shownCard().getAttribute('data-profile')).toBe('anna');

    fireEvent.pointerDown(article, { clientX: 200, clientY: 300, pointerType: 'touch', pointerId: 2 });
    fireEvent.pointerMove(article, { clientX: 60, clientY: 310, pointerType: 'touch', pointerId: 2 });
    fireEvent.pointerUp(article, { clientX: 60, clientY: 310, pointerType: 'touch', pointerId: 2 });
    expect(shownCard().getAttribute('data-profile')).toBe('bea');
    await waitFor(() => expect(posts(requests)).toEqual([{ profile: 'anna', decision: 'no' }]));
  });

  it('shows the match modal when a Yes makes a match', async () => {
    game([batch([ANNA, BEA, CLEO, DORA])], [decided(19, 3, true)]);
    renderScreen();
    await screen.findByRole('article', { name: 'Anna, 31' });
    fireEvent.click(screen.getByRole('button', { name: en.swipe.yes }));
    const dialog = await screen.findByRole('dialog', { name: en.likes.match.title });
    expect(within(dialog).getByRole('img', { name: 'Photo of Anna' }).getAttribute('src')).toBe(
      '/api/photo.php?id=anna&v=match',
    );
    // While the modal is open the arrow keys do not decide behind it.
    fireEvent.keyDown(window, { key: 'ArrowRight' });
    expect(shownCard().getAttribute('data-profile')).toBe('bea');
    fireEvent.click(within(dialog).getByRole('button', { name: en.likes.match.keep_browsing }));
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.keyDown(window, { key: 'ArrowRight' });
    expect(shownCard().getAttribute('data-profile')).toBe('cleo');
  });

  it('says the daily limit is reached, with the hours until the game goes on and the ways on', async () => {
    game([batch([], 0, 4, 5)]);
    renderScreen();
    const alert = await screen.findByRole('alert');
    // Likes are left: the text names the swipes only.
    expect(within(alert).getByText('You have no swipes left for today. You can swipe again in 5 hours.')).toBeTruthy();
    expect(within(alert).getByRole('link', { name: en.swipe.links.search }).getAttribute('href')).toBe('/members');
    expect(within(alert).getByRole('link', { name: en.swipe.links.likes }).getAttribute('href')).toBe('/likes');
    expect(screen.queryByRole('button', { name: en.swipe.yes })).toBeNull();
    expect(screen.queryByText(/Swipes left today/)).toBeNull();
  });

  it('shows the server’s daily-limit message when a decision is refused', async () => {
    const message = 'You have no Swipes and Likes left for today. You can swipe again in 3 hours.';
    game([batch([ANNA, BEA, CLEO, DORA])], [{ status: 429, body: { error: { code: 'swipe_limit', message } } }]);
    renderScreen();
    await screen.findByRole('article', { name: 'Anna, 31' });
    fireEvent.click(screen.getByRole('button', { name: en.swipe.no }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(message)).toBeTruthy();
    expect(screen.queryByRole('article')).toBeNull();
  });

  it('turns Yes off with the last like, says when likes come back, and No plays on', async () => {
    const requests = game([batch([ANNA, BEA, CLEO, DORA], 20, 1), batch([], 19, 0, null, 1)], [decided(19, 0)]);
    renderScreen();
    await screen.findByRole('article', { name: 'Anna, 31' });
    fireEvent.click(screen.getByRole('button', { name: en.swipe.yes }));
    const why = await screen.findByText(
      'You have no likes left today; you can still swipe No. Likes come back in 1 hour.',
    );
    const yes = screen.getByRole<HTMLButtonElement>('button', { name: en.swipe.yes });
    expect(yes.disabled).toBe(true);
    expect(yes.getAttribute('aria-describedby')).toBe(why.id);
    expect(screen.getByText('Swipes left today: 19')).toBeTruthy();
    expect(screen.getByText('Likes left today: 0')).toBeTruthy();
    expect(shownCard().getAttribute('data-profile')).toBe('bea');
    fireEvent.keyDown(window, { key: 'ArrowRight' });
    expect(shownCard().getAttribute('data-profile')).toBe('bea');
    fireEvent.click(screen.getByRole('button', { name: en.swipe.no }));
    expect(shownCard().getAttribute('data-profile')).toBe('cleo');
    await waitFor(() =>
      expect(posts(requests)).toEqual([
        { profile: 'anna', decision: 'yes' },
        { profile: 'bea', decision: 'no' },
      ]),
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the end message only once the swipes are used up as well as the likes', async () => {
    game([batch([ANNA, BEA, CLEO, DORA], 1, 0, null, 5), batch([], 0, 0, 5, 5)], [decided(0, 0)]);
    renderScreen();
    await screen.findByRole('article', { name: 'Anna, 31' });
    expect(
      screen.getByText('You have no likes left today; you can still swipe No. Likes come back in 5 hours.'),
    ).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: en.swipe.no }));
    const alert = await screen.findByRole('alert');
    expect(
      await within(alert).findByText('You have no Swipes and Likes left for today. You can swipe again in 5 hours.'),
    ).toBeTruthy();
    expect(screen.queryByRole('article')).toBeNull();
  });

  it('asks for more profiles when fewer than three wait, and says when nobody is left', async () => {
    const requests = game([batch([ANNA, BEA, CLEO]), batch([CLEO, DORA]), batch([])]);
    renderScreen();
    await screen.findByRole('article', { name: 'Anna, 31' });
    fireEvent.click(screen.getByRole('button', { name: en.swipe.no }));
    await waitFor(() =>
      expect(requests.filter((r) => r.method === 'GET' && r.path === '/api/swipe.php')).toHaveLength(2),
    );
    for (const next of ['bea', 'cleo', 'dora']) {
      await waitFor(() => expect(shownCard().getAttribute('data-profile')).toBe(next));
      fireEvent.click(screen.getByRole('button', { name: en.swipe.no }));
    }
    expect(await screen.findByRole('heading', { name: en.swipe.empty.title })).toBeTruthy();
    expect(posts(requests).map((body) => (body as { profile: string }).profile)).toEqual([
      'anna',
      'bea',
      'cleo',
      'dora',
    ]);
  });

  it('keeps the card when its decision fails, says so, and sends it again on Try again', async () => {
    const failed = { status: 500, body: { error: { code: 'internal', message: 'Server error' } } };
    const requests = game([batch([ANNA, BEA, CLEO, DORA])], [failed, decided(19, 3)]);
    renderScreen();
    await screen.findByRole('article', { name: 'Anna, 31' });
    fireEvent.click(screen.getByRole('button', { name: en.swipe.yes }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(en.swipe.errors.decision);
    expect(shownCard().getAttribute('data-profile')).toBe('anna');
    fireEvent.click(within(alert).getByRole('button', { name: en.swipe.retry }));
    expect(shownCard().getAttribute('data-profile')).toBe('bea');
    await waitFor(() =>
      expect(posts(requests)).toEqual([
        { profile: 'anna', decision: 'yes' },
        { profile: 'anna', decision: 'yes' },
      ]),
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('loads the next card’s image while the first is shown', async () => {
    const loaded: string[] = [];
    vi.stubGlobal(
      'Image',
      class {
        set src(value: string) {
          loaded.push(value);
        }
      },
    );
    game([batch([ANNA, BEA, CLEO, DORA])]);
    renderScreen();
    await screen.findByRole('article', { name: 'Anna, 31' });
    expect(loaded).toEqual(['/api/photo.php?id=bea&v=match']);
    fireEvent.click(screen.getByRole('button', { name: en.swipe.no }));
    expect(loaded).toEqual(['/api/photo.php?id=bea&v=match', '/api/photo.php?id=cleo&v=match']);
  });
});
