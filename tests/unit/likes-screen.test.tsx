import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createApiClient } from '#src/client/api.ts';
import LikesScreen from '#src/features/likes/LikesScreen.tsx';
import { catalogues, createI18n } from '#src/i18n/index.ts';
import { resetLikes } from '#src/stores/likes.ts';
import { $router } from '#src/stores/router.ts';
import { resetSiteData } from '#src/stores/site-data.ts';
import type { LikesData } from '#src/contract/likes.ts';
import { member } from '../fixtures/members.ts';
import { testEnvironment } from './test-environment.ts';
import { profileCard } from './member-profile-fixtures.ts';
import { DAILY_LIMIT_MESSAGE, dailyLimitAnswer, likesData } from './likes-fixtures.ts';

// The island's client over the stubbed fetch, without the waits between retries (a 429 is retried).
beforeEach(() => {
  testEnvironment({ api: createApiClient({ delay: () => 0 }) });
});

const en = catalogues.en;
type Answer = { status: number; body: unknown };
type Route = (method: string, path: string, body: unknown) => Answer | undefined;

/** Serves likes.php with `data` (and `route` first); records every request. */
function serve(data: LikesData, route: Route = () => undefined) {
  const requests: { method: string; path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://localhost');
      const method = init?.method ?? 'GET';
      const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      requests.push({ method, path: url.pathname, body });
      const answer: Answer =
        route(method, url.pathname, body) ??
        (method === 'GET' && url.pathname === '/api/likes.php'
          ? { status: 200, body: data }
          : { status: 404, body: { error: { code: 'not_found', message: 'Not found' } } });
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

function renderScreen(type: string | null = null, memberId: string | null = null) {
  return render(
    <I18nextProvider i18n={createI18n('en', en)}>
      <LikesScreen user={member()} locale="en" type={type} memberId={memberId} />
    </I18nextProvider>,
  );
}

const tabs = () => within(screen.getByRole('navigation', { name: en.likes.tabs.label }));
const cardNames = () => screen.queryAllByRole('article').map((card) => within(card).getByRole('heading').textContent);

beforeEach(() => {
  Element.prototype.scrollIntoView = vi.fn();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  resetLikes();
  resetSiteData();
});

describe('likes page', () => {
  it('shows the received likes first, new ones first, with tabs counting each list', async () => {
    serve(likesData());
    renderScreen();
    expect(await screen.findByRole('heading', { level: 1, name: en.likes.title })).toBeTruthy();
    const received = tabs().getByRole('link', { name: `${en.likes.tabs.received} 2` });
    expect(received.getAttribute('href')).toBe('/likes/received');
    expect(received.getAttribute('aria-current')).toBe('page');
    expect(
      tabs()
        .getByRole('link', { name: `${en.likes.tabs.sent} 2` })
        .getAttribute('href'),
    ).toBe('/likes/sent');
    expect(
      tabs()
        .getByRole('link', { name: `${en.likes.tabs.matches} 1` })
        .getAttribute('href'),
    ).toBe('/likes/matches');
    expect(cardNames()).toEqual(['Anna, 34', 'Bea, 34']);
    const [anna, bea] = screen.getAllByRole('article');
    expect(within(anna!).getByText(en.member_profile.badges.new_like)).toBeTruthy();
    expect(within(bea!).queryByText(en.member_profile.badges.new_like)).toBeNull();
    expect(screen.getByText('3 of 4 likes left today')).toBeTruthy();
  });

  it('keeps the tabs on one row that scrolls on its own, and lets the like buttons wrap', async () => {
    serve(likesData());
    renderScreen('sent');
    await screen.findAllByRole('article');
    const row = tabs().getByRole('list');
    expect(row.className).toContain('overflow-x-auto');
    for (const tab of tabs().getAllByRole('link')) expect(tab.className).toContain('whitespace-nowrap');
    const unlike = screen.getByRole('button', { name: 'Unlike, Cleo' });
    expect(unlike.className).not.toContain('whitespace-nowrap');
    expect(unlike.className).toContain('[overflow-wrap:anywhere]');
  });

  it('shows the received likes for an unknown type, and the other tabs by their type', async () => {
    serve(likesData());
    const view = renderScreen('whatever');
    await screen.findAllByRole('article');
    expect(cardNames()).toEqual(['Anna, 34', 'Bea, 34']);
    view.rerender(
      <I18nextProvider i18n={createI18n('en', en)}>
        <LikesScreen user={member()} locale="en" type="matches" memberId={null} />
      </I18nextProvider>,
    );
    expect(cardNames()).toEqual(['Bea, 34']);
    expect(tabs().getByRole('link', { current: 'page' }).getAttribute('href')).toBe('/likes/matches');
  });

  it('unlikes from the sent likes: the card and the match go', async () => {
    const requests = serve(likesData(), (method) =>
      method === 'DELETE' ? { status: 200, body: { ok: true, likes_left: 3 } } : undefined,
    );
    renderScreen('sent');
    await screen.findAllByRole('article');
    expect(cardNames()).toEqual(['Bea, 34', 'Cleo, 34']);
    fireEvent.click(screen.getByRole('button', { name: 'Unlike, Cleo' }));
    expect(await screen.findByRole('link', { name: `${en.likes.tabs.sent} 1` })).toBeTruthy();
    expect(cardNames()).toEqual(['Bea, 34']);
    expect(requests.at(-1)).toEqual({ method: 'DELETE', path: '/api/like.php', body: { profile: 'cleo' } });
  });

  it('likes back from the received likes and shows the match modal', async () => {
    const anna = profileCard({ id: 'anna', name: 'Anna', liked_by_profile: true, did_like_profile: true });
    const requests = serve(likesData(), (method) =>
      method === 'POST' ? { status: 200, body: { match: true, likes_left: 2, profile: anna } } : undefined,
    );
    renderScreen();
    await screen.findAllByRole('article');
    // Bea is a match already: nothing to like back.
    expect(screen.queryByRole('button', { name: 'Like back, Bea' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Like back, Anna' }));
    const dialog = await screen.findByRole('dialog', { name: en.likes.match.title });
    expect(within(dialog).getByText('You and Anna like each other.')).toBeTruthy();
    expect(requests.at(-1)).toEqual({ method: 'POST', path: '/api/like.php', body: { profile: 'anna' } });
    expect(screen.getByRole('link', { name: `${en.likes.tabs.matches} 2` })).toBeTruthy();
    expect(screen.getByText('2 of 4 likes left today')).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: en.likes.match.keep_browsing }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Like back, Anna' })).toBeNull();
  });

  it("shows the daily limit: the wait when no like is left, the server's message on a refused like", async () => {
    serve(likesData({ likes_left: 0, next_like_in_hours: 5 }), (method) =>
      method === 'POST' ? dailyLimitAnswer : undefined,
    );
    renderScreen();
    expect(await screen.findByText('You can give out 4 Likes per day. You can like again in 5 hours.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Like back, Anna' }));
    expect((await screen.findByRole('alert')).textContent).toBe(DAILY_LIMIT_MESSAGE);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says so in each empty tab, with the way to the search and the swipe game', async () => {
    serve(likesData({ profiles: [], liked_by: [], total_new_likes: 0 }));
    renderScreen('matches');
    expect(await screen.findByText(en.likes.empty.matches)).toBeTruthy();
    expect(screen.getByRole('link', { name: en.likes.empty.search }).getAttribute('href')).toBe('/members');
    expect(screen.getByRole('link', { name: en.likes.empty.swipe_game }).getAttribute('href')).toBe('/swipe-game');
  });
});

describe('/likes/m/{id}', () => {
  it("opens the member's match modal on the matches tab; closing it leaves /likes/matches", async () => {
    $router.open('/likes/m/bea');
    serve(likesData());
    renderScreen(null, 'bea');
    const dialog = await screen.findByRole('dialog', { name: en.likes.match.title });
    expect(within(dialog).getByText('You and Bea like each other.')).toBeTruthy();
    expect(tabs().getByRole('link', { current: 'page' }).getAttribute('href')).toBe('/likes/matches');
    // Escape: the browser fires the dialog's cancel event.
    fireEvent(dialog, new Event('cancel', { cancelable: true }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect($router.get()?.path).toBe('/likes/matches');
  });

  it('highlights a member who likes you but is no match on the received tab', async () => {
    serve(likesData());
    renderScreen(null, 'anna');
    const title = await screen.findByText(en.likes.highlight);
    expect(title.closest('li')?.dataset['highlight']).toBe('true');
    expect(within(title.closest('li')!).getByRole('heading').textContent).toBe('Anna, 34');
    expect(tabs().getByRole('link', { current: 'page' }).getAttribute('href')).toBe('/likes/received');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows the matches tab for a member who is neither', async () => {
    serve(likesData());
    renderScreen(null, 'nobody');
    await screen.findAllByRole('article');
    expect(tabs().getByRole('link', { current: 'page' }).getAttribute('href')).toBe('/likes/matches');
    expect(cardNames()).toEqual(['Bea, 34']);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
