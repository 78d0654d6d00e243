/**
 * The signup steps after the account exists (signup-state.ts): the photo (its upload is
 * signup-photo-store.ts), the personal pages 2–4, the push opt-in and 'check your e-mail'.
 * Each personal page's 'Continue' and 'Send again' are forms (src/stores/form.ts): busy,
 * the error in the member's language, done. The browser's notification prompt is passed in,
 * so tests run the same code without React.
 */
import { atom, map } from 'nanostores';
import { postActivationMail } from '#src/contract/accounts.ts';
import { putProfileDetails, type ProfileDetails } from '#src/contract/profile.ts';
import type { Interest } from '#src/lib/constants.ts';
import { environment } from '#src/stores/environment.ts';
import { createForm } from '#src/stores/form.ts';
import { $signup, type PersonalPage, type ProfileAnswers } from './signup-state.ts';

export const $signupAnswers = map<ProfileAnswers>({ interests: [], about: '' });

/**
 * The push opt-in's answer: 'asking' while the browser asks and the subscription is sent,
 * then 'on' (subscribed), 'refused' ('Allow', but the browser refused or could not
 * subscribe: the complete step says notifications can be turned on in the settings) or
 * 'skipped' ('Not now').
 */
export type SignupPushAnswer = 'unanswered' | 'asking' | 'on' | 'refused' | 'skipped';
export const $signupPush = atom<SignupPushAnswer>('unanswered');

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
