/**
 * $signup: the signup flow of SPEC §2.6 / §2.7 as a state machine, and the data its steps
 * collect. Framework-agnostic: the islands subscribe, the step stores change it.
 *
 * Flow: [site_entry] → account → sending → photo → personal (2, 3, 4) → push → complete.
 * `closed` is the invite-only end (signups_closed). The modal may be closed only where
 * signup is not in progress: before submitting and at the end (`isClosable`).
 *
 * The modules of the flow: signup-checks.ts (the account step's client checks),
 * signup-account-store.ts (the account step), signup-profile-store.ts (photo, steps 2–4,
 * push, complete), signup-store.ts (starting and resuming the flow).
 */
import { atom } from 'nanostores';
import type { Gender, Interest, PROFILE_ATTRIBUTES } from '#src/lib/constants.ts';
import { environment } from '#src/stores/environment.ts';

export const PERSONAL_PAGES = [2, 3, 4] as const;
export type PersonalPage = (typeof PERSONAL_PAGES)[number];

export type SignupField = 'email' | 'name' | 'password' | 'date_of_birth' | 'gender' | 'terms';
export const SIGNUP_FIELDS: readonly SignupField[] = ['email', 'name', 'password', 'date_of_birth', 'gender', 'terms'];

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

export const $signup = atom<SignupState>({ step: 'account' });

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

/** True once the account exists: from then on the member is logged in. */
export function isLoggedInStep(state: SignupState): state is Extract<SignupState, { email: string }> {
  return state.step === 'photo' || state.step === 'personal' || state.step === 'push' || state.step === 'complete';
}

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

/** The step this browser reached for `email` (photo 0 … complete 5), or -1. */
export function storedProgress(email: string): number {
  try {
    const raw = environment().storage?.getItem(SIGNUP_PROGRESS_KEY);
    const stored = raw ? (JSON.parse(raw) as { email?: unknown; step?: unknown }) : null;
    return stored?.email === email && typeof stored.step === 'number' ? stored.step : -1;
  } catch {
    return -1;
  }
}
