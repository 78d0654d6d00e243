/**
 * The first steps of the signup flow (signup-state.ts): the embedded site-entry warning and
 * the account step. What the visitor types lives in $signupValues; `accountForm` (the one
 * submit flow, src/stores/form.ts) checks it (signup-checks.ts), then sends POST
 * /api/signup.php with the traffic source stored on landing. Refusals that belong to a field
 * show there ($signupErrors), the others above the form. The API client, storage and clock
 * come from the environment (src/stores/environment.ts).
 */
import { map } from 'nanostores';
import { ApiError } from '#src/client/api.ts';
import { postSignup, trafficSource, type TrafficSource } from '#src/contract/accounts.ts';
import type { Gender } from '#src/lib/constants.ts';
import { TRAFFIC_STORAGE_KEY as TRAFFIC_SOURCE_KEY } from '#src/lib/traffic.ts';
import { environment } from '#src/stores/environment.ts';
import { errorField, errorText, type CheckError } from '#src/stores/errors.ts';
import { createForm } from '#src/stores/form.ts';
import { fieldOfError, validateAccount } from './signup-checks.ts';
import { $signup, type SignupField, type SignupValues } from './signup-state.ts';

/** localStorage key of the traffic source captured on landing (SPEC §3 "Traffic source"). */
export { TRAFFIC_SOURCE_KEY };

/**
 * A refusal shown at its field: the text in the member's language, and the server's error
 * code or the client check's key it came from (some codes bring a link, e.g. email_exists).
 */
export interface FieldError {
  code: string;
  text: string;
}
export type FieldErrors = Partial<Record<SignupField, FieldError>>;

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

/** The account step's refusals at their fields; a field's goes away once the member edits it. */
export const $signupErrors = map<FieldErrors>({});
export const $signupValues = map<SignupValues>({ ...EMPTY_VALUES });

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
