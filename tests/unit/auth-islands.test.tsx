/**
 * The auth islands as a member meets them: the login form shows the server's text, the
 * signup form ties its errors to the fields and focuses the first one, and the 'Did you
 * mean' suggestion fills the field.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import AuthLogin from '#src/islands/AuthLogin.tsx';
import SignupFlow from '#src/islands/SignupFlow.tsx';
import { catalogues } from '#src/i18n/index.ts';
import { authCatalogue } from '#src/features/auth/catalogue.ts';

const en = catalogues.en;
const catalogue = authCatalogue(en);

function answer(status: number, body: unknown) {
  const fetch = vi.fn(() =>
    Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

beforeEach(() => {
  // A phone: the signup flow renders in the page.
  vi.stubGlobal(
    'matchMedia',
    vi.fn(() => ({ matches: true, addEventListener: vi.fn(), removeEventListener: vi.fn() })),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

describe('login', () => {
  it("shows the server's message when the login fails", async () => {
    answer(401, { error: { code: 'login_failed', message: 'Login failed, please try again' } });
    render(<AuthLogin locale="en" catalogue={catalogue} />);
    fireEvent.change(screen.getByLabelText(en.auth.email), { target: { value: 'a@example.com' } });
    fireEvent.change(screen.getByLabelText(en.auth.password), { target: { value: 'wrong-password' } });
    fireEvent.click(screen.getByRole('button', { name: en.auth.login.submit }));
    expect((await screen.findByRole('alert')).textContent).toBe('Login failed, please try again');
  });

  it('notes a reactivated account from ?reactivated=1', () => {
    window.history.replaceState(null, '', '/login?reactivated=1');
    render(<AuthLogin locale="en" catalogue={catalogue} />);
    expect(screen.getByRole('status').textContent).toBe(en.auth.login.reactivated);
  });
});

describe('signup form', () => {
  it('checks the fields before sending and focuses the first invalid one', () => {
    const fetch = answer(500, {});
    render(<SignupFlow locale="en" catalogue={catalogue} />);
    fireEvent.change(screen.getByLabelText(en.auth.email), { target: { value: 'anna@example.com' } });
    fireEvent.change(screen.getByLabelText(en.auth.signup.name), { target: { value: '@anna' } });
    fireEvent.click(screen.getByRole('button', { name: en.auth.signup.submit }));
    const name = screen.getByLabelText(en.auth.signup.name);
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(name.getAttribute('aria-describedby')!.split(' ')[0]!)?.textContent).toBe(
      'Username may not start with @',
    );
    expect(document.activeElement).toBe(name);
    expect(screen.getByText('Enter your date of birth (18+)')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it("fills the e-mail from the 'Did you mean' suggestion", () => {
    render(<SignupFlow locale="en" catalogue={catalogue} />);
    const email = screen.getByLabelText<HTMLInputElement>(en.auth.email);
    fireEvent.change(email, { target: { value: 'anna@hotmial.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'anna@hotmail.com' }));
    expect(email.value).toBe('anna@hotmail.com');
  });

  it('shows the embedded site-entry warning first when the client flag is on', () => {
    render(<SignupFlow locale="en" catalogue={catalogue} signupFlowEmbeddedSiteEntryWarning />);
    expect(screen.getByRole('heading', { name: en.site_entry.title })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: en.auth.signup.entry_continue }));
    expect(screen.getByRole('heading', { name: en.auth.signup.title })).toBeTruthy();
  });
});
