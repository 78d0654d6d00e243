/**
 * $signup: the signup flow of SPEC §2.6 / §2.7 as a state machine, framework-agnostic.
 * The islands only subscribe and call the actions below; the API client, storage, clock and
 * the browser's notification prompt are injected, so tests run the same code without React.
 *
 * Flow: [site_entry] → account → sending → photo → personal (2, 3, 4) → push → complete.
 * `closed` is the invite-only end (signups_closed). The modal may be closed only where
 * signup is not in progress: before submitting and at the end (`isClosable`).
 */
import { atom, map } from 'nanostores';
import emailSpellChecker from '@zootools/email-spell-checker';
import { ApiError, type ApiClient } from '#src/client/api.ts';
import {
  PASSWORD_MAX,
  PASSWORD_MIN,
  postActivationMail,
  postSignup,
  trafficSource,
  type TrafficSource,
} from '#src/contract/accounts.ts';
import { putProfileDetails, type ProfileDetails } from '#src/contract/profile.ts';
import { MIN_AGE, PROFILE_ATTRIBUTES, type Gender, type Interest } from '#src/lib/constants.ts';
import { TRAFFIC_STORAGE_KEY as TRAFFIC_SOURCE_KEY } from '#src/lib/traffic.ts';

/** localStorage key of the traffic source captured on landing (SPEC §3 "Traffic source"). */
export { TRAFFIC_SOURCE_KEY };
export const NAME_MIN = 2;
export const NAME_MAX = 30;
export const PERSONAL_PAGES = [2, 3, 4] as const;
export type PersonalPage = (typeof PERSONAL_PAGES)[number];

export type SignupField = 'email' | 'name' | 'password' | 'date_of_birth' | 'gender' | 'terms';
export const SIGNUP_FIELDS: readonly SignupField[] = ['email', 'name', 'password', 'date_of_birth', 'gender', 'terms'];

/**
 * An error at a field or for the whole form. `code` is a client validation key
 * (`auth.validation.<code>`) or a server error code; `message` is the server's translated
 * text and wins over the client key when present.
 */
export interface SignupError {
  code: string;
  message?: string;
}
export type FieldErrors = Partial<Record<SignupField, SignupError>>;

export interface SignupValues {
  email: string;
  name: string;
  password: string;
  /** YYYY-MM-DD, or '' while incomplete. */
  date_of_birth: string;
  gender: Gender | '';
  seeking: Gender | '';
  signup_message: string;
  terms: boolean;
}

/** Answers of steps 2–4; each page's 'Continue' saves its own (PUT /api/profile.php). */
export interface ProfileAnswers {
  relationship_status?: (typeof PROFILE_ATTRIBUTES.relationship_status)[number];
  body_type?: (typeof PROFILE_ATTRIBUTES.body_type)[number];
  hair_color?: (typeof PROFILE_ATTRIBUTES.hair_color)[number];
  eye_color?: (typeof PROFILE_ATTRIBUTES.eye_color)[number];
  interests: Interest[];
  about: string;
}

export type ResendStatus = 'idle' | 'sending' | 'sent' | 'failed';

export type SignupState =
  | { step: 'site_entry' }
  | { step: 'account'; errors: FieldErrors; formError?: SignupError }
  | { step: 'sending' }
  | { step: 'photo'; email: string }
  | {
      step: 'personal';
      page: PersonalPage;
      email: string;
      /** The page's answers are being saved. */
      saving?: boolean;
      /** Saving failed: the answers are kept, 'Continue' tries again. */
      error?: SignupError;
    }
  | { step: 'push'; email: string }
  | { step: 'complete'; email: string; resend: ResendStatus; resendError?: string }
  | { step: 'closed'; message?: string };

export type SignupStep = SignupState['step'];

export const EMPTY_VALUES: SignupValues = {
  email: '',
  name: '',
  password: '',
  date_of_birth: '',
  gender: '',
  seeking: '',
  signup_message: '',
  terms: false,
};

export const $signup = atom<SignupState>({ step: 'account', errors: {} });
export const $signupValues = map<SignupValues>({ ...EMPTY_VALUES });
export const $signupAnswers = map<ProfileAnswers>({ interests: [], about: '' });

export interface SignupEnv {
  api: ApiClient;
  /** Where the traffic source is read from (window.localStorage in the browser). */
  storage?: Pick<Storage, 'getItem'> | undefined;
  now?: () => Date;
}

/** 1-based position in the flow for 'Step n of total'; null where no step is counted. */
export function stepNumber(state: SignupState): { n: number; total: number } | null {
  const total = 3 + PERSONAL_PAGES.length + 1; // account, photo, 2–4, push, complete
  switch (state.step) {
    case 'account':
    case 'sending':
      return { n: 1, total };
    case 'photo':
      return { n: 2, total };
    case 'personal':
      return { n: state.page + 1, total };
    case 'push':
      return { n: total - 1, total };
    case 'complete':
      return { n: total, total };
    default:
      return null;
  }
}

/** The signup modal may be closed before submitting and after the flow ended. */
export function isClosable(state: SignupState): boolean {
  return (
    state.step === 'site_entry' || state.step === 'account' || state.step === 'complete' || state.step === 'closed'
  );
}

/** Starts (or restarts) the flow: with the embedded site-entry warning first when asked. */
export function startSignup(options: { embeddedSiteEntryWarning?: boolean; prefill?: Partial<SignupValues> } = {}) {
  $signupValues.set({ ...EMPTY_VALUES, ...options.prefill });
  $signupAnswers.set({ interests: [], about: '' });
  $signup.set(options.embeddedSiteEntryWarning ? { step: 'site_entry' } : { step: 'account', errors: {} });
}

/** complete-signup: a logged-in, not-confirmed member continues after the account step. */
export function resumeSignup(email: string) {
  $signupAnswers.set({ interests: [], about: '' });
  $signup.set({ step: 'photo', email });
}

/** localStorage key the static site-entry warning reads (src/components/SiteEntryWarning.astro). */
export const SITE_ENTRY_SKIPPED_KEY = 'site_entry_skipped';

/** The embedded warning was answered: stored like closing the static one (SPEC §2.6). */
export function acceptSiteEntry(storage?: Pick<Storage, 'setItem'>, now: () => Date = () => new Date()) {
  if ($signup.get().step !== 'site_entry') return;
  try {
    storage?.setItem(SITE_ENTRY_SKIPPED_KEY, String(now().getTime()));
  } catch {
    // Blocked storage: the warning may show again on the next page, nothing more.
  }
  $signup.set({ step: 'account', errors: {} });
}

/** Updates one value; a field's error goes away once the member edits it. */
export function setSignupValue<K extends keyof SignupValues>(key: K, value: SignupValues[K]) {
  $signupValues.set({ ...$signupValues.get(), [key]: value });
  const state = $signup.get();
  if (state.step === 'account' && key in state.errors) {
    const errors = Object.fromEntries(Object.entries(state.errors).filter(([field]) => field !== key));
    $signup.set({ ...state, errors });
  }
}

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

export function isValidEmail(email: string): boolean {
  return EMAIL_PATTERN.test(email.trim());
}

/** 'Did you mean …?' for likely typos in the domain; null when nothing better is known. */
export function emailSuggestion(email: string): string | null {
  const trimmed = email.trim();
  if (!trimmed.includes('@')) return null;
  const suggestion = emailSpellChecker.run({ email: trimmed });
  return suggestion && suggestion.full !== trimmed ? suggestion.full : null;
}

/** Age in whole years on `now`; null when the date does not exist. */
export function ageOn(dateOfBirth: string, now: Date): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(dateOfBirth);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  if (date.getTime() > now.getTime()) return null;
  let age = now.getUTCFullYear() - year;
  const beforeBirthday = now.getUTCMonth() < month - 1 || (now.getUTCMonth() === month - 1 && now.getUTCDate() < day);
  if (beforeBirthday) age -= 1;
  return age > 130 ? null : age;
}

/** Client-side checks of SPEC §5 before anything is sent. */
export function validateAccount(values: SignupValues, now: Date = new Date()): FieldErrors {
  const errors: FieldErrors = {};
  const email = values.email.trim();
  const name = values.name.trim();
  if (!isValidEmail(email)) errors.email = { code: 'email_invalid' };
  if (name.startsWith('@')) errors.name = { code: 'name_starts_with_at' };
  else if (email !== '' && name.toLowerCase() === email.toLowerCase()) errors.name = { code: 'name_is_email' };
  else if (name.length < NAME_MIN) errors.name = { code: 'name_too_short' };
  else if (name.length > NAME_MAX) errors.name = { code: 'name_too_long' };
  if (values.password.length < PASSWORD_MIN) errors.password = { code: 'password_too_short' };
  else if (values.password.length > PASSWORD_MAX) errors.password = { code: 'password_too_long' };
  if (values.date_of_birth === '') errors.date_of_birth = { code: 'date_of_birth_too_young' };
  else {
    const age = ageOn(values.date_of_birth, now);
    if (age === null) errors.date_of_birth = { code: 'date_of_birth_invalid' };
    else if (age < MIN_AGE) errors.date_of_birth = { code: 'date_of_birth_too_young' };
  }
  if (values.gender === '') errors.gender = { code: 'gender_required' };
  if (!values.terms) errors.terms = { code: 'terms_required' };
  return errors;
}

/** The traffic source stored on landing, when present and well-formed. */
export function readTrafficSource(storage: Pick<Storage, 'getItem'> | undefined): TrafficSource | undefined {
  try {
    const raw = storage?.getItem(TRAFFIC_SOURCE_KEY);
    if (!raw) return undefined;
    const parsed = trafficSource.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** Which field a server error belongs to: its `field`, else by code. */
export function fieldOfError(code: string, field?: string): SignupField | null {
  if (field && (SIGNUP_FIELDS as readonly string[]).includes(field)) return field as SignupField;
  if (code.startsWith('email_')) return 'email';
  if (code.startsWith('name_')) return 'name';
  if (code.startsWith('password_')) return 'password';
  if (code.startsWith('date_of_birth_')) return 'date_of_birth';
  return null;
}

/** Validates, then sends the signup; the state shows 'sending' while the call runs. */
export async function submitSignup(env: SignupEnv): Promise<void> {
  const state = $signup.get();
  if (state.step !== 'account') return;
  const values = $signupValues.get();
  const errors = validateAccount(values, env.now?.() ?? new Date());
  if (Object.keys(errors).length > 0) {
    $signup.set({ step: 'account', errors });
    return;
  }
  $signup.set({ step: 'sending' });
  const source = readTrafficSource(env.storage);
  const message = values.signup_message.trim();
  try {
    const { user } = await env.api.call(postSignup, {
      body: {
        email: values.email.trim(),
        name: values.name.trim(),
        password: values.password,
        date_of_birth: values.date_of_birth,
        gender: values.gender as Gender,
        ...(values.seeking ? { seeking: values.seeking } : {}),
        ...(message ? { signup_message: message } : {}),
        ...(source ? { trafficsource: source } : {}),
      },
    });
    // The password is not kept in memory longer than needed.
    $signupValues.setKey('password', '');
    $signup.set({ step: 'photo', email: user.email });
  } catch (error) {
    if (error instanceof ApiError) {
      if (error.code === 'signups_closed') {
        $signup.set({ step: 'closed', message: error.message });
        return;
      }
      const field = fieldOfError(error.code, error.field);
      const signupError = { code: error.code, message: error.message };
      $signup.set(
        field
          ? { step: 'account', errors: { [field]: signupError } }
          : { step: 'account', errors: {}, formError: signupError },
      );
      return;
    }
    $signup.set({ step: 'account', errors: {}, formError: { code: 'network' } });
  }
}

export function skipPhoto() {
  const state = $signup.get();
  if (state.step === 'photo') $signup.set({ step: 'personal', page: 2, email: state.email });
}

export function setAnswer<K extends keyof ProfileAnswers>(key: K, value: ProfileAnswers[K]) {
  $signupAnswers.set({ ...$signupAnswers.get(), [key]: value });
}

export function toggleInterest(interest: Interest) {
  const current = $signupAnswers.get().interests;
  $signupAnswers.setKey(
    'interests',
    current.includes(interest) ? current.filter((i) => i !== interest) : [...current, interest],
  );
}

/** What a personal page saves: its own answers only (page 4 replaces the interests). */
export function pageDetails(page: PersonalPage, answers: ProfileAnswers): ProfileDetails {
  const pick = <K extends 'relationship_status' | 'body_type' | 'hair_color' | 'eye_color'>(key: K) =>
    answers[key] ? { [key]: answers[key] } : {};
  switch (page) {
    case 2:
      return { ...pick('relationship_status'), ...pick('body_type') };
    case 3:
      return { ...pick('hair_color'), ...pick('eye_color') };
    case 4:
      return { interests: [...new Set(answers.interests)], about_me: answers.about.trim() };
  }
}

/**
 * A failed save as the page shows it: the server's translated message, or (no usable answer)
 * the client's own network / try-later text, never a technical error string.
 */
function saveError(error: unknown): SignupError {
  if (!(error instanceof ApiError) || error.code === 'network' || error.status === 0) return { code: 'network' };
  if (error.code === 'internal') return { code: 'internal' };
  return { code: error.code, message: error.message };
}

/**
 * 'Continue' on a personal page: saves the page's answers, then the next page (after 4 the
 * push opt-in). On failure the page stays with the error and the answers, ready to retry.
 */
export async function continuePersonal(env: Pick<SignupEnv, 'api'>): Promise<void> {
  const state = $signup.get();
  if (state.step !== 'personal' || state.saving) return;
  const { page, email } = state;
  const body = pageDetails(page, $signupAnswers.get());
  if (Object.keys(body).length > 0) {
    $signup.set({ step: 'personal', page, email, saving: true });
    try {
      await env.api.call(putProfileDetails, { body });
    } catch (error) {
      $signup.set({ step: 'personal', page, email, error: saveError(error) });
      return;
    }
  }
  $signup.set(page < 4 ? { step: 'personal', page: (page + 1) as PersonalPage, email } : { step: 'push', email });
}

/** Back within steps 2–4 (the account step cannot be reopened once sent). */
export function backPersonal() {
  const state = $signup.get();
  if (state.step === 'personal' && state.saving) return;
  if (state.step === 'personal' && state.page > 2)
    $signup.set({ step: 'personal', page: (state.page - 1) as PersonalPage, email: state.email });
  else if (state.step === 'push') $signup.set({ step: 'personal', page: 4, email: state.email });
}

/**
 * Push opt-in: 'Allow' asks the browser for permission (the subscription itself comes with
 * the push issue); either answer ends on 'complete'.
 */
export async function answerPush(allow: boolean, requestPermission?: () => Promise<unknown>): Promise<void> {
  const state = $signup.get();
  if (state.step !== 'push') return;
  if (allow && requestPermission) {
    try {
      await requestPermission();
    } catch {
      // A refused or unsupported prompt does not stop the flow.
    }
  }
  $signup.set({ step: 'complete', email: state.email, resend: 'idle' });
}

/** 'Send again' on the complete step. */
export async function resendActivation(env: Pick<SignupEnv, 'api'>): Promise<void> {
  const state = $signup.get();
  if (state.step !== 'complete' || state.resend === 'sending') return;
  $signup.set({ ...state, resend: 'sending' });
  try {
    // An empty JSON body: state-changing calls are sent as JSON (CSRF rule).
    await env.api.call(postActivationMail, { body: {} });
    $signup.set({ step: 'complete', email: state.email, resend: 'sent' });
  } catch (error) {
    $signup.set({
      step: 'complete',
      email: state.email,
      resend: 'failed',
      ...(error instanceof ApiError ? { resendError: error.message } : {}),
    });
  }
}
