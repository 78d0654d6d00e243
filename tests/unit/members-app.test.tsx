import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import MembersApp, { MEMBERS_NAMESPACES } from '#src/islands/MembersApp.tsx';
import { catalogues, pickNamespaces } from '#src/i18n/index.ts';
import { $session } from '#src/stores/session.ts';
import { $router } from '#src/stores/router.ts';
import type { CurrentUser } from '#src/contract/user.ts';
import { member } from '../fixtures/members.ts';

type Route = (method: string, path: string, body: unknown) => { status: number; body: unknown } | undefined;

/** Answers the island's calls: GET user.php with `user`, anything else from `route`. */
function serve(user: CurrentUser | null, route: Route = () => undefined) {
  const fetch = vi.fn((input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://localhost');
    const method = init?.method ?? 'GET';
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const answer =
      route(method, url.pathname, body) ??
      (method === 'GET' && url.pathname === '/api/user.php'
        ? user
          ? { status: 200, body: { user } }
          : { status: 403, body: { error: { code: 'authentication_required', message: 'x' } } }
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

const en = pickNamespaces(catalogues.en, MEMBERS_NAMESPACES);

function renderAt(path: string, user: CurrentUser | null, route?: Route) {
  if (user) document.cookie = 'auth.loggedIn=1; path=/';
  const fetch = serve(user, route);
  $router.open(path);
  render(<MembersApp locale="en" catalogue={en} brand="Flirt Test" />);
  return fetch;
}

afterEach(() => {
  cleanup();
  document.cookie = 'auth.loggedIn=; path=/; max-age=0';
  vi.unstubAllGlobals();
  $session.set({ status: 'loading' });
});

describe('members island', () => {
  it('asks a visitor to log in, in the page language', async () => {
    serve(null);
    render(<MembersApp locale="de" catalogue={pickNamespaces(catalogues.de, MEMBERS_NAMESPACES)} />);
    expect(await screen.findByRole('link', { name: catalogues.de.nav.login })).toHaveProperty(
      'href',
      expect.stringContaining('/login'),
    );
  });

  it('shows the static nav again when the login marker was stale', async () => {
    document.documentElement.dataset['member'] = '';
    renderAt('/members', null);
    document.cookie = 'auth.loggedIn=1; path=/';
    await screen.findByText(en.members.login_required);
    expect(document.documentElement.dataset['member']).toBeUndefined();
  });

  it('greets a logged-in member by name on the members home', async () => {
    renderAt('/members/home/of/nothing', member());
    expect(await screen.findByRole('heading', { name: 'Welcome back, Birgit' })).toBeTruthy();
  });

  it('shows the complaints form to members and, without the login wall, to visitors', async () => {
    renderAt('/complaints', member());
    expect(await screen.findByRole('heading', { name: en.complaints.title })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: en.complaints.email_label })).toHaveProperty('required', false);
    cleanup();
    $session.set({ status: 'loading' });
    document.cookie = 'auth.loggedIn=; path=/; max-age=0';
    renderAt('/complaints', null);
    expect(await screen.findByRole('heading', { name: en.complaints.title })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: en.complaints.email_label })).toHaveProperty('required', true);
    expect(screen.queryByText(en.members.login_required)).toBeNull();
  });

  it('shows the logged-in top nav: Get Premium for free members, the credits badge in warning colour', async () => {
    renderAt('/chats', member({ credits: 3, paid_user: false }));
    const nav = await screen.findByRole('navigation', { name: en.nav.main_navigation });
    expect(within(nav).getAllByRole('link', { name: en.nav.get_premium })[0]).toHaveProperty('pathname', '/premium');
    expect(within(nav).queryByRole('link', { name: en.nav.credits })).toBeNull();
    const badge = within(nav).getByRole('link', { name: '3 credits left' });
    expect(badge.dataset['tone']).toBe('warning');
    expect(within(nav).getAllByRole('link', { name: en.nav.messages })[0]?.getAttribute('aria-current')).toBe('page');
  });

  it('leads paid users to repeat their order, with the danger badge at 0 and none above 10', async () => {
    renderAt('/chats', member({ credits: 0, paid_user: true }));
    const nav = await screen.findByRole('navigation', { name: en.nav.main_navigation });
    expect(within(nav).getAllByRole('link', { name: en.nav.credits })[0]).toHaveProperty(
      'pathname',
      '/credits/repeat-order',
    );
    expect(within(nav).getByRole('link', { name: '0 credits left' }).dataset['tone']).toBe('danger');
    cleanup();
    $session.set({ status: 'loading' });
    renderAt('/chats', member({ credits: 11, paid_user: true }));
    const again = await screen.findByRole('navigation', { name: en.nav.main_navigation });
    expect(within(again).queryByRole('link', { name: /credits? left/ })).toBeNull();
  });

  it('shows a paying member the balance above 10 on the Credits entry, and the games in the account menu', async () => {
    renderAt('/chats', member({ credits: 1490, paid_user: true }));
    const nav = await screen.findByRole('navigation', { name: en.nav.main_navigation });
    expect(within(nav).getAllByRole('link', { name: `${en.nav.credits} 1,490` })[0]).toHaveProperty(
      'pathname',
      '/credits/repeat-order',
    );
    expect(within(nav).getByRole('link', { name: en.swipe.title })).toHaveProperty('pathname', '/swipe-game');
    expect(within(nav).getByRole('link', { name: en.match_finder.title })).toHaveProperty('pathname', '/match-finder');
  });

  it('opens the settings on /notifications and checks the repeated password before asking the server', async () => {
    const fetch = renderAt('/notifications', member());
    expect(await screen.findByRole('heading', { level: 1, name: en.settings.title })).toBeTruthy();
    expect(screen.getByText('b@example.com')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(en.settings.password.old), { target: { value: 'old-password' } });
    fireEvent.change(screen.getByLabelText(en.settings.password.new), { target: { value: 'new-password-1' } });
    fireEvent.change(screen.getByLabelText(en.settings.password.repeat), { target: { value: 'new-password-2' } });
    fireEvent.click(screen.getByRole('button', { name: en.settings.password.submit }));
    expect((await screen.findByRole('alert')).textContent).toBe('The entered passwords are not the same.');
    expect(fetch.mock.calls.some(([url]) => url.endsWith('/api/password.php'))).toBe(false);
  });

  it('shows the server text when the e-mail change is refused, and the confirmation when sent', async () => {
    let taken = true;
    renderAt('/notifications', member(), (method, path) => {
      if (method !== 'POST' || path !== '/api/mail-change.php') return undefined;
      return taken
        ? {
            status: 409,
            body: {
              error: {
                code: 'new_email_taken',
                message: 'This email address already owns an account on this website.',
              },
            },
          }
        : { status: 200, body: { sent: true } };
    });
    const input = await screen.findByLabelText(en.settings.email.new);
    fireEvent.change(input, { target: { value: 'new@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: en.settings.email.submit }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This email address already owns an account on this website.',
    );
    taken = false;
    fireEvent.click(screen.getByRole('button', { name: en.settings.email.submit }));
    expect((await screen.findByRole('status')).textContent).toBe('We sent a confirmation link to new@example.com');
  });

  it('shows the activation reminder outside the settings, and not on them', async () => {
    renderAt('/members', member({ status: 'not_confirmed' }, { status: 'disabled' }), (method, path) =>
      method === 'POST' && path === '/api/activation-mail.php' ? { status: 200, body: { sent: true } } : undefined,
    );
    fireEvent.click(await screen.findByRole('button', { name: en.banners.activation.resend }));
    expect(await screen.findByText(en.banners.activation.sent)).toBeTruthy();
    act(() => $router.open('/notifications'));
    await screen.findByRole('heading', { level: 1, name: en.settings.title });
    expect(screen.queryByText(en.banners.activation.title)).toBeNull();
  });

  it('explains disabled notifications by reason until dismissed', async () => {
    localStorage.clear();
    renderAt('/members', member({ notifications_disabled: ['bounce'] }));
    expect(await screen.findByText(en.banners.notifications_disabled.bounce)).toBeTruthy();
    // The add-photo banner shows too (no main image): dismiss this one.
    const banner = screen.getByRole('region', { name: en.banners.notifications_disabled.title });
    fireEvent.click(within(banner).getByRole('button', { name: en.common.dismiss }));
    expect(screen.queryByText(en.banners.notifications_disabled.bounce)).toBeNull();
    expect(localStorage.getItem('banners.notifications_disabled.dismissed_at')).toMatch(/^\d+$/);
  });
});
