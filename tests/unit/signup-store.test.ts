/**
 * The signup flow store without rendering: validation of SPEC §5, the traffic source, the
 * request it sends, server errors at their fields, and the steps to 'complete'. The real
 * API client runs against a scripted fetch.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '#src/client/api.ts';
import {
  $signup,
  $signupAnswers,
  $signupValues,
  acceptSiteEntry,
  ageOn,
  answerPush,
  backPersonal,
  continuePersonal,
  emailSuggestion,
  fieldOfError,
  isClosable,
  pageDetails,
  readTrafficSource,
  resendActivation,
  resumeSignup,
  setAnswer,
  setSignupValue,
  skipPhoto,
  startSignup,
  stepNumber,
  submitSignup,
  toggleInterest,
  validateAccount,
  type SignupValues,
} from '#src/features/auth/signup-store.ts';
import { ownProfile } from './profile-fixtures.ts';

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
  return { getItem: (key: string) => values[key] ?? null };
}

function fill(values: Partial<SignupValues>) {
  for (const [key, value] of Object.entries(values)) setSignupValue(key as keyof SignupValues, value as never);
}

beforeEach(() => startSignup());

describe('validation (SPEC §5)', () => {
  it('accepts a complete account', () => {
    expect(validateAccount(valid, NOW)).toEqual({});
  });

  it('names each rule', () => {
    expect(validateAccount({ ...valid, email: 'anna@' }, NOW).email?.code).toBe('email_invalid');
    expect(validateAccount({ ...valid, name: '@anna' }, NOW).name?.code).toBe('name_starts_with_at');
    expect(validateAccount({ ...valid, name: 'ANNA@example.com' }, NOW).name?.code).toBe('name_is_email');
    expect(validateAccount({ ...valid, name: 'A' }, NOW).name?.code).toBe('name_too_short');
    expect(validateAccount({ ...valid, password: 'short' }, NOW).password?.code).toBe('password_too_short');
    expect(validateAccount({ ...valid, gender: '' }, NOW).gender?.code).toBe('gender_required');
    expect(validateAccount({ ...valid, terms: false }, NOW).terms?.code).toBe('terms_required');
  });

  it('requires 18 years on the day and a real date', () => {
    expect(validateAccount({ ...valid, date_of_birth: '2008-06-15' }, NOW).date_of_birth).toBeUndefined();
    expect(validateAccount({ ...valid, date_of_birth: '2008-06-16' }, NOW).date_of_birth?.code).toBe(
      'date_of_birth_too_young',
    );
    expect(validateAccount({ ...valid, date_of_birth: '' }, NOW).date_of_birth?.code).toBe('date_of_birth_too_young');
    expect(validateAccount({ ...valid, date_of_birth: '1990-02-30' }, NOW).date_of_birth?.code).toBe(
      'date_of_birth_invalid',
    );
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
    await submitSignup({ api: api().client, now: () => NOW });
    const state = $signup.get();
    expect(state.step === 'account' && Object.keys(state.errors)).toEqual(['email', 'name']);
    setSignupValue('email', 'anna@example.com');
    const after = $signup.get();
    expect(after.step === 'account' && Object.keys(after.errors)).toEqual(['name']);
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
    const pending = submitSignup({
      api: client,
      now: () => NOW,
      storage: storage({ trafficsource: '{"network":"adnet"}' }),
    });
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
    await submitSignup({ api: client, now: () => NOW });
    expect(sent).toEqual([]);
    expect($signup.get()).toEqual({ step: 'account', errors: { terms: { code: 'terms_required' } } });
  });

  it('shows a server error at its field, with the server message', async () => {
    fill(valid);
    const message = 'An account with this e-mail address already exists';
    const { client } = api({ status: 400, body: { error: { code: 'email_exists', message, field: 'email' } } });
    await submitSignup({ api: client, now: () => NOW });
    expect($signup.get()).toEqual({ step: 'account', errors: { email: { code: 'email_exists', message } } });
    expect(isClosable($signup.get())).toBe(true);
  });

  it('places errors without a field by their code, others on the form', async () => {
    expect(fieldOfError('email_pending_deletion')).toBe('email');
    expect(fieldOfError('date_of_birth_too_young')).toBe('date_of_birth');
    expect(fieldOfError('password_common')).toBe('password');
    expect(fieldOfError('rate_limited')).toBeNull();
    fill(valid);
    const { client } = api({ status: 400, body: { error: { code: 'name_invalid', message: 'Bad name' } } });
    await submitSignup({ api: client, now: () => NOW });
    expect($signup.get()).toEqual({
      step: 'account',
      errors: { name: { code: 'name_invalid', message: 'Bad name' } },
    });
  });

  it("ends in 'closed' when signups are invite-only", async () => {
    fill(valid);
    const { client } = api({
      status: 403,
      body: { error: { code: 'signups_closed', message: 'This site is currently invite-only.' } },
    });
    await submitSignup({ api: client, now: () => NOW });
    expect($signup.get()).toEqual({ step: 'closed', message: 'This site is currently invite-only.' });
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
    await continuePersonal({ api: client });
    await continuePersonal({ api: client });
    backPersonal();
    expect($signup.get()).toMatchObject({ step: 'personal', page: 3 });
    await continuePersonal({ api: client });
    toggleInterest('music');
    toggleInterest('wine');
    toggleInterest('music');
    expect($signupAnswers.get().interests).toEqual(['wine']);
    await continuePersonal({ api: client });
    expect(sent).toEqual([
      { url: 'http://x/api/profile.php', method: 'PUT', body: { interests: ['wine'], about_me: '' } },
    ]);
    expect($signup.get().step).toBe('push');
    const ask = vi.fn(() => Promise.reject(new Error('blocked')));
    await answerPush(true, ask);
    expect(ask).toHaveBeenCalledOnce();
    expect($signup.get()).toEqual({ step: 'complete', email: 'anna@example.com', resend: 'idle' });
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
    const pending = continuePersonal({ api: client });
    expect($signup.get()).toEqual({ step: 'personal', page: 2, email: 'anna@example.com', saving: true });
    // A second click or 'Back' while saving does nothing.
    await continuePersonal({ api: client });
    await pending;
    expect($signup.get()).toEqual({ step: 'personal', page: 3, email: 'anna@example.com' });
    await continuePersonal({ api: client });
    toggleInterest('music');
    setAnswer('about', '  Hello there  ');
    await continuePersonal({ api: client });
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
    await continuePersonal({ api: client });
    expect($signup.get()).toEqual({
      step: 'personal',
      page: 2,
      email: 'anna@example.com',
      error: { code: 'invalid_input', message },
    });
    expect($signupAnswers.get().body_type).toBe('normal');
    await continuePersonal({ api: client });
    expect(sent).toHaveLength(2);
    expect(sent[1]?.body).toEqual({ body_type: 'normal' });
    expect($signup.get()).toEqual({ step: 'personal', page: 3, email: 'anna@example.com' });
  });

  it('shows the network error when the server cannot be reached, answers kept', async () => {
    resumeSignup('anna@example.com');
    skipPhoto();
    setAnswer('relationship_status', 'married');
    await continuePersonal({ api: api().client });
    expect($signup.get()).toEqual({
      step: 'personal',
      page: 2,
      email: 'anna@example.com',
      error: { code: 'network' },
    });
    expect($signupAnswers.get().relationship_status).toBe('married');
  });

  it("sends the activation e-mail again from 'complete'", async () => {
    $signup.set({ step: 'complete', email: 'anna@example.com', resend: 'idle' });
    const { client, sent } = api(
      { status: 200, body: { sent: true } },
      { status: 400, body: { error: { code: 'already_confirmed', message: 'Already confirmed' } } },
    );
    await resendActivation({ api: client });
    expect(sent[0]).toMatchObject({ url: 'http://x/api/activation-mail.php', method: 'POST', body: {} });
    expect($signup.get()).toMatchObject({ resend: 'sent' });
    await resendActivation({ api: client });
    expect($signup.get()).toMatchObject({ resend: 'failed', resendError: 'Already confirmed' });
  });

  it('starts with the site-entry warning when the client flag asks for it', () => {
    startSignup({ embeddedSiteEntryWarning: true, prefill: { gender: 'male' } });
    expect($signup.get()).toEqual({ step: 'site_entry' });
    expect(isClosable($signup.get())).toBe(true);
    expect(stepNumber($signup.get())).toBeNull();
    const stored = new Map<string, string>();
    acceptSiteEntry({ setItem: (key, value) => stored.set(key, value) }, () => NOW);
    expect($signup.get()).toEqual({ step: 'account', errors: {} });
    expect(stored.get('site_entry_skipped')).toBe(String(NOW.getTime()));
    expect($signupValues.get().gender).toBe('male');
  });
});
