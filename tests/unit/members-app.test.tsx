import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import MembersApp from '../../src/islands/MembersApp.tsx';
import { catalogues } from '../../src/i18n/index.ts';
import { $session } from '../../src/stores/session.ts';

function answer(status: number, body: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(() =>
      Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })),
    ),
  );
}

afterEach(() => {
  cleanup();
  document.cookie = 'auth.loggedIn=; path=/; max-age=0';
  vi.unstubAllGlobals();
  $session.set({ status: 'loading' });
});

describe('members island', () => {
  it('asks a visitor to log in, in the page language', async () => {
    answer(403, { error: { code: 'authentication_required', message: 'x' } });
    render(<MembersApp locale="de" catalogue={catalogues.de} />);
    expect(await screen.findByRole('link', { name: catalogues.de.nav.login })).toHaveProperty(
      'href',
      expect.stringContaining('/login'),
    );
  });

  it('greets a logged-in member by name', async () => {
    document.cookie = 'auth.loggedIn=1; path=/';
    answer(200, {
      user: {
        id: 'a1',
        name: 'Birgit',
        email: 'b@example.com',
        credits: 3,
        paid_user: false,
        status: 'confirmed',
        role: 'member',
        signup_date: '2026-01-01T00:00:00.000Z',
        notifications_disabled: [],
        fictional_icon: 'mask',
        language: 'en',
        profile: { id: 'p1', name: 'Birgit', country: 'DE', status: 'active', main_image: null },
      },
    });
    render(<MembersApp locale="en" catalogue={catalogues.en} />);
    expect(await screen.findByRole('heading', { name: 'Welcome back, Birgit' })).toBeTruthy();
  });
});
