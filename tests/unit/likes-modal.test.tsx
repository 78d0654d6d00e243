import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import LikeModal from '#src/features/likes/LikeModal.tsx';
import MatchModal from '#src/features/likes/MatchModal.tsx';
import { likeModalDelay, withoutQueryParam } from '#src/features/likes/like-modal-store.ts';
import { catalogues, createI18n } from '#src/i18n/index.ts';
import { LIKES_RELOAD_AFTER_AUTO_LIKE_MS } from '#src/lib/constants.ts';
import { $likes, resetLikes } from '#src/stores/likes.ts';
import { $router } from '#src/stores/router.ts';
import type { ProfileCard } from '#src/contract/members.ts';
import { member } from '../fixtures/members.ts';
import { profileCard } from './member-profile-fixtures.ts';
import { likesData } from './likes-fixtures.ts';

const en = catalogues.en;
type Answer = { status: number; body: unknown };

/** Serves auto-like.php with `autoLike` and likes.php; records the paths asked. */
function serve(autoLike: Answer) {
  const paths: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string) => {
      const path = new URL(input, 'http://localhost').pathname;
      paths.push(path);
      const answer =
        path === '/api/auto-like.php'
          ? autoLike
          : path === '/api/likes.php'
            ? { status: 200, body: likesData() }
            : { status: 404, body: { error: { code: 'not_found', message: 'Not found' } } };
      return Promise.resolve(
        new Response(JSON.stringify(answer.body), {
          status: answer.status,
          headers: { 'content-type': 'application/json' },
        }),
      );
    }),
  );
  return paths;
}

const pal = profileCard({
  id: 'pal7',
  name: 'Mia',
  age: 29,
  type: 'fictional',
  like_new: true,
  liked_by_profile: true,
});

function renderLikeModal(onClose = vi.fn(), profile?: ProfileCard) {
  render(
    <I18nextProvider i18n={createI18n('en', en)}>
      <LikeModal
        user={member()}
        locale="en"
        delay={$router.get()?.search['t']}
        onClose={onClose}
        {...(profile ? { profile } : {})}
      />
    </I18nextProvider>,
  );
  return onClose;
}

/** Lets `ms` of fake time pass, with the promises settled on the way. */
async function pass(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  resetLikes();
});

describe('match modal', () => {
  function renderMatch(onClose = vi.fn(), user = member({}, { main_image: null })) {
    render(
      <I18nextProvider i18n={createI18n('en', en)}>
        <MatchModal profile={profileCard({ id: 'bea', name: 'Bea' })} user={user} locale="en" onClose={onClose} />
      </I18nextProvider>,
    );
    return { onClose, dialog: screen.getByRole('dialog', { name: en.likes.match.title }) };
  }

  it("shows both members' images and the other's name, with the message button focused", () => {
    const own = { filename: '/p/me.jpg', thumb_filename: '/p/me-thumb.jpg', status: 'active' as const };
    const { dialog } = renderMatch(vi.fn(), member({}, { main_image: own }));
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(within(dialog).getByRole('img', { name: en.likes.match.your_photo }).getAttribute('src')).toBe(
      '/p/me-thumb.jpg',
    );
    expect(within(dialog).getByRole('img', { name: 'Photo of Bea' }).getAttribute('src')).toBe(
      '/api/photo.php?id=ph1&v=match',
    );
    expect(within(dialog).getByText('You and Bea like each other.')).toBeTruthy();
    expect(within(dialog).queryByRole('note')).toBeNull();
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: en.likes.match.send_message }));
  });

  it('warns that a chat pal is fictional', () => {
    render(
      <I18nextProvider i18n={createI18n('en', en)}>
        <MatchModal profile={pal} user={member()} locale="en" onClose={vi.fn()} />
      </I18nextProvider>,
    );
    const dialog = screen.getByRole('dialog', { name: en.likes.match.title });
    expect(within(dialog).getByRole('note').textContent).toBe(en.fictional.warning);
  });

  it("shows the member's initial without an own image", () => {
    const { dialog } = renderMatch();
    expect(within(dialog).getByRole('img', { name: en.likes.match.your_photo }).textContent).toBe('B');
  });

  it('opens the chat with "Send a message" and closes', () => {
    $router.open('/likes');
    const { onClose, dialog } = renderMatch();
    fireEvent.click(within(dialog).getByRole('button', { name: en.likes.match.send_message }));
    expect($router.get()?.path).toBe('/members/bea/chat');
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('closes with "Keep browsing", Escape and the backdrop, not with a click inside', () => {
    const { onClose, dialog } = renderMatch();
    fireEvent.click(within(dialog).getByText('You and Bea like each other.'));
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: en.likes.match.keep_browsing }));
    fireEvent(dialog, new Event('cancel', { cancelable: true }));
    fireEvent.click(dialog);
    expect(onClose).toHaveBeenCalledTimes(3);
  });
});

describe('like modal', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  it('reads t as seconds; anything else shows at once', () => {
    expect(likeModalDelay('3')).toBe(3000);
    expect(likeModalDelay(undefined)).toBe(0);
    expect(likeModalDelay('soon')).toBe(0);
    expect(likeModalDelay('-2')).toBe(0);
    expect(withoutQueryParam('/members?t=3&page=2#top', 't')).toBe('/members?page=2#top');
  });

  it('appears after t seconds with the auto-like profile, takes t out of the URL and reloads the likes', async () => {
    $router.open('/members?page=2&t=3');
    const before = history.length;
    const paths = serve({ status: 200, body: { profile: pal } });
    renderLikeModal();

    await pass(2999);
    expect(paths).toEqual([]);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(location.search).toBe('?page=2&t=3');

    await pass(1);
    const dialog = screen.getByRole('dialog', { name: en.likes.match.title });
    expect(paths).toEqual(['/api/auto-like.php']);
    expect(location.pathname + location.search).toBe('/members?page=2');
    expect(history.length).toBe(before);
    expect($router.get()?.search).toEqual({ page: '2' });
    expect(within(dialog).getByText(en.likes.modal.new_like)).toBeTruthy();
    const link = within(dialog).getByRole('link', { name: 'Mia, 29' });
    expect(link.getAttribute('href')).toBe('/members/pal7');
    expect(link.querySelector('img')?.getAttribute('src')).toBe('/api/photo.php?id=ph1&v=match');
    // The pal is fictional, and the modal says so in full.
    expect(within(dialog).getByRole('note').textContent).toBe(en.fictional.warning);

    await pass(LIKES_RELOAD_AFTER_AUTO_LIKE_MS - 1);
    expect(paths).toEqual(['/api/auto-like.php']);
    await pass(1);
    expect(paths).toEqual(['/api/auto-like.php', '/api/likes.php']);
    expect($likes.get()?.total_new_likes).toBe(1);
  });

  it('starts a conversation with its button', async () => {
    $router.open('/likes?t=0');
    serve({ status: 200, body: { profile: pal } });
    const onClose = renderLikeModal();
    await pass(0);
    fireEvent.click(screen.getByRole('button', { name: en.likes.match.send_message }));
    expect($router.get()?.path).toBe('/members/pal7/chat');
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('closes unseen when no chat pal is available', async () => {
    $router.open('/members?t=1');
    const paths = serve({ status: 404, body: { error: { code: 'not_found', message: 'Not found' } } });
    const onClose = renderLikeModal();
    await pass(1000);
    expect(paths).toEqual(['/api/auto-like.php']);
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(location.search).toBe('');
  });

  it('shows a supplied profile without asking for one', async () => {
    $router.open('/members?t=2');
    const paths = serve({ status: 500, body: {} });
    renderLikeModal(vi.fn(), pal);
    await pass(2000);
    expect(screen.getByRole('link', { name: 'Mia, 29' })).toBeTruthy();
    expect(paths).toEqual([]);
  });
});
