import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createApiClient } from '#src/client/api.ts';
import MemberProfileScreen from '#src/features/member-profile/MemberProfileScreen.tsx';
import { catalogues, createI18n } from '#src/i18n/index.ts';
import { resetSiteData } from '#src/stores/site-data.ts';
import type { MemberProfile } from '#src/contract/members.ts';
import { member } from '../fixtures/members.ts';
import { testEnvironment } from './test-environment.ts';
import { memberProfile, profileCard } from './member-profile-fixtures.ts';
import { DAILY_LIMIT_MESSAGE, dailyLimitAnswer, likesData } from './likes-fixtures.ts';
import { $likes, resetLikes } from '#src/stores/likes.ts';
import { $router } from '#src/stores/router.ts';

// The island's client over the stubbed fetch, without the waits between retries (a 429 is retried).
beforeEach(() => {
  testEnvironment({ api: createApiClient({ delay: () => 0 }) });
});

const en = catalogues.en;
type Route = (method: string, path: string, body: unknown) => { status: number; body: unknown } | undefined;

/** Serves member.php with `profile` (or `route`), and records every request. */
function serve(route: Route) {
  const requests: { method: string; path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://localhost');
      const method = init?.method ?? 'GET';
      const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      requests.push({ method, path: url.pathname + url.search, body });
      const answer = route(method, url.pathname, body) ?? {
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

function serveProfile(profile: MemberProfile, related = [profileCard({ id: 'r1', name: 'Ilse' })]) {
  return serve((method, path) =>
    method === 'GET' && path === '/api/member.php' ? { status: 200, body: { profile, related } } : undefined,
  );
}

function renderScreen(id = 'k3x9q') {
  render(
    <I18nextProvider i18n={createI18n('en', en)}>
      <MemberProfileScreen id={id} user={member()} locale="en" brand="Flirt Test" />
    </I18nextProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  resetSiteData();
  resetLikes();
});

describe('member profile page', () => {
  it('shows name, age, details and the page title', async () => {
    serveProfile(memberProfile({ sexuality: 'hetero', about_me: 'Coffee first.' }));
    renderScreen();
    expect(await screen.findByRole('heading', { level: 1, name: 'Sanne, 34' })).toBeTruthy();
    const page = screen.getByRole('article', { name: 'Sanne, 34' });
    expect(within(page).getByText('Utrecht')).toBeTruthy();
    const sexuality = within(page).getByText(en.attributes.sexuality.label);
    expect(sexuality.nextElementSibling?.textContent).toBe(en.attributes.sexuality.values.hetero);
    // Fields the DTO leaves out (not in visible_profile_fields) are not shown.
    expect(within(page).queryByText(en.attributes.hair_color.label)).toBeNull();
    expect(screen.getByText('Coffee first.')).toBeTruthy();
    expect(screen.getByText(en.interests.hiking)).toBeTruthy();
    expect(document.title).toBe('Sanne · Flirt Test');
  });

  it('shows interests as text chips, without the emoji interests.php carries', async () => {
    serve((method, path) => {
      if (method === 'GET' && path === '/api/member.php')
        return { status: 200, body: { profile: memberProfile({ interests: ['hiking', 'gangbang'] }), related: [] } };
      if (path === '/api/interests.php')
        return {
          status: 200,
          body: {
            interests: [
              { key: 'hiking', name: en.interests.hiking, icon: '🥾' },
              { key: 'gangbang', name: en.interests.gangbang, icon: null },
            ],
          },
        };
      return undefined;
    });
    renderScreen();
    const heading = await screen.findByRole('heading', { name: en.member_profile.interests });
    const chips = within(heading.parentElement ?? document.body).getAllByRole('listitem');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(chips.map((chip) => chip.textContent)).toEqual([en.interests.hiking, en.interests.gangbang]);
  });

  it('shows a locked photo only as its blurred image, behind a lock with the way to premium', async () => {
    const blurred = '/api/photo.php?id=ph9&v=blur';
    serveProfile(
      memberProfile({
        photos: [
          {
            id: 'ph9',
            url: blurred,
            thumb_url: '/api/photo.php?id=ph9&v=thumb',
            width: 800,
            height: 1000,
            locked: true,
          },
          {
            id: 'ph1',
            url: '/api/photo.php?id=ph1&v=full',
            thumb_url: '/api/photo.php?id=ph1&v=thumb',
            width: 900,
            height: 1200,
            locked: false,
          },
        ],
      }),
    );
    renderScreen();
    expect(await screen.findByText(en.member_profile.photos.locked)).toBeTruthy();
    expect(screen.getByText('This feature is only available for premium members.')).toBeTruthy();
    const figure = screen.getByRole('figure');
    expect(within(figure).getByRole('link', { name: en.nav.get_premium }).getAttribute('href')).toBe('/premium');
    const sources = [...document.querySelectorAll('img')].map((img) => img.getAttribute('src'));
    expect(sources.filter((src) => src?.includes('ph9'))).toEqual([blurred, blurred]);
    for (const img of document.querySelectorAll('img')) {
      expect(Number(img.getAttribute('width'))).toBeGreaterThan(0);
      expect(Number(img.getAttribute('height'))).toBeGreaterThan(0);
    }

    // The unlocked photo shows in full, without the lock.
    fireEvent.click(screen.getByRole('button', { name: 'Show photo 2 of 2' }));
    expect(within(screen.getByRole('figure')).getByRole('img').getAttribute('src')).toBe(
      '/api/photo.php?id=ph1&v=full',
    );
    expect(screen.queryByText(en.member_profile.photos.locked)).toBeNull();
  });

  it('warns that a fictional profile is fictional, next to the name', async () => {
    serveProfile(memberProfile({ type: 'fictional' }));
    renderScreen();
    expect((await screen.findByRole('note')).textContent).toBe(en.fictional.warning);
    cleanup();
    serveProfile(memberProfile({ type: 'member' }));
    renderScreen();
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByText(en.fictional.warning)).toBeNull();
  });

  it('shows the like state; Message and Gift lead to the chat', async () => {
    serveProfile(memberProfile({ did_like_profile: true, liked_by_profile: true }));
    renderScreen();
    expect(await screen.findByText('You and Sanne like each other')).toBeTruthy();
    const like = screen.getByRole('button', { name: en.member_profile.actions.unlike });
    expect(like.hasAttribute('disabled')).toBe(false);
    expect(screen.getByRole('link', { name: en.member_profile.actions.message }).getAttribute('href')).toBe(
      '/members/k3x9q/chat',
    );
    expect(screen.getByRole('link', { name: en.member_profile.actions.gift }).getAttribute('href')).toBe(
      '/members/k3x9q/chat#gifts',
    );
  });

  it('likes and unlikes: the like state follows, and so do the loaded likes', async () => {
    $likes.set(likesData());
    const requests = serve((method, path) => {
      if (path === '/api/like.php' && method === 'POST')
        return {
          status: 200,
          body: { match: false, likes_left: 2, profile: profileCard({ did_like_profile: true }) },
        };
      if (path === '/api/like.php' && method === 'DELETE') return { status: 200, body: { ok: true, likes_left: 2 } };
      if (method === 'GET' && path === '/api/member.php')
        return { status: 200, body: { profile: memberProfile(), related: [] } };
      return undefined;
    });
    renderScreen();
    fireEvent.click(await screen.findByRole('button', { name: en.member_profile.actions.like }));
    expect(await screen.findByText('You liked Sanne')).toBeTruthy();
    expect(requests.at(-1)).toEqual({ method: 'POST', path: '/api/like.php', body: { profile: 'k3x9q' } });
    expect($likes.get()?.profiles[0]?.id).toBe('k3x9q');
    expect(screen.queryByRole('dialog')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: en.member_profile.actions.unlike }));
    expect(await screen.findByRole('button', { name: en.member_profile.actions.like })).toBeTruthy();
    expect(screen.queryByText('You liked Sanne')).toBeNull();
    expect(requests.at(-1)).toEqual({ method: 'DELETE', path: '/api/like.php', body: { profile: 'k3x9q' } });
    expect($likes.get()?.profiles.some((card) => card.id === 'k3x9q')).toBe(false);
  });

  it('opens the match modal when the like makes a match', async () => {
    $router.open('/members/k3x9q');
    serve((method, path) => {
      if (path === '/api/like.php')
        return {
          status: 200,
          body: {
            match: true,
            likes_left: 3,
            profile: profileCard({ did_like_profile: true, liked_by_profile: true }),
          },
        };
      if (method === 'GET' && path === '/api/member.php')
        return { status: 200, body: { profile: memberProfile({ liked_by_profile: true }), related: [] } };
      return undefined;
    });
    renderScreen();
    expect(await screen.findByText('Sanne likes you')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: en.member_profile.actions.like }));
    const dialog = await screen.findByRole('dialog', { name: en.likes.match.title });
    expect(within(dialog).getByText('You and Sanne like each other.')).toBeTruthy();
    expect(screen.getByText('You and Sanne like each other')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: en.likes.match.send_message }));
    expect($router.get()?.path).toBe('/members/k3x9q/chat');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("shows the server's daily-limit message next to the Like button", async () => {
    serve((method, path) => {
      if (path === '/api/like.php') return dailyLimitAnswer;
      if (method === 'GET' && path === '/api/member.php')
        return { status: 200, body: { profile: memberProfile(), related: [] } };
      return undefined;
    });
    renderScreen();
    const like = await screen.findByRole('button', { name: en.member_profile.actions.like });
    fireEvent.click(like);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(DAILY_LIMIT_MESSAGE);
    expect(like.getAttribute('aria-describedby')).toBe(alert.id);
    expect(screen.queryByText('You liked Sanne')).toBeNull();
  });

  it('lists related profiles as cards linking to their pages', async () => {
    serveProfile(memberProfile(), [profileCard({ id: 'r1', name: 'Ilse' }), profileCard({ id: 'r2', name: 'Mara' })]);
    renderScreen();
    const related = await screen.findByRole('region', { name: en.member_profile.related });
    const links = within(related)
      .getAllByRole('link')
      .map((link) => link.getAttribute('href'));
    expect(links).toContain('/members/r1');
    expect(links).toContain('/members/r2');
  });

  it("shows only the server's message to a viewer the profile blocked", async () => {
    const message = "You're blocked by Sanne. You do not have access to this page.";
    serve(() => ({ status: 403, body: { error: { code: 'blocked', message }, blocked_by: 'Sanne' } }));
    renderScreen();
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.getByRole('link', { name: en.member_profile.back_to_search }).getAttribute('href')).toBe('/members');
  });

  it('says a profile the viewer may not see is not available', async () => {
    serve(() => undefined);
    renderScreen('gone');
    expect(await screen.findByRole('heading', { level: 1, name: en.member_profile.not_available.title })).toBeTruthy();
    expect(screen.getByRole('link', { name: en.member_profile.back_to_search }).getAttribute('href')).toBe('/members');
  });

  it('blocks after confirming in the block-user modal, then offers to unblock', async () => {
    const requests = serve((method, path) => {
      if (path === '/api/block.php') return { status: 200, body: { ok: true } };
      if (method === 'GET' && path === '/api/member.php')
        return { status: 200, body: { profile: memberProfile(), related: [] } };
      return undefined;
    });
    renderScreen();
    fireEvent.click(await screen.findByRole('button', { name: en.member_profile.actions.block }));
    const dialog = screen.getByRole('dialog', { name: 'Block Sanne?' });
    expect(within(dialog).getByText(/chats and likes with Sanne will be deleted/)).toBeTruthy();

    // Cancel does not block.
    fireEvent.click(within(dialog).getByRole('button', { name: en.common.cancel }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(requests.some((request) => request.path === '/api/block.php')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: en.member_profile.actions.block }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: en.member_profile.block.confirm }));
    expect(await screen.findByRole('heading', { name: 'You blocked Sanne' })).toBeTruthy();
    const blockCalls = () => requests.filter((request) => request.path === '/api/block.php');
    expect(blockCalls()).toEqual([{ method: 'POST', path: '/api/block.php', body: { profile: 'k3x9q' } }]);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('img')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: en.member_profile.actions.unblock }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Sanne, 34' })).toBeTruthy();
    expect(blockCalls().at(-1)).toEqual({ method: 'DELETE', path: '/api/block.php', body: { profile: 'k3x9q' } });
  });

  it('shows your own profile without the buttons, with a link to edit it', async () => {
    serveProfile(memberProfile({ id: 'p1', name: 'Birgit' }));
    renderScreen('p1');
    expect(await screen.findByRole('link', { name: en.member_profile.own.edit })).toBeTruthy();
    expect(screen.queryByRole('button', { name: en.member_profile.actions.block })).toBeNull();
  });
});
