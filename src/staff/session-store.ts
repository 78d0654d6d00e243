/**
 * The back office's session (docs/staff.md): the login as a union of stages (password, second
 * factor, enrolment, recovery codes shown once, the console), the signed-in staff member, and
 * the fresh second factor that money actions and role changes ask for. The console's stores
 * call the API through `environment().api`, which `startStaff` points at a client that sends a
 * lapsed session back to the login.
 */
import { atom } from 'nanostores';
import { ApiError, createApiClient } from '#src/client/api.ts';
import {
  getStaffEnrolment,
  getStaffMe,
  postStaffEnrolment,
  postStaffLogin,
  postStaffLogout,
  postStaffPasskeyChallenge,
  postStaffReauth,
  postStaffSecondFactor,
  type StaffMe,
} from '#src/contract/staff.ts';
import { isPasskeyCeremonyError, passkeyAssertion } from './passkey-ceremony.ts';
import type { StaffRole } from '#src/contract/define.ts';
import { environment, setEnvironment } from '#src/stores/environment.ts';
import { createForm } from '#src/stores/form.ts';

export type Stage =
  | { name: 'loading' }
  | { name: 'login' }
  /** `passkey`: the account has one, offered first (the code stays the fallback). */
  | { name: 'second_factor'; recovery: boolean; passkey: boolean }
  | { name: 'enrol'; secret: string; qrSvg: string }
  | { name: 'recovery_codes'; codes: string[] }
  | { name: 'console' };

export const $stage = atom<Stage>({ name: 'loading' });
export const $me = atom<StaffMe | null>(null);
/** A money action or role change waits for a fresh second factor (staff_reauth_required). */
export const $reauthNeeded = atom(false);
/** The browser's passkey dialog was closed or failed (not a server refusal): shown beside the button. */
export const $passkeyCancelled = atom(false);

/** What each section forgets when the session ends (its lists, the open record). */
const resets = new Set<() => void>();

/** A section's stores register how to forget what they hold when the staff member logs out. */
export function onSessionEnd(reset: () => void): void {
  resets.add(reset);
}

function toLogin(): void {
  $me.set(null);
  $reauthNeeded.set(false);
  for (const reset of resets) reset();
  $stage.set({ name: 'login' });
}

/** Whether the signed-in staff member holds one of these roles. */
export function holdsRole(roles: readonly StaffRole[]): boolean {
  const mine: readonly string[] = $me.get()?.roles ?? [];
  return roles.some((role) => mine.includes(role));
}

/** On load: the console when a staff session is live, else the login. */
export async function startStaff(): Promise<void> {
  setEnvironment({ api: createApiClient({ onAuthenticationRequired: toLogin }) });
  try {
    const { staff } = await environment().api.call(getStaffMe);
    $me.set(staff);
    $stage.set({ name: 'console' });
  } catch {
    toLogin();
  }
}

export const loginForm = createForm(
  async (email: string, password: string) => {
    const { api } = environment();
    const { next, passkey } = await api.call(postStaffLogin, { body: { email, password } });
    if (next === 'totp') {
      $stage.set({ name: 'second_factor', recovery: false, passkey });
      return;
    }
    const enrolment = await api.call(getStaffEnrolment);
    $stage.set({ name: 'enrol', secret: enrolment.secret, qrSvg: enrolment.qr_svg });
  },
  { repeatable: true },
);

/** Switches the second step between the app's code and a recovery code. */
export function chooseRecoveryCode(recovery: boolean): void {
  const stage = $stage.get();
  $stage.set({ name: 'second_factor', recovery, passkey: stage.name === 'second_factor' && stage.passkey });
}

/** A second step that timed out starts over at the password. */
function handleExpired(error: unknown): boolean {
  if (error instanceof ApiError && error.code === 'staff_login_expired') {
    toLogin();
    return true;
  }
  return false;
}

export const secondFactorForm = createForm(
  async (value: string, recovery: boolean) => {
    const { staff } = await environment().api.call(postStaffSecondFactor, {
      body: recovery ? { recovery_code: value } : { code: value },
    });
    $me.set(staff);
    $stage.set({ name: 'console' });
  },
  { repeatable: true, handle: handleExpired },
);

/** A closed or failed browser dialog is noted beside the passkey button, not as a server error. */
function handlePasskeyCeremony(error: unknown): boolean {
  if (!isPasskeyCeremonyError(error)) return false;
  $passkeyCancelled.set(true);
  return true;
}

/** The server's passkey challenge for this session, signed in the browser's dialog. */
async function signChallenge() {
  $passkeyCancelled.set(false);
  const { options } = await environment().api.call(postStaffPasskeyChallenge);
  return passkeyAssertion(options);
}

/** The second step with a passkey: the server's challenge, the browser's dialog, the answer. */
export const passkeyLoginForm = createForm(
  async () => {
    const { staff } = await environment().api.call(postStaffSecondFactor, { body: { passkey: await signChallenge() } });
    $me.set(staff);
    $stage.set({ name: 'console' });
  },
  { repeatable: true, handle: (error) => handleExpired(error) || handlePasskeyCeremony(error) },
);

export const enrolForm = createForm(
  async (code: string) => {
    const { staff, recovery_codes } = await environment().api.call(postStaffEnrolment, { body: { code } });
    $me.set(staff);
    $stage.set({ name: 'recovery_codes', codes: recovery_codes });
  },
  { repeatable: true, handle: handleExpired },
);

export function recoveryCodesStored(): void {
  $stage.set({ name: 'console' });
}

export async function logout(): Promise<void> {
  try {
    await environment().api.call(postStaffLogout);
  } finally {
    toLogin();
  }
}

/**
 * A form's `handle` for actions behind a fresh second factor: a `staff_reauth_required`
 * refusal opens the confirmation (ReauthForm) instead of an error; the staff member then sends
 * the action again.
 */
export function askForReauth(error: unknown): boolean {
  if (error instanceof ApiError && error.code === 'staff_reauth_required') {
    $reauthNeeded.set(true);
    return true;
  }
  return false;
}

export const reauthForm = createForm(
  async (code: string) => {
    const { staff } = await environment().api.call(postStaffReauth, { body: { code } });
    $me.set(staff);
    $reauthNeeded.set(false);
  },
  { repeatable: true },
);

/** Re-authentication with a passkey instead of the app's code. */
export const reauthPasskeyForm = createForm(
  async () => {
    const { staff } = await environment().api.call(postStaffReauth, { body: { passkey: await signChallenge() } });
    $me.set(staff);
    $reauthNeeded.set(false);
  },
  { repeatable: true, handle: handlePasskeyCeremony },
);
