/**
 * Starting and resuming the signup flow (signup-state.ts): `startSignup` opens it at the
 * account step (or the embedded site-entry warning), `resumeSignup` and
 * `resumeLoggedInSignup` go on after the account step for a logged-in member, at the step
 * after the last one done. Each start clears the answers and the forms of every step
 * (signup-account-store.ts, signup-profile-store.ts). No React: the API client and storage
 * come from the environment (src/stores/environment.ts).
 */
import { atom } from 'nanostores';
import { ApiError } from '#src/client/api.ts';
import { getOwnProfile, type OwnProfile } from '#src/contract/profile.ts';
import { getUser, type CurrentUser } from '#src/contract/user.ts';
import { environment } from '#src/stores/environment.ts';
import { loadSiteSettings } from '#src/stores/site-data.ts';
import { $signupErrors, $signupValues, accountForm, EMPTY_VALUES, readTrafficSource } from './signup-account-store.ts';
import { $signupAnswers, $signupPush, personalForm, resendForm } from './signup-profile-store.ts';
import { $signup, storedProgress, type SignupState, type SignupValues } from './signup-state.ts';

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

/**
 * Invite-only sites say so before the form (SPEC §3 site setting `signups`): the site's
 * settings are read when the flow starts, and a site that takes no signup from this visitor
 * ('invite_only', or 'with_trafficsource' without a stored traffic source, as the server
 * decides in signup.ts) ends the flow in `closed` while nothing has been sent yet. A failed
 * load leaves the form: the server still refuses the send with `signups_closed`.
 */
export async function checkSignupsOpen(): Promise<void> {
  let signups: string;
  try {
    ({ signups } = await loadSiteSettings());
  } catch {
    return;
  }
  const source = readTrafficSource(environment().storage);
  const hasSource = Object.values(source ?? {}).some((value) => value.trim());
  const closed = signups === 'invite_only' || (signups === 'with_trafficsource' && !hasSource);
  const { step } = $signup.get();
  if (closed && (step === 'account' || step === 'site_entry')) $signup.set({ step: 'closed' });
}

/** complete-signup: a logged-in, not-confirmed member continues after the account step. */
export function resumeSignup(email: string) {
  resetAnswersAndForms();
  $signup.set({ step: 'photo', email });
}

function resetAnswersAndForms() {
  $signupAnswers.set({ interests: [], about: '' });
  $signupErrors.set({});
  $signupPush.set('unanswered');
  for (const form of [accountForm, personalForm, resendForm]) form.reset();
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
