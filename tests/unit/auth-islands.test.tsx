/**
 * The auth islands as a member meets them: the login form shows the server's text and goes
 * to members (or, banned, to the ban page); the password reset checks before it sends and
 * shows a refused link as such; the e-mail change confirms its link once; the signup form
 * ties its errors to the fields and focuses the first one, and the 'Did you mean'
 * suggestion fills the field.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ApiError, type ApiClient } from '#src/client/api.ts';
import { postLogin, postPasswordReset, postSignup, putMailChange, putPasswordReset } from '#src/contract/accounts.ts';
import AuthLogin from '#src/islands/AuthLogin.tsx';
import AuthMailChange from '#src/islands/AuthMailChange.tsx';
import AuthResetPassword from '#src/islands/AuthResetPassword.tsx';
import AuthResetPasswordDo from '#src/islands/AuthResetPasswordDo.tsx';
import SignupComplete from '#src/islands/SignupComplete.tsx';
import SignupFlow from '#src/islands/SignupFlow.tsx';
import { catalogues } from '#src/i18n/index.ts';
import { authCatalogue } from '#src/features/auth/catalogue.ts';
import { loginForm } from '#src/features/auth/login-store.ts';
import { $signup } from '#src/features/auth/signup-state.ts';
import { getUser } from '#src/contract/user.ts';
import { ownProfile } from './profile-fixtures.ts';
import { $changedEmail, $mailChangeLinkInvalid, mailChangeForm } from '#src/features/auth/mail-change-store.ts';
import { $resetLinkInvalid, resetDoForm, resetRequestForm } from '#src/features/auth/password-reset-store.ts';
import { testEnvironment } from './test-environment.ts';

const en = catalogues.en;
const catalogue = authCatalogue(en);

/** A fake API client that answers every call with `answer` (a value, or an error to throw). */
function fakeApi(answer: unknown) {
  const call = vi.fn(() => (answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer)));
  return { api: { call } as unknown as ApiClient, call };
}

function logIn() {
  render(<AuthLogin locale="en" catalogue={catalogue} />);
  fireEvent.change(screen.getByLabelText(en.auth.email), { target: { value: ' a@example.com ' } });
  fireEvent.change(screen.getByLabelText(en.auth.password), { target: { value: 'wrong-password' } });
  fireEvent.click(screen.getByRole('button', { name: en.auth.login.submit }));
}

/** The page's URL with this query. */
function at(query: string) {
  return () => new URL(`http://default.localhost/page${query}`);
}

beforeEach(() => {
  for (const form of [loginForm, resetRequestForm, resetDoForm, mailChangeForm]) form.reset();
  $resetLinkInvalid.set(false);
  $mailChangeLinkInvalid.set(false);
  $changedEmail.set(null);
  // A phone: the signup flow renders in the page.
  vi.stubGlobal(
    'matchMedia',
    vi.fn(() => ({ matches: true, addEventListener: vi.fn(), removeEventListener: vi.fn() })),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  document.cookie = 'auth.loggedIn=; path=/; max-age=0';
  delete document.documentElement.dataset['member'];
});

describe('login', () => {
  it("shows the server's message when the login fails, and focuses the e-mail", async () => {
    const { api } = fakeApi(new ApiError(401, 'login_failed', 'Login failed, please try again'));
    const env = testEnvironment({ api });
    logIn();
    expect((await screen.findByRole('alert')).textContent).toBe('Login failed, please try again');
    expect(document.activeElement).toBe(screen.getByLabelText(en.auth.email));
    expect(env.navigations).toEqual([]);
  });

  it('goes to members after a login, and a banned account to the ban page', async () => {
    const { api, call } = fakeApi({ user: {} });
    const env = testEnvironment({ api });
    logIn();
    await waitFor(() => expect(env.navigations).toEqual(['/members']));
    expect(call).toHaveBeenCalledWith(postLogin, { body: { email: 'a@example.com', password: 'wrong-password' } });
    cleanup();
    loginForm.reset();
    const banned = testEnvironment({ api: fakeApi(new ApiError(403, 'login_banned', 'Banned')).api });
    logIn();
    await waitFor(() => expect(banned.navigations).toEqual(['/pages/ban']));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('notes a reactivated account from ?reactivated=1', () => {
    testEnvironment({ location: () => new URL('http://default.localhost/login?reactivated=1') });
    render(<AuthLogin locale="en" catalogue={catalogue} />);
    expect(screen.getByRole('status').textContent).toBe(en.auth.login.reactivated);
  });
});

describe('password reset', () => {
  it('checks the address before sending, then says the e-mail is on its way', async () => {
    const { api, call } = fakeApi({ sent: true });
    testEnvironment({ api });
    render(<AuthResetPassword locale="en" catalogue={catalogue} />);
    const email = screen.getByLabelText(en.auth.email);
    fireEvent.change(email, { target: { value: 'anna@' } });
    fireEvent.click(screen.getByRole('button', { name: en.auth.reset.submit }));
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText(en.auth.validation.email_invalid)).toBeTruthy();
    expect(document.activeElement).toBe(email);
    expect(call).not.toHaveBeenCalled();
    fireEvent.change(email, { target: { value: 'anna@example.com ' } });
    fireEvent.click(screen.getByRole('button', { name: en.auth.reset.submit }));
    expect(await screen.findByText(en.auth.reset.sent)).toBeTruthy();
    expect(call).toHaveBeenCalledWith(postPasswordReset, { body: { email: 'anna@example.com' } });
  });

  it('sets the new password from the link, checking length and repetition first', async () => {
    const { api, call } = fakeApi({ ok: true });
    testEnvironment({ api, location: at('?token=0123456789abcdef') });
    render(<AuthResetPasswordDo locale="en" catalogue={catalogue} />);
    const password = screen.getByLabelText(en.auth.reset.new_password);
    const repeat = screen.getByLabelText(en.auth.reset.repeat_password);
    const save = screen.getByRole('button', { name: en.auth.reset.do_submit });
    fireEvent.change(password, { target: { value: 'short' } });
    fireEvent.click(save);
    expect(await screen.findByText('Use at least 8 characters.')).toBeTruthy();
    fireEvent.change(password, { target: { value: 'long enough' } });
    fireEvent.change(repeat, { target: { value: 'long enougH' } });
    fireEvent.click(save);
    expect(await screen.findByText(en.auth.validation.passwords_differ)).toBeTruthy();
    expect(document.activeElement).toBe(repeat);
    expect(call).not.toHaveBeenCalled();
    fireEvent.change(repeat, { target: { value: 'long enough' } });
    fireEvent.click(save);
    expect(await screen.findByText(en.auth.reset.done)).toBeTruthy();
    expect(call).toHaveBeenCalledWith(putPasswordReset, {
      body: { token: '0123456789abcdef', password: 'long enough' },
    });
  });

  it('shows a link the server refuses, or a missing one, as expired', async () => {
    testEnvironment({
      api: fakeApi(new ApiError(400, 'link_invalid', 'Invalid')).api,
      location: at('?token=0123456789abcdef'),
    });
    render(<AuthResetPasswordDo locale="en" catalogue={catalogue} />);
    for (const label of [en.auth.reset.new_password, en.auth.reset.repeat_password])
      fireEvent.change(screen.getByLabelText(label), { target: { value: 'long enough' } });
    fireEvent.click(screen.getByRole('button', { name: en.auth.reset.do_submit }));
    expect((await screen.findByRole('alert')).textContent).toBe(en.auth.reset.link_invalid);
    cleanup();
    $resetLinkInvalid.set(false);
    testEnvironment({ location: at('') });
    render(<AuthResetPasswordDo locale="en" catalogue={catalogue} />);
    expect(screen.getByRole('alert').textContent).toBe(en.auth.reset.link_invalid);
  });
});

describe('e-mail change', () => {
  it('confirms the link once and shows the new address', async () => {
    const { api, call } = fakeApi({ email: 'new@example.com' });
    testEnvironment({ api, location: at('?token=0123456789abcdef') });
    render(<AuthMailChange locale="en" catalogue={catalogue} />);
    expect(screen.getByRole('status').textContent).toBe(en.auth.mail_change.working);
    expect((await screen.findByRole('strong')).textContent).toBe('new@example.com');
    expect(call).toHaveBeenCalledExactlyOnceWith(putMailChange, { body: { token: '0123456789abcdef' } });
  });

  it('says so when the link undid a change: the old address is back and a reset link is on its way', async () => {
    mailChangeForm.reset();
    const { api } = fakeApi({ email: 'old@example.com', undone: true });
    testEnvironment({ api, location: at('?token=0123456789abcdef') });
    render(<AuthMailChange locale="en" catalogue={catalogue} />);
    expect((await screen.findByRole('strong')).textContent).toBe('old@example.com');
    expect(screen.getByText(/We logged out every device/).textContent).toBe(
      en.auth.mail_change.undone.replace('<email>{{email}}</email>', 'old@example.com'),
    );
    cleanup();
    mailChangeForm.reset();
  });

  it("says when the link is not valid, and shows any other failure's text", async () => {
    testEnvironment({
      api: fakeApi(new ApiError(400, 'link_invalid', 'Invalid')).api,
      location: at('?token=0123456789abcdef'),
    });
    render(<AuthMailChange locale="en" catalogue={catalogue} />);
    expect((await screen.findByRole('alert')).textContent).toBe(en.auth.mail_change.link_invalid);
    cleanup();
    mailChangeForm.reset();
    $mailChangeLinkInvalid.set(false);
    testEnvironment({
      api: fakeApi(new ApiError(0, 'network', 'fetch failed')).api,
      location: at('?token=0123456789abcdef'),
    });
    render(<AuthMailChange locale="en" catalogue={catalogue} />);
    expect((await screen.findByRole('alert')).textContent).toBe(en.errors.network);
  });
});

describe('signup form', () => {
  it('checks the fields before sending and focuses the first invalid one', async () => {
    const { api, call } = fakeApi(new ApiError(500, 'internal', ''));
    testEnvironment({ api });
    render(<SignupFlow locale="en" catalogue={catalogue} />);
    fireEvent.change(screen.getByLabelText(en.auth.email), { target: { value: 'anna@example.com' } });
    fireEvent.change(screen.getByLabelText(en.auth.signup.name), { target: { value: '@anna' } });
    fireEvent.click(screen.getByRole('button', { name: en.auth.signup.submit }));
    const name = screen.getByLabelText(en.auth.signup.name);
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(name.getAttribute('aria-describedby')!.split(' ')[0]!)?.textContent).toBe(
      'Username may not start with @',
    );
    expect(document.activeElement).toBe(name);
    expect(screen.getByText('Enter your date of birth (18+)')).toBeTruthy();
    expect(call).not.toHaveBeenCalledWith(postSignup, expect.anything());
  });

  it("fills the e-mail from the 'Did you mean' suggestion", () => {
    render(<SignupFlow locale="en" catalogue={catalogue} />);
    const email = screen.getByLabelText<HTMLInputElement>(en.auth.email);
    fireEvent.change(email, { target: { value: 'anna@hotmial.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'anna@hotmail.com' }));
    expect(email.value).toBe('anna@hotmail.com');
  });

  it("preselects the site's gender and 'looking for' (the gay site: a man looking for men)", () => {
    render(<SignupFlow locale="en" catalogue={catalogue} defaults={{ gender: 'male', seeking: 'male' }} />);
    expect(screen.getByRole<HTMLInputElement>('radio', { name: en.auth.signup.male }).checked).toBe(true);
    expect(screen.getByRole<HTMLInputElement>('radio', { name: en.auth.signup.seeking_male }).checked).toBe(true);
    expect(screen.getByRole<HTMLInputElement>('radio', { name: en.auth.signup.seeking_female }).checked).toBe(false);
  });

  it('shows the header of a logged-in member once the account exists', () => {
    render(<SignupFlow locale="en" catalogue={catalogue} />);
    expect(document.documentElement.dataset['member']).toBeUndefined();
    act(() => $signup.set({ step: 'photo', email: 'anna@example.com' }));
    expect(document.documentElement.dataset['member']).toBe('1');
  });

  it('resumes the unfinished signup of a logged-in member, or sends a finished one to members', async () => {
    document.cookie = 'auth.loggedIn=1; path=/';
    const member = { email: 'anna@example.com', status: 'not_confirmed' };
    const answers = (profile: object) =>
      vi.fn((endpoint: unknown) =>
        Promise.resolve(endpoint === getUser ? { user: member } : { profile: ownProfile(profile) }),
      );
    testEnvironment({
      api: { call: answers({ photos: [], hair_color: 'red', interests: [] }) } as unknown as ApiClient,
    });
    render(<SignupFlow locale="en" catalogue={catalogue} />);
    expect(screen.queryByLabelText(en.auth.email)).toBeNull();
    await waitFor(() => expect($signup.get()).toEqual({ step: 'personal', page: 4, email: member.email }));
    expect(screen.queryByLabelText(en.auth.email)).toBeNull();
    cleanup();

    member.status = 'confirmed';
    const env = testEnvironment({ api: { call: answers({ interests: ['hiking'] }) } as unknown as ApiClient });
    render(<SignupFlow locale="en" catalogue={catalogue} />);
    await waitFor(() => expect(env.navigations).toEqual(['/members']));
  });

  it('shows the embedded site-entry warning first when the client flag is on', () => {
    render(<SignupFlow locale="en" catalogue={catalogue} signupFlowEmbeddedSiteEntryWarning />);
    expect(screen.getByRole('heading', { name: en.site_entry.title })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: en.auth.signup.entry_continue }));
    expect(screen.getByRole('heading', { name: en.auth.signup.title })).toBeTruthy();
  });
});

describe('complete-signup', () => {
  it('goes on at the step after the last one the member did', async () => {
    document.cookie = 'auth.loggedIn=1; path=/';
    const member = { email: 'anna@example.com', status: 'not_confirmed' };
    const call = vi.fn((endpoint: unknown) =>
      Promise.resolve(
        endpoint === getUser
          ? { user: member }
          : { profile: ownProfile({ body_type: 'slim', hair_color: null, interests: [] }) },
      ),
    );
    testEnvironment({ api: { call } as unknown as ApiClient });
    render(<SignupComplete locale="en" catalogue={catalogue} />);
    await waitFor(() => expect($signup.get()).toEqual({ step: 'personal', page: 3, email: member.email }));
    expect(await screen.findByRole('heading', { name: en.auth.personal.title_3 })).toBeTruthy();
  });
});
