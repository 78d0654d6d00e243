/**
 * The signup flow store without rendering: validation of SPEC §5, the traffic source, the
 * request it sends, server errors at their fields, and the steps to 'complete'. The real
 * API client runs against a scripted fetch, in the test environment.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '#src/client/api.ts';
import {
  $signupErrors,
  $signupValues,
  acceptSiteEntry,
  accountForm,
  readTrafficSource,
  setSignupValue,
} from '#src/features/auth/signup-account-store.ts';
import { ageOn, emailSuggestion, fieldOfError, validateAccount } from '#src/features/auth/signup-checks.ts';
import {
  $signupAnswers,
  answerPush,
  backPersonal,
  pageDetails,
  personalForm,
  resendForm,
  setAnswer,
  skipPhoto,
  toggleInterest,
} from '#src/features/auth/signup-profile-store.ts';
import { $signup, isClosable, isLoggedInStep, stepNumber, type SignupValues } from '#src/features/auth/signup-state.ts';
import {
  $signupResuming,
  checkSignupsOpen,
  resumeLoggedInSignup,
  resumeSignup,
  resumeState,
  startSignup,
} from '#src/features/auth/signup-store.ts';
import { ApiError, type ApiClient } from '#src/client/api.ts';
import { getUser, type CurrentUser } from '#src/contract/user.ts';
import { getOwnProfile, type OwnProfile } from '#src/contract/profile.ts';
import { ownProfile, siteSettings } from './profile-fixtures.ts';
import { resetSiteData } from '#src/stores/site-data.ts';
import { TRAFFIC_SOURCE_KEY } from '#src/features/auth/signup-account-store.ts';
import { MemoryStorage, testEnvironment } from './test-environment.ts';

/** The answer of PUT /api/profile.php: the saved profile. */
const saved = { ok: true, profile: ownProfile() };

const NOW = new Date(Date.UTC(2026, 5, 15, 12));
const user = {
  id: 'u1',
  name: 'Anna',
  email: 'anna@example.com',
  credits: 0,
  paid_user: false,
  status: 'not_confirmed',
  role: 'member',
  signup_date: '2026-06-15T12:00:00.000Z',
  notifications_disabled: [],
  fictional_icon: 'mask',
  language: 'en',
  profile: { id: 'p1', name: 'Anna', country: 'NL', status: 'disabled', main_image: null },
};
const valid: SignupValues = {
  email: 'anna@example.com',
  name: 'Anna',
  password: 'correct horse battery',
  date_of_birth: '1990-04-02',
  gender: 'female',
  seeking: 'male',
  signup_message: '  Fun and more  ',
  terms: true,
};

type Sent = { url: string; method: string; body: unknown };

function api(...answers: { status: number; body: unknown }[]) {
  const sent: Sent[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const text = await request.text();
    sent.push({ url: request.url, method: request.method, body: text ? (JSON.parse(text) as unknown) : undefined });
    const answer = answers.shift();
    if (!answer) throw new Error('no more answers');
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  });
  return {
    client: createApiClient({
      baseURL: 'http://x',
      fetch: fetch as unknown as typeof globalThis.fetch,
      delay: () => 0,
    }),
    sent,
  };
}

function storage(values: Record<string, string>) {
  const memory = new MemoryStorage();
  for (const [key, value] of Object.entries(values)) memory.setItem(key, value);
  return memory;
}

/** The test environment on the signup day, with this API client (and storage). */
function environment(client: ApiClient, local?: Storage) {
  return testEnvironment({ api: client, now: () => NOW.getTime(), ...(local ? { storage: local } : {}) });
}

function fill(values: Partial<SignupValues>) {
  for (const [key, value] of Object.entries(values)) setSignupValue(key as keyof SignupValues, value as never);
}

beforeEach(() => {
  testEnvironment();
  startSignup();
});

describe('validation (SPEC §5)', () => {
  it('accepts a complete account', () => {
    expect(validateAccount(valid, NOW)).toEqual({});
  });

  it('names each rule', () => {
    const key = (values: Partial<SignupValues>, field: keyof SignupValues) =>
      validateAccount({ ...valid, ...values }, NOW)[field as 'email']?.key;
    expect(key({ email: 'anna@' }, 'email')).toBe('auth.validation.email_invalid');
    expect(key({ name: '@anna' }, 'name')).toBe('auth.validation.name_starts_with_at');
    expect(key({ name: 'ANNA@example.com' }, 'name')).toBe('auth.validation.name_is_email');
    expect(key({ name: 'A' }, 'name')).toBe('auth.validation.name_too_short');
    expect(key({ password: 'short' }, 'password')).toBe('auth.validation.password_too_short');
    expect(key({ gender: '' }, 'gender')).toBe('auth.validation.gender_required');
    expect(key({ terms: false }, 'terms')).toBe('auth.validation.terms_required');
  });

  it('requires 18 years on the day and a real date', () => {
    const check = (date_of_birth: string) => validateAccount({ ...valid, date_of_birth }, NOW).date_of_birth;
    expect(check('2008-06-15')).toBeUndefined();
    expect(check('2008-06-16')?.key).toBe('auth.validation.date_of_birth_too_young');
    expect(check('2008-06-16')?.params).toEqual({ min_age: 18 });
    expect(check('')?.key).toBe('auth.validation.date_of_birth_too_young');
    expect(check('1990-02-30')?.key).toBe('auth.validation.date_of_birth_invalid');
    expect(ageOn('2000-02-29', new Date(Date.UTC(2018, 1, 28)))).toBe(17);
    expect(ageOn('2000-02-29', new Date(Date.UTC(2018, 2, 1)))).toBe(18);
  });

  it("suggests a likely e-mail domain ('Did you mean')", () => {
    expect(emailSuggestion('anna@gmial.com')).toBe('anna@gmail.com');
    expect(emailSuggestion('anna@gmail.com')).toBeNull();
    expect(emailSuggestion('anna')).toBeNull();
  });

  it('clears a field error once the member edits that field', async () => {
    fill({ ...valid, email: 'bad', name: '@x' });
    environment(api().client);
    await accountForm.submit();
    expect(Object.keys($signupErrors.get())).toEqual(['email', 'name']);
    expect($signupErrors.get().name).toEqual({
      code: 'auth.validation.name_starts_with_at',
      text: 'Username may not start with @',
    });
    expect(accountForm.$error.get()).toBeNull();
    setSignupValue('email', 'anna@example.com');
    expect(Object.keys($signupErrors.get())).toEqual(['name']);
  });
});

describe('traffic source', () => {
  it('reads the stored JSON and ignores what does not fit', () => {
    expect(readTrafficSource(storage({ trafficsource: '{"network":"adnet","sub1":"x"}' }))).toEqual({
      network: 'adnet',
      sub1: 'x',
    });
    expect(readTrafficSource(storage({ trafficsource: 'not json' }))).toBeUndefined();
    expect(readTrafficSource(storage({ trafficsource: '{"network":5}' }))).toBeUndefined();
    expect(readTrafficSource(storage({}))).toBeUndefined();
    expect(readTrafficSource(undefined)).toBeUndefined();
  });
});

describe('submitting', () => {
  it('sends the account with the traffic source and moves on to the photo step', async () => {
    fill(valid);
    const { client, sent } = api({ status: 200, body: { user } });
    environment(client, storage({ trafficsource: '{"network":"adnet"}' }));
    const pending = accountForm.submit();
    expect($signup.get().step).toBe('sending');
    expect(isClosable($signup.get())).toBe(false);
    await pending;
    expect(sent).toEqual([
      {
        url: 'http://x/api/signup.php',
        method: 'POST',
        body: {
          email: 'anna@example.com',
          name: 'Anna',
          password: 'correct horse battery',
          date_of_birth: '1990-04-02',
          gender: 'female',
          seeking: 'male',
          signup_message: 'Fun and more',
          trafficsource: { network: 'adnet' },
        },
      },
    ]);
    expect($signup.get()).toEqual({ step: 'photo', email: 'anna@example.com' });
    expect($signupValues.get().password).toBe('');
  });

  it('does not call the server when the client checks fail', async () => {
    fill({ ...valid, terms: false });
    const { client, sent } = api();
    environment(client);
    await accountForm.submit();
    expect(sent).toEqual([]);
    expect($signup.get()).toEqual({ step: 'account' });
    expect($signupErrors.get()).toEqual({
      terms: { code: 'auth.validation.terms_required', text: 'Accept the terms to continue.' },
    });
  });

  it('shows a server error at its field, with the server message', async () => {
    fill(valid);
    const message = 'An account with this e-mail address already exists';
    const { client } = api({ status: 400, body: { error: { code: 'email_exists', message, field: 'email' } } });
    environment(client);
    await accountForm.submit();
    expect($signup.get()).toEqual({ step: 'account' });
    expect($signupErrors.get()).toEqual({ email: { code: 'email_exists', text: message } });
    expect(accountForm.$error.get()).toBeNull();
    expect(isClosable($signup.get())).toBe(true);
  });

  it('places errors without a field by their code, others on the form', async () => {
    expect(fieldOfError('email_pending_deletion')).toBe('email');
    expect(fieldOfError('date_of_birth_too_young')).toBe('date_of_birth');
    expect(fieldOfError('password_common')).toBe('password');
    expect(fieldOfError('rate_limited')).toBeNull();
    fill(valid);
    const { client } = api(
      { status: 400, body: { error: { code: 'name_invalid', message: 'Bad name' } } },
      { status: 429, body: { error: { code: 'rate_limited', message: 'Too many signups' } } },
    );
    environment(client);
    await accountForm.submit();
    expect($signupErrors.get()).toEqual({ name: { code: 'name_invalid', text: 'Bad name' } });
    await accountForm.submit();
    expect($signupErrors.get()).toEqual({});
    expect(accountForm.$error.get()).toBe('Too many signups');
  });

  it('says an invite-only site is closed before the form is filled in (settings.signups)', async () => {
    const opened = async (signups: string, local?: Storage) => {
      resetSiteData();
      startSignup();
      environment(api({ status: 200, body: { settings: siteSettings({ signups }) } }).client, local);
      await checkSignupsOpen();
      return $signup.get();
    };
    expect(await opened('invite_only')).toEqual({ step: 'closed' });
    expect(await opened('with_trafficsource')).toEqual({ step: 'closed' });
    const landed = storage({ [TRAFFIC_SOURCE_KEY]: JSON.stringify({ network: 'ads', ref: 'campaign-7' }) });
    expect(await opened('with_trafficsource', landed)).toEqual({ step: 'account' });
    expect(await opened('with_trafficsource', storage({ [TRAFFIC_SOURCE_KEY]: '{}' }))).toEqual({ step: 'closed' });
    expect(await opened('all')).toEqual({ step: 'account' });
    // A failed load leaves the form; the server still refuses the send.
    resetSiteData();
    startSignup();
    environment(api({ status: 404, body: { error: { code: 'unknown_site', message: 'Unknown' } } }).client);
    await checkSignupsOpen();
    expect($signup.get()).toEqual({ step: 'account' });
  });

  it("ends in 'closed' when signups are invite-only", async () => {
    fill(valid);
    const { client } = api({
      status: 403,
      body: { error: { code: 'signups_closed', message: 'This site is currently invite-only.' } },
    });
    environment(client);
    await accountForm.submit();
    expect($signup.get()).toEqual({ step: 'closed', message: 'This site is currently invite-only.' });
    expect(accountForm.$error.get()).toBeNull();
    expect(isClosable($signup.get())).toBe(true);
  });
});

describe('the steps after the account', () => {
  it('walks photo → 2 → 3 → 4 → push → complete, keeping the answers', async () => {
    resumeSignup('anna@example.com');
    expect(stepNumber($signup.get())).toEqual({ n: 2, total: 7 });
    expect(isClosable($signup.get())).toBe(false);
    skipPhoto();
    expect($signup.get()).toEqual({ step: 'personal', page: 2, email: 'anna@example.com' });
    // Pages 2 and 3 without answers have nothing to save; page 4 saves the (empty) interests.
    const { client, sent } = api({ status: 200, body: saved });
    environment(client);
    await personalForm.submit();
    await personalForm.submit();
    backPersonal();
    expect($signup.get()).toMatchObject({ step: 'personal', page: 3 });
    await personalForm.submit();
    toggleInterest('music');
    toggleInterest('wine');
    toggleInterest('music');
    expect($signupAnswers.get().interests).toEqual(['wine']);
    await personalForm.submit();
    expect(sent).toEqual([
      { url: 'http://x/api/profile.php', method: 'PUT', body: { interests: ['wine'], about_me: '' } },
    ]);
    expect($signup.get().step).toBe('push');
    const ask = vi.fn(() => Promise.reject(new Error('blocked')));
    await answerPush(true, ask);
    expect(ask).toHaveBeenCalledOnce();
    expect($signup.get()).toEqual({ step: 'complete', email: 'anna@example.com' });
    expect(isClosable($signup.get())).toBe(true);
    expect(stepNumber($signup.get())).toEqual({ n: 7, total: 7 });
  });

  it("saves each personal page's answers on 'Continue', showing 'saving' meanwhile", async () => {
    resumeSignup('anna@example.com');
    skipPhoto();
    setAnswer('relationship_status', 'single');
    setAnswer('body_type', 'slim');
    setAnswer('hair_color', 'red');
    const { client, sent } = api(
      { status: 200, body: saved },
      { status: 200, body: saved },
      { status: 200, body: saved },
    );
    environment(client);
    const pending = personalForm.submit();
    expect($signup.get()).toEqual({ step: 'personal', page: 2, email: 'anna@example.com' });
    expect(personalForm.$busy.get()).toBe(true);
    // A second click or 'Back' while saving does nothing.
    await personalForm.submit();
    backPersonal();
    await pending;
    expect($signup.get()).toEqual({ step: 'personal', page: 3, email: 'anna@example.com' });
    await personalForm.submit();
    toggleInterest('music');
    setAnswer('about', '  Hello there  ');
    await personalForm.submit();
    expect(sent).toEqual([
      { url: 'http://x/api/profile.php', method: 'PUT', body: { relationship_status: 'single', body_type: 'slim' } },
      { url: 'http://x/api/profile.php', method: 'PUT', body: { hair_color: 'red' } },
      { url: 'http://x/api/profile.php', method: 'PUT', body: { interests: ['music'], about_me: 'Hello there' } },
    ]);
    expect($signup.get()).toEqual({ step: 'push', email: 'anna@example.com' });
    expect(pageDetails(3, { interests: [], about: '' })).toEqual({});
  });

  it('keeps the page and the answers when saving fails, and saves them on retry', async () => {
    resumeSignup('anna@example.com');
    skipPhoto();
    setAnswer('body_type', 'normal');
    const message = 'Please check your input.';
    const { client, sent } = api(
      { status: 400, body: { error: { code: 'invalid_input', message, field: 'body_type' } } },
      { status: 200, body: saved },
    );
    environment(client);
    await personalForm.submit();
    expect($signup.get()).toEqual({ step: 'personal', page: 2, email: 'anna@example.com' });
    expect(personalForm.$error.get()).toBe(message);
    expect($signupAnswers.get().body_type).toBe('normal');
    await personalForm.submit();
    expect(sent).toHaveLength(2);
    expect(sent[1]?.body).toEqual({ body_type: 'normal' });
    expect($signup.get()).toEqual({ step: 'personal', page: 3, email: 'anna@example.com' });
    expect(personalForm.$error.get()).toBeNull();
  });

  it('shows the network error when the server cannot be reached, answers kept', async () => {
    resumeSignup('anna@example.com');
    skipPhoto();
    setAnswer('relationship_status', 'married');
    environment(api().client);
    await personalForm.submit();
    expect($signup.get()).toEqual({ step: 'personal', page: 2, email: 'anna@example.com' });
    expect(personalForm.$error.get()).toBe('No connection. Check your internet connection and try again.');
    expect($signupAnswers.get().relationship_status).toBe('married');
  });

  it("sends the activation e-mail again from 'complete'", async () => {
    $signup.set({ step: 'complete', email: 'anna@example.com' });
    const { client, sent } = api(
      { status: 200, body: { sent: true } },
      { status: 400, body: { error: { code: 'already_confirmed', message: 'Already confirmed' } } },
    );
    environment(client);
    await resendForm.submit();
    expect(sent[0]).toMatchObject({ url: 'http://x/api/activation-mail.php', method: 'POST', body: {} });
    expect(resendForm.$done.get()).toBe(true);
    await resendForm.submit();
    expect(resendForm.$done.get()).toBe(false);
    expect(resendForm.$error.get()).toBe('Already confirmed');
  });

  it('starts with the site-entry warning when the client flag asks for it', () => {
    startSignup({ embeddedSiteEntryWarning: true, prefill: { gender: 'male' } });
    expect($signup.get()).toEqual({ step: 'site_entry' });
    expect(isClosable($signup.get())).toBe(true);
    expect(stepNumber($signup.get())).toBeNull();
    const { storage: stored } = environment(api().client);
    acceptSiteEntry();
    expect($signup.get()).toEqual({ step: 'account' });
    expect(stored?.getItem('site_entry_skipped')).toBe(String(NOW.getTime()));
    expect($signupValues.get().gender).toBe('male');
  });
});

describe('a logged-in member on /signup', () => {
  const member = user as CurrentUser;
  const confirmed = { ...member, status: 'confirmed' } as CurrentUser;
  const blank = ownProfile({ hair_color: null, interests: [], photos: [] });
  const email = member.email;

  /** GET /api/user.php and GET /api/profile.php answered with these (or failing with an error). */
  function signedIn(answerUser: CurrentUser | Error, profile: OwnProfile) {
    const call = vi.fn((endpoint: unknown) => {
      if (answerUser instanceof Error) return Promise.reject(answerUser);
      if (endpoint === getUser) return Promise.resolve({ user: answerUser });
      if (endpoint === getOwnProfile) return Promise.resolve({ profile });
      return Promise.reject(new Error('unexpected call'));
    });
    return testEnvironment({ api: { call } as unknown as ApiClient });
  }

  it('goes on at the step after the last one done, a skipped photo staying skipped', () => {
    expect(resumeState(member, blank)).toEqual({ step: 'photo', email });
    const withPhoto = { ...blank, photos: [{ id: 'ph1' } as OwnProfile['photos'][number]] };
    expect(resumeState(member, withPhoto)).toEqual({ step: 'personal', page: 2, email });
    expect(resumeState(member, { ...blank, body_type: 'slim' })).toEqual({ step: 'personal', page: 3, email });
    expect(resumeState(member, { ...blank, eye_color: 'blue' })).toEqual({ step: 'personal', page: 4, email });
    expect(resumeState(member, { ...blank, about_me: 'Hi' })).toEqual({ step: 'complete', email });
    expect(resumeState(confirmed, { ...blank, interests: ['hiking'] })).toBeNull();
    expect(resumeState(confirmed, { ...blank, relationship_status: 'single' })).toEqual({
      step: 'personal',
      page: 3,
      email,
    });
  });

  it('counts the steps this browser passed without saving anything (skipped) as done', async () => {
    expect(resumeState(member, blank, 3)).toEqual({ step: 'personal', page: 4, email });
    expect(resumeState(member, blank, 4)).toEqual({ step: 'push', email });
    expect(resumeState(member, blank, 5)).toEqual({ step: 'complete', email });
    expect(resumeState(confirmed, blank, 5)).toBeNull();

    const env = signedIn(confirmed, blank);
    resumeSignup(email);
    skipPhoto();
    expect(JSON.parse(env.storage!.getItem('signup_progress')!)).toEqual({ email, step: 1 });
    $signup.set({ step: 'complete', email });
    await resumeLoggedInSignup();
    expect(env.navigations).toEqual(['/members']);
  });

  it('resumes the unfinished signup with the saved answers, or goes to members when it is complete', async () => {
    signedIn(member, { ...blank, relationship_status: 'single' });
    const resuming = resumeLoggedInSignup();
    expect($signupResuming.get()).toBe(true);
    await resuming;
    expect($signupResuming.get()).toBe(false);
    expect($signup.get()).toEqual({ step: 'personal', page: 3, email });
    expect($signupAnswers.get().relationship_status).toBe('single');
    expect(isLoggedInStep($signup.get())).toBe(true);

    startSignup();
    const env = signedIn(confirmed, { ...blank, about_me: 'Hi' });
    await resumeLoggedInSignup();
    expect(env.navigations).toEqual(['/members']);
  });

  it('stays on the account step with a stale login marker', async () => {
    const env = signedIn(new ApiError(403, 'authentication_required', 'Log in'), blank);
    await resumeLoggedInSignup();
    expect($signup.get()).toEqual({ step: 'account' });
    expect(isLoggedInStep($signup.get())).toBe(false);
    expect(env.navigations).toEqual([]);
    expect($signupResuming.get()).toBe(false);
  });

  it("starts with the site's preselected answers, which the visitor's own choice overrides", () => {
    startSignup({ defaults: { gender: 'male', seeking: 'male' } });
    expect([$signupValues.get().gender, $signupValues.get().seeking]).toEqual(['male', 'male']);
    startSignup({ defaults: { gender: 'male', seeking: 'male' }, prefill: { seeking: 'female' } });
    expect([$signupValues.get().gender, $signupValues.get().seeking]).toEqual(['male', 'female']);
  });
});
