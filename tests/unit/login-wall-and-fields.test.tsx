/**
 * The UX fixes around logging in and the shell: a visitor on a members page can log in and
 * come back to it, or sign up; login follows only a return path of this site; the password
 * toggle is an icon button named by its text; the members nav shows the site's logo.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ApiClient } from '#src/client/api.ts';
import AuthLogin from '#src/islands/AuthLogin.tsx';
import MembersApp, { MEMBERS_NAMESPACES } from '#src/islands/MembersApp.tsx';
import MembersNav from '#src/features/members-shell/MembersNav.tsx';
import IslandI18n from '#src/ui/IslandI18n.tsx';
import { PasswordField } from '#src/ui/fields.tsx';
import { catalogues, pickNamespaces } from '#src/i18n/index.ts';
import { authCatalogue } from '#src/features/auth/catalogue.ts';
import { loginForm } from '#src/features/auth/login-store.ts';
import { loginLink, safeReturnPath } from '#src/lib/return-path.ts';
import { resetEnvironment } from '#src/stores/environment.ts';
import { $session } from '#src/stores/session.ts';
import { $router } from '#src/stores/router.ts';
import { member } from '../fixtures/members.ts';
import { testEnvironment } from './test-environment.ts';

const en = catalogues.en;
const de = catalogues.de;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  loginForm.reset();
  resetEnvironment();
  $session.set({ status: 'loading' });
});

describe('the login wall of the members area', () => {
  it('offers login that returns to the page asked for, and sign up', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(
          new Response(JSON.stringify({ error: { code: 'authentication_required', message: 'x' } }), {
            status: 403,
            headers: { 'content-type': 'application/json' },
          }),
        ),
      ),
    );
    $router.open('/likes?type=mutual');
    render(<MembersApp locale="de" catalogue={pickNamespaces(de, MEMBERS_NAMESPACES)} />);
    const login = await screen.findByRole('link', { name: de.nav.login });
    expect(login.getAttribute('href')).toBe(`/login?return=${encodeURIComponent('/likes?type=mutual')}`);
    expect(screen.getByRole('link', { name: de.nav.signup }).getAttribute('href')).toBe('/signup');
  });
});

describe('the return path of login', () => {
  it('follows only paths of this site', () => {
    expect(safeReturnPath('/credits')).toBe('/credits');
    expect(safeReturnPath('/likes?type=mutual#top')).toBe('/likes?type=mutual#top');
    for (const bad of [
      null,
      '',
      'credits',
      'https://evil.example/',
      '//evil.example',
      '/\\evil.example',
      '/\t/evil.example',
    ])
      expect(safeReturnPath(bad)).toBe('/members');
    expect(loginLink('//evil.example')).toBe('/login');
  });

  it('goes back to the page of ?return= after a login, and to members for another origin', async () => {
    const api = { call: vi.fn(() => Promise.resolve({ user: {} })) } as unknown as ApiClient;
    for (const [query, landing] of [
      ['?return=%2Fcredits', '/credits'],
      ['?return=%2F%2Fevil.example', '/members'],
    ] as const) {
      const env = testEnvironment({ api, location: () => new URL(`http://default.localhost/login${query}`) });
      render(<AuthLogin locale="en" catalogue={authCatalogue(en)} />);
      fireEvent.change(screen.getByLabelText(en.auth.email), { target: { value: 'a@example.com' } });
      fireEvent.change(screen.getByLabelText(en.auth.password), { target: { value: 'secret-password' } });
      fireEvent.click(screen.getByRole('button', { name: en.auth.login.submit }));
      await waitFor(() => expect(env.navigations).toEqual([landing]));
      cleanup();
      loginForm.reset();
    }
  });
});

describe('the password field', () => {
  it('toggles with an icon button named by the show text, its state in aria-pressed', () => {
    render(
      <IslandI18n locale="de" catalogue={pickNamespaces(de, ['common'])}>
        <PasswordField label={de.auth.password} defaultValue="geheim" />
      </IslandI18n>,
    );
    const input = screen.getByLabelText(de.auth.password);
    const toggle = screen.getByRole('button', { name: de.common.show_password });
    // No text inside the button to spill over the typed password, only the icon.
    expect(toggle.textContent).toBe('');
    expect(toggle.querySelector('svg')).not.toBeNull();
    expect(input.className).toContain('pr-12');
    expect(toggle.className).toContain('size-10');
    expect(input.getAttribute('type')).toBe('password');
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(toggle);
    expect(input.getAttribute('type')).toBe('text');
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
  });
});

describe('the members nav', () => {
  const props = {
    user: member(),
    brand: 'Flirt Test',
    locale: 'en' as const,
    route: 'members',
  };
  const nav = pickNamespaces(en, MEMBERS_NAMESPACES);

  it("shows the site's logo, the link named by the brand", () => {
    const logo = '<svg aria-hidden="true" viewBox="0 0 10 10"><circle cx="5" cy="5" r="4"/></svg>';
    render(
      <IslandI18n locale="en" catalogue={nav}>
        <MembersNav {...props} logo={logo} />
      </IslandI18n>,
    );
    const home = screen.getByRole('link', { name: 'Flirt Test' });
    expect(home.getAttribute('href')).toBe('/members');
    expect(home.querySelector('svg circle')).not.toBeNull();
    expect(home.textContent).toBe('');
  });

  it('falls back to the brand name when the site has no logo', () => {
    render(
      <IslandI18n locale="en" catalogue={nav}>
        <MembersNav {...props} />
      </IslandI18n>,
    );
    expect(screen.getByRole('link', { name: 'Flirt Test' }).textContent).toBe('Flirt Test');
  });
});
