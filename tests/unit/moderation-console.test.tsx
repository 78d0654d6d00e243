/**
 * The moderation console island as a moderator (or someone who is not one) meets it: who
 * gets in, the header (brand, who is signed in, logout), the cards of the queue, the order and
 * the member search, approving and rejecting with a reason and the 5 seconds to undo it, and
 * a failed decision that brings the card back with the message.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import ModerationConsole, { MODERATION_NAMESPACES } from '#src/islands/ModerationConsole.tsx';
import { catalogues, pickNamespaces } from '#src/i18n/index.ts';
import type { QueuedPhoto } from '#src/contract/moderation.ts';
import type { CurrentUser } from '#src/contract/user.ts';
import { $session } from '#src/stores/session.ts';
import { UNDO_DELAY_MS } from '#src/features/moderation/moderation-store.ts';
import { member } from '../fixtures/members.ts';

const en = catalogues.en;
const SITES = [
  { id: 'default', brand: 'Flirtmoment' },
  { id: 'she', brand: 'SheFlirt' },
];

function queued(id: string, name: string, site: string, active: string[] = []): QueuedPhoto {
  return {
    id,
    url: `/api/photo.php?id=${id}&v=full`,
    thumb_url: `/api/photo.php?id=${id}&v=thumb`,
    width: 600,
    height: 800,
    uploaded_at: '2025-05-01T10:00:00.000Z',
    is_main: active.length === 0,
    profile: {
      id: `p-${id}`,
      name,
      age: 42,
      gender: 'female',
      site,
      type: 'member',
      active_photos: active.map((a) => ({ id: a, thumb_url: `/api/photo.php?id=${a}&v=thumb` })),
    },
  };
}

type Route = (method: string, path: string, body: unknown) => { status: number; body: unknown } | undefined;

/** Answers GET user.php with `user` (or 403 for a guest) and the rest from `route`. */
function serve(user: CurrentUser | null, route: Route = () => undefined) {
  if (user) document.cookie = 'auth.loggedIn=1; path=/';
  const fetch = vi.fn((input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://localhost');
    const method = init?.method ?? 'GET';
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const answer =
      route(method, url.pathname, body) ??
      (url.pathname === '/api/user.php' && user
        ? { status: 200, body: { user } }
        : url.pathname === '/api/user.php'
          ? { status: 403, body: { error: { code: 'authentication_required', message: 'x' } } }
          : { status: 404, body: { error: { code: 'not_found', message: 'Not found' } } });
    return Promise.resolve(
      new Response(JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'content-type': 'application/json' },
      }),
    );
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

function show(locale: 'en' | 'de' = 'en') {
  render(
    <ModerationConsole
      locale={locale}
      catalogue={pickNamespaces(catalogues[locale], MODERATION_NAMESPACES)}
      sites={SITES}
      brand="Flirtmoment"
    />,
  );
}

/** Lets the 5 seconds of Undo pass (the timers run on their own meanwhile, for findBy…). */
async function undoTimePasses() {
  await act(() => vi.advanceTimersByTimeAsync(UNDO_DELAY_MS));
}

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  document.cookie = 'auth.loggedIn=; path=/; max-age=0';
  vi.unstubAllGlobals();
  $session.set({ status: 'loading' });
});

describe('moderation console', () => {
  it('asks a visitor to log in', async () => {
    serve(null);
    show('de');
    expect(await screen.findByRole('link', { name: catalogues.de.moderation.log_in })).toHaveProperty(
      'pathname',
      '/login',
    );
    expect(screen.getByText(catalogues.de.moderation.login_required)).toBeTruthy();
  });

  it('tells a member without the moderator role there is no access, and loads no queue', async () => {
    const fetch = serve(member({ role: 'operator' }));
    show();
    expect(await screen.findByRole('heading', { name: en.moderation.no_access_title })).toBeTruthy();
    expect(fetch.mock.calls.some(([url]) => url.includes('/api/moderation/'))).toBe(false);
  });

  it('shows a moderator the queue: photo, profile, approved photos for comparison, the count', async () => {
    serve(member({ role: 'moderator' }), (method, path) =>
      method === 'GET' && path === '/api/moderation/photos.php'
        ? {
            status: 200,
            body: { photos: [queued('a', 'Anna', 'default'), queued('b', 'Bea', 'she', ['b0', 'b1'])], total: 30 },
          }
        : undefined,
    );
    show();
    expect(await screen.findByText('30 photos waiting')).toBeTruthy();
    const bea = screen.getByRole('article', { name: 'Bea' });
    expect(within(bea).getByRole('img', { name: 'Photo of Bea, being inspected' })).toHaveProperty(
      'src',
      expect.stringContaining('/api/photo.php?id=b&v=full'),
    );
    expect(within(bea).getByText('Age 42 · Female · SheFlirt')).toBeTruthy();
    expect(within(bea).getAllByRole('img', { name: 'Approved photo of Bea' })).toHaveLength(2);
    const anna = screen.getByRole('article', { name: 'Anna' });
    expect(within(anna).getByText(en.moderation.no_active_photos)).toBeTruthy();
    expect(within(anna).getByText(en.moderation.profile_photo)).toBeTruthy();
  });

  it('says there is nothing to inspect when the queue is empty', async () => {
    serve(member({ role: 'admin' }), (_method, path) =>
      path === '/api/moderation/photos.php' ? { status: 200, body: { photos: [], total: 0 } } : undefined,
    );
    show();
    expect(await screen.findByText(en.moderation.empty_title)).toBeTruthy();
    expect(screen.getByText('0 photos waiting')).toBeTruthy();
  });

  it('approves with a button: the card leaves and the next card gets the focus', async () => {
    const decisions: unknown[] = [];
    serve(member({ role: 'moderator' }), (method, path, body) => {
      if (path === '/api/moderation/photos.php')
        return { status: 200, body: { photos: [queued('a', 'Anna', 'default'), queued('b', 'Bea', 'she')], total: 2 } };
      if (method === 'POST' && path === '/api/moderation/photo.php') {
        decisions.push(body);
        return { status: 200, body: { ok: true, remaining: 1 } };
      }
      return undefined;
    });
    show();
    const anna = await screen.findByRole('article', { name: 'Anna' });
    fireEvent.click(within(anna).getByRole('button', { name: en.moderation.approve }));
    expect(screen.queryByRole('article', { name: 'Anna' })).toBeNull();
    expect(await screen.findByText('1 photo waiting')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('article', { name: 'Bea' }));
    expect(screen.getByText('Approved: Anna')).toBeTruthy();
    expect(decisions).toEqual([]);
    await undoTimePasses();
    await act(() => vi.waitFor(() => expect(decisions).toEqual([{ photo: 'a', decision: 'approve' }])));
    expect(screen.queryByRole('button', { name: en.moderation.undo })).toBeNull();
  });

  it('rejects only with a reason, offering the texts the member will see', async () => {
    const decisions: unknown[] = [];
    serve(member({ role: 'moderator' }), (method, path, body) => {
      if (path === '/api/moderation/photos.php')
        return { status: 200, body: { photos: [queued('a', 'Anna', 'default')], total: 1 } };
      if (method === 'POST') {
        decisions.push(body);
        return { status: 200, body: { ok: true, remaining: 0 } };
      }
      return undefined;
    });
    show();
    const card = await screen.findByRole('article', { name: 'Anna' });
    const reject = within(card).getByRole('button', { name: en.moderation.reject });
    expect(reject).toHaveProperty('disabled', true);
    const select = within(card).getByRole('combobox', { name: en.moderation.reason });
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([en.moderation.choose_reason, ...Object.values(en.photos.reject_reasons)]);
    fireEvent.change(select, { target: { value: 'no_face' } });
    fireEvent.click(reject);
    expect(await screen.findByText(en.moderation.empty_title)).toBeTruthy();
    await undoTimePasses();
    await act(() =>
      vi.waitFor(() => expect(decisions).toEqual([{ photo: 'a', decision: 'reject', reason: 'no_face' }])),
    );
  });

  it('brings the card back with the message when the decision fails', async () => {
    serve(member({ role: 'moderator' }), (method, path) => {
      if (path === '/api/moderation/photos.php')
        return { status: 200, body: { photos: [queued('a', 'Anna', 'default')], total: 1 } };
      if (method === 'POST')
        return { status: 403, body: { error: { code: 'forbidden', message: 'You do not have access to this.' } } };
      return undefined;
    });
    show();
    const card = await screen.findByRole('article', { name: 'Anna' });
    fireEvent.click(within(card).getByRole('button', { name: en.moderation.approve }));
    await undoTimePasses();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Your decision was not saved: You do not have access to this.');
    expect(within(screen.getByRole('article', { name: 'Anna' })).getByRole('alert')).toBe(alert);
    expect(screen.getByText('1 photo waiting')).toBeTruthy();
  });

  it('filters by site', async () => {
    const fetch = serve(member({ role: 'moderator' }), (_method, path) =>
      path === '/api/moderation/photos.php' ? { status: 200, body: { photos: [], total: 0 } } : undefined,
    );
    show();
    const select = await screen.findByRole('combobox', { name: en.moderation.site_filter });
    fireEvent.change(select, { target: { value: 'she' } });
    await screen.findByText(en.moderation.empty_title);
    const asked = fetch.mock.calls.map(([url]) => url);
    expect(asked.filter((url) => url.includes('/api/moderation/photos.php'))).toEqual([
      '/api/moderation/photos.php',
      '/api/moderation/photos.php?site=she',
    ]);
  });

  it('offers Undo for 5 seconds: the card comes back and nothing is sent', async () => {
    const decisions: unknown[] = [];
    serve(member({ role: 'moderator' }), (method, path, body) => {
      if (path === '/api/moderation/photos.php')
        return { status: 200, body: { photos: [queued('a', 'Anna', 'default'), queued('b', 'Bea', 'she')], total: 2 } };
      if (method === 'POST') decisions.push(body);
      return undefined;
    });
    show();
    const bea = await screen.findByRole('article', { name: 'Bea' });
    fireEvent.change(within(bea).getByRole('combobox', { name: en.moderation.reason }), {
      target: { value: 'quality' },
    });
    fireEvent.click(within(bea).getByRole('button', { name: en.moderation.reject }));
    expect(screen.queryByRole('article', { name: 'Bea' })).toBeNull();
    expect(screen.getByText('Rejected: Bea')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(UNDO_DELAY_MS - 500));
    fireEvent.click(screen.getByRole('button', { name: en.moderation.undo }));
    expect(await screen.findByRole('article', { name: 'Bea' })).toBeTruthy();
    expect(screen.getByText('2 photos waiting')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(UNDO_DELAY_MS * 2));
    expect(decisions).toEqual([]);
  });

  it('sends a waiting decision at once when the console is left', async () => {
    const decisions: unknown[] = [];
    serve(member({ role: 'moderator' }), (method, path, body) => {
      if (path === '/api/moderation/photos.php')
        return { status: 200, body: { photos: [queued('a', 'Anna', 'default')], total: 1 } };
      if (method === 'POST') {
        decisions.push(body);
        return { status: 200, body: { ok: true, remaining: 0 } };
      }
      return undefined;
    });
    show();
    fireEvent.click(
      within(await screen.findByRole('article', { name: 'Anna' })).getByRole('button', { name: en.moderation.approve }),
    );
    act(() => {
      window.dispatchEvent(new Event('pagehide'));
    });
    await act(() => vi.waitFor(() => expect(decisions).toEqual([{ photo: 'a', decision: 'approve' }])));
  });

  it('orders the newest first and searches one member on request', async () => {
    const fetch = serve(member({ role: 'moderator' }), (_method, path) =>
      path === '/api/moderation/photos.php' ? { status: 200, body: { photos: [], total: 0 } } : undefined,
    );
    show();
    fireEvent.change(await screen.findByRole('combobox', { name: en.moderation.order }), {
      target: { value: 'newest' },
    });
    await screen.findByText(en.moderation.empty_text);
    fireEvent.change(screen.getByRole('searchbox', { name: en.moderation.member_search }), {
      target: { value: 'Anna' },
    });
    fireEvent.click(screen.getByRole('button', { name: en.moderation.search }));
    expect(await screen.findByText(en.moderation.no_match)).toBeTruthy();
    const asked = fetch.mock.calls.map(([url]) => url).filter((url) => url.includes('/api/moderation/photos.php'));
    expect(asked).toEqual([
      '/api/moderation/photos.php',
      '/api/moderation/photos.php?order=newest',
      '/api/moderation/photos.php?order=newest&member=Anna',
    ]);
  });

  it("shows the site's brand, who is signed in and a logout button in the header", async () => {
    const fetch = serve(member({ role: 'admin', name: 'Mona', email: 'mona@example.test' }), (_method, path) => {
      if (path === '/api/moderation/photos.php') return { status: 200, body: { photos: [], total: 0 } };
      if (path === '/api/logout.php') return { status: 200, body: { ok: true } };
      return undefined;
    });
    show();
    const header = screen.getByRole('banner');
    expect(within(header).getByRole('link', { name: 'Flirtmoment' })).toHaveProperty('pathname', '/members');
    expect(await within(header).findByText('Signed in as Mona')).toBeTruthy();
    expect(within(header).getByText('mona@example.test')).toBeTruthy();
    fireEvent.click(within(header).getByRole('button', { name: en.nav.logout }));
    await act(() => vi.waitFor(() => expect(fetch.mock.calls.map(([url]) => url)).toContain('/api/logout.php')));
  });
});
