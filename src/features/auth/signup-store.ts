/**
 * $signup: the signup flow of SPEC §2.6 / §2.7 as a state machine, framework-agnostic.
 * The islands only subscribe and call the actions and forms below. The API client, storage
 * and clock come from the environment (src/stores/environment.ts), the browser's
 * notification prompt is passed in, so tests run the same code without React.
 *
 * Flow: [site_entry] → account → sending → photo → personal (2, 3, 4) → push → complete.
 * `closed` is the invite-only end (signups_closed). The modal may be closed only where
 * signup is not in progress: before submitting and at the end (`isClosable`).
 *
 * The account step, each personal page and 'Send again' are forms (src/stores/form.ts):
 * busy, the error in the member's language, done. The account step's refusals that belong
 * to a field show there ($signupErrors), the others above the form.
 */
import { atom, map } from 'nanostores';
import emailSpellChecker from '@zootools/email-spell-checker';
import { ApiError } from '#src/client/api.ts';
import { NAME_MAX, NAME_MIN, PASSWORD_MAX, PASSWORD_MIN } from '#src/contract/limits.ts';
import { postActivationMail, postSignup, trafficSource, type TrafficSource } from '#src/contract/accounts.ts';
import { getOwnProfile, putProfileDetails, type OwnProfile, type ProfileDetails } from '#src/contract/profile.ts';
import { getUser, type CurrentUser } from '#src/contract/user.ts';
import type { TranslationKey } from '#src/i18n/index.ts';
import { MIN_AGE, PROFILE_ATTRIBUTES, type Gender, type Interest } from '#src/lib/constants.ts';
import { TRAFFIC_STORAGE_KEY as TRAFFIC_SOURCE_KEY } from '#src/lib/traffic.ts';
import { environment } from '#src/stores/environment.ts';
import { CheckError, errorField, errorText } from '#src/stores/errors.ts';
import { createForm } from '#src/stores/form.ts';

/** localStorage key of the traffic source captured on landing (SPEC §3 "Traffic source"). */
export { TRAFFIC_SOURCE_KEY };
export const PERSONAL_PAGES = [2, 3, 4] as const;
export type PersonalPage = (typeof PERSONAL_PAGES)[number];

export type SignupField = 'email' | 'name' | 'password' | 'date_of_birth' | 'gender' | 'terms';
export const SIGNUP_FIELDS: readonly SignupField[] = ['email', 'name', 'password', 'date_of_birth', 'gender', 'terms'];

/**
 * A refusal shown at its field: the text in the member's language, and the server's error
 * code or the client check's key it came from (some codes bring a link, e.g. email_exists).
 */
export interface FieldError {
  code: string;
  text: string;
}
export type FieldErrors = Partial<Record<SignupField, FieldError>>;
/** The client checks that failed, by field. */
export type AccountChecks = Partial<Record<SignupField, CheckError>>;

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

export type SignupState =
  | { step: 'site_entry' }
  | { step: 'account' }
  | { step: 'sending' }
  | { step: 'photo'; email: string }
  | { step: 'personal'; page: PersonalPage; email: string }
  | { step: 'push'; email: string }
  | { step: 'complete'; email: string }
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

export const $signup = atom<SignupState>({ step: 'account' });
/** The account step's refusals at their fields; a field's goes away once the member edits it. */
export const $signupErrors = map<FieldErrors>({});
export const $signupValues = map<SignupValues>({ ...EMPTY_VALUES });
export const $signupAnswers = map<ProfileAnswers>({ interests: [], about: '' });

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

/**
 * Starts (or restarts) the flow: with the embedded site-entry warning first when asked.
 * `defaults` are the site's preselected answers (sites.config.ts `signupDefaults`), `prefill`
 * what the visitor chose before the form; the latter wins.
 */
export function startSignup(
  options: {
    embeddedSiteEntryWarning?: boolean;
    defaults?: Partial<SignupValues>;
    prefill?: Partial<SignupValues>;
  } = {},
) {
  $signupValues.set({ ...EMPTY_VALUES, ...options.defaults, ...options.prefill });
  resetAnswersAndForms();
  $signup.set(options.embeddedSiteEntryWarning ? { step: 'site_entry' } : { step: 'account' });
}

/** complete-signup: a logged-in, not-confirmed member continues after the account step. */
export function resumeSignup(email: string) {
  resetAnswersAndForms();
  $signup.set({ step: 'photo', email });
}

/** True once the account exists: from then on the member is logged in. */
export function isLoggedInStep(state: SignupState): state is Extract<SignupState, { email: string }> {
  return state.step === 'photo' || state.step === 'personal' || state.step === 'push' || state.step === 'complete';
}

/** The steps after the account in their order, and when a member's saved profile has done each. */
const RESUMABLE_STEPS: readonly { done: (profile: OwnProfile) => boolean; state: (email: string) => SignupState }[] = [
  { done: (p) => p.photos.length > 0, state: (email) => ({ step: 'photo', email }) },
  { done: (p) => !!(p.relationship_status ?? p.body_type), state: (email) => ({ step: 'personal', page: 2, email }) },
  { done: (p) => !!(p.hair_color ?? p.eye_color), state: (email) => ({ step: 'personal', page: 3, email }) },
  {
    done: (p) => p.interests.length > 0 || p.about_me.trim() !== '',
    state: (email) => ({ step: 'personal', page: 4, email }),
  },
];

/** localStorage key of the last step this browser reached after the account: `{ email, step }`. */
export const SIGNUP_PROGRESS_KEY = 'signup_progress';

/** A step's place after the account: photo 0, pages 2–4 are 1–3, push 4, complete 5. */
function progressOf(state: SignupState): number {
  switch (state.step) {
    case 'photo':
      return 0;
    case 'personal':
      return state.page - 1;
    case 'push':
      return 4;
    case 'complete':
      return 5;
    default:
      return -1;
  }
}

// Remembers how far the member got, so that skipped steps (nothing saved) count as done.
$signup.listen((state) => {
  if (!isLoggedInStep(state)) return;
  const { storage } = environment();
  try {
    storage?.setItem(SIGNUP_PROGRESS_KEY, JSON.stringify({ email: state.email, step: progressOf(state) }));
  } catch {
    // Blocked storage: a resumed signup then relies on the saved profile alone.
  }
});

/** The step this browser reached for `email` (`progressOf`), or -1. */
function storedProgress(email: string): number {
  try {
    const raw = environment().storage?.getItem(SIGNUP_PROGRESS_KEY);
    const stored = raw ? (JSON.parse(raw) as { email?: unknown; step?: unknown }) : null;
    return stored?.email === email && typeof stored.step === 'number' ? stored.step : -1;
  } catch {
    return -1;
  }
}

/**
 * Where a logged-in member's unfinished signup goes on: the step after the last one done,
 * by the saved profile or the step this browser reached (a skipped step stays skipped).
 * With every step done, a member who has not confirmed the e-mail yet sees 'check your
 * e-mail'; null when nothing is left.
 */
export function resumeState(user: CurrentUser, profile: OwnProfile, reached = -1): SignupState | null {
  const lastDone = RESUMABLE_STEPS.findLastIndex((step) => step.done(profile));
  // Every page answered: the push question is not asked again.
  const fromProfile = lastDone + 1 === RESUMABLE_STEPS.length ? 5 : lastDone + 1;
  const position = Math.max(fromProfile, reached);
  const next = RESUMABLE_STEPS[position];
  if (next) return next.state(user.email);
  if (position === 4) return { step: 'push', email: user.email };
  return user.status === 'not_confirmed' ? { step: 'complete', email: user.email } : null;
}

/**
 * The push opt-in's answer: 'asking' while the browser asks and the subscription is sent,
 * then 'on' (subscribed), 'refused' ('Allow', but the browser refused or could not
 * subscribe: the complete step says notifications can be turned on in the settings) or
 * 'skipped' ('Not now').
 */
export type SignupPushAnswer = 'unanswered' | 'asking' | 'on' | 'refused' | 'skipped';
export const $signupPush = atom<SignupPushAnswer>('unanswered');

/** True while /signup asks the server how far a logged-in member's signup went. */
export const $signupResuming = atom(false);

/**
 * /signup while logged in (the readable login marker is there): resumes the unfinished
 * signup, or goes to members when it is complete. A stale marker (the server answers
 * authentication_required) or a failure leaves the account step as it is.
 */
export async function resumeLoggedInSignup(): Promise<void> {
  const { api, navigate } = environment();
  $signupResuming.set(true);
  try {
    const [{ user }, { profile }] = await Promise.all([api.call(getUser), api.call(getOwnProfile)]);
    const state = resumeState(user, profile, storedProgress(user.email));
    if (!state) {
      navigate('/members');
      return;
    }
    resetAnswersAndForms();
    $signupAnswers.set({
      ...(profile.relationship_status ? { relationship_status: profile.relationship_status } : {}),
      ...(profile.body_type ? { body_type: profile.body_type } : {}),
      ...(profile.hair_color ? { hair_color: profile.hair_color } : {}),
      ...(profile.eye_color ? { eye_color: profile.eye_color } : {}),
      interests: profile.interests,
      about: profile.about_me,
    });
    $signup.set(state);
  } catch (error) {
    if (!(error instanceof ApiError && error.code === 'authentication_required')) environment().report(error);
  } finally {
    $signupResuming.set(false);
  }
}

function resetAnswersAndForms() {
  $signupAnswers.set({ interests: [], about: '' });
  $signupErrors.set({});
  $signupPush.set('unanswered');
  for (const form of [accountForm, personalForm, resendForm]) form.reset();
}

/** localStorage key the static site-entry warning reads (src/components/SiteEntryWarning.astro). */
export const SITE_ENTRY_SKIPPED_KEY = 'site_entry_skipped';

/** The embedded warning was answered: stored like closing the static one (SPEC §2.6). */
export function acceptSiteEntry() {
  if ($signup.get().step !== 'site_entry') return;
  const { storage, now } = environment();
  try {
    storage?.setItem(SITE_ENTRY_SKIPPED_KEY, String(now()));
  } catch {
    // Blocked storage: the warning may show again on the next page, nothing more.
  }
  $signup.set({ step: 'account' });
}

/** Updates one value; a field's error goes away once the member edits it. */
export function setSignupValue<K extends keyof SignupValues>(key: K, value: SignupValues[K]) {
  $signupValues.set({ ...$signupValues.get(), [key]: value });
  const errors = $signupErrors.get();
  if (key in errors) $signupErrors.set(Object.fromEntries(Object.entries(errors).filter(([field]) => field !== key)));
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

/** The password length rule of SPEC §5 (signup and the reset link), with the values its texts name. */
export function passwordCheck(password: string, field = 'password'): CheckError | undefined {
  const bounds = { min: PASSWORD_MIN, max: PASSWORD_MAX };
  if (password.length < PASSWORD_MIN) return new CheckError('auth.validation.password_too_short', field, bounds);
  if (password.length > PASSWORD_MAX) return new CheckError('auth.validation.password_too_long', field, bounds);
  return undefined;
}

function nameCheck(name: string, email: string): CheckError | undefined {
  const check = (key: TranslationKey) => new CheckError(key, 'name', { min: NAME_MIN, max: NAME_MAX });
  if (name.startsWith('@')) return check('auth.validation.name_starts_with_at');
  if (email !== '' && name.toLowerCase() === email.toLowerCase()) return check('auth.validation.name_is_email');
  if (name.length < NAME_MIN) return check('auth.validation.name_too_short');
  if (name.length > NAME_MAX) return check('auth.validation.name_too_long');
  return undefined;
}

function dateOfBirthCheck(dateOfBirth: string, now: Date): CheckError | undefined {
  const age = dateOfBirth === '' ? 0 : ageOn(dateOfBirth, now);
  if (age === null) return new CheckError('auth.validation.date_of_birth_invalid', 'date_of_birth');
  if (age < MIN_AGE)
    return new CheckError('auth.validation.date_of_birth_too_young', 'date_of_birth', { min_age: MIN_AGE });
  return undefined;
}

/** Client-side checks of SPEC §5 before anything is sent. */
export function validateAccount(values: SignupValues, now: Date = new Date()): AccountChecks {
  const email = values.email.trim();
  const checks: Record<SignupField, CheckError | undefined> = {
    email: isValidEmail(email) ? undefined : new CheckError('auth.validation.email_invalid', 'email'),
    name: nameCheck(values.name.trim(), email),
    password: passwordCheck(values.password),
    date_of_birth: dateOfBirthCheck(values.date_of_birth, now),
    gender: values.gender === '' ? new CheckError('auth.validation.gender_required', 'gender') : undefined,
    terms: values.terms ? undefined : new CheckError('auth.validation.terms_required', 'terms'),
  };
  return Object.fromEntries(Object.entries(checks).filter(([, check]) => check !== undefined));
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

/** A failure's field of the account step, if it has one. */
function accountFieldOf(error: unknown): SignupField | null {
  return fieldOfError(error instanceof ApiError ? error.code : '', errorField(error));
}

/**
 * Shows the failures at their fields and answers true, or answers false when one of them
 * belongs to no field (the form shows it above the fields).
 */
function showAtFields(errors: readonly unknown[]): boolean {
  const shown: FieldErrors = {};
  for (const error of errors) {
    const field = accountFieldOf(error);
    if (!field) return false;
    shown[field] = { code: error instanceof ApiError ? error.code : (error as CheckError).key, text: errorText(error) };
  }
  $signupErrors.set(shown);
  return true;
}

/** Validates, then sends the signup; the state shows 'sending' while the call runs. */
async function sendAccount(): Promise<void> {
  if ($signup.get().step !== 'account') return;
  const { api, storage, now } = environment();
  const values = $signupValues.get();
  $signupErrors.set({});
  const checks = Object.values(validateAccount(values, new Date(now())));
  if (checks.length > 0) throw new AggregateError(checks, 'account checks failed');
  $signup.set({ step: 'sending' });
  const source = readTrafficSource(storage);
  const message = values.signup_message.trim();
  try {
    const { user } = await api.call(postSignup, {
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
    $signup.set({ step: 'account' });
    throw error;
  }
}

/** The account step: the client checks, then POST /api/signup.php. */
export const accountForm = createForm(sendAccount, {
  handle: (error) => {
    if (error instanceof ApiError && error.code === 'signups_closed') {
      $signup.set({ step: 'closed', message: error.message });
      return true;
    }
    return showAtFields(error instanceof AggregateError ? (error.errors as unknown[]) : [error]);
  },
});

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
 * 'Continue' on a personal page: saves the page's answers, then the next page (after 4 the
 * push opt-in). On failure the page stays with the error and the answers, ready to retry.
 */
export const personalForm = createForm(
  async () => {
    const state = $signup.get();
    if (state.step !== 'personal') return;
    const { page, email } = state;
    const body = pageDetails(page, $signupAnswers.get());
    if (Object.keys(body).length > 0) await environment().api.call(putProfileDetails, { body });
    $signup.set(page < 4 ? { step: 'personal', page: (page + 1) as PersonalPage, email } : { step: 'push', email });
  },
  { repeatable: true },
);

/** Back within steps 2–4 (the account step cannot be reopened once sent). */
export function backPersonal() {
  const state = $signup.get();
  if (personalForm.$busy.get()) return;
  personalForm.reset();
  if (state.step === 'personal' && state.page > 2)
    $signup.set({ step: 'personal', page: (state.page - 1) as PersonalPage, email: state.email });
  else if (state.step === 'push') $signup.set({ step: 'personal', page: 4, email: state.email });
}

/**
 * Push opt-in: 'Allow' subscribes this browser to push (`subscribe`: the push store's
 * subscribePush, passed in so this store does not load it; true when subscribed). A refusal,
 * a browser without push or a failure does not stop the flow: either answer ends on
 * 'complete'.
 */
export async function answerPush(allow: boolean, subscribe?: () => Promise<boolean>): Promise<void> {
  const state = $signup.get();
  if (state.step !== 'push' || $signupPush.get() === 'asking') return;
  let subscribed = false;
  if (allow && subscribe) {
    $signupPush.set('asking');
    try {
      subscribed = await subscribe();
    } catch {
      // Refused, no service worker, or the server did not take it: the flow goes on.
    }
  }
  $signupPush.set(subscribed ? 'on' : allow ? 'refused' : 'skipped');
  $signup.set({ step: 'complete', email: state.email });
}

/** 'Send again' on the complete step (as often as the member likes). */
export const resendForm = createForm(
  // An empty JSON body: state-changing calls are sent as JSON (CSRF rule).
  () => environment().api.call(postActivationMail, { body: {} }),
  { repeatable: true },
);
