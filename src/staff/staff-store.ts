/**
 * The back office's state (docs/staff.md): the login as a union of stages (password, second
 * factor, enrolment, recovery codes shown once, the console) and the members section (search,
 * a member's page and its actions). Screens render these stores and call the actions.
 */
import { atom } from 'nanostores';
import { ApiError, createApiClient } from '#src/client/api.ts';
import {
  getStaffEnrolment,
  getStaffMe,
  getStaffMember,
  getStaffMembers,
  postStaffEnrolment,
  postStaffLogin,
  postStaffLogout,
  postStaffMemberBan,
  postStaffMemberCredits,
  postStaffMemberLogout,
  postStaffMemberUnban,
  postStaffReauth,
  postStaffSecondFactor,
  type StaffMe,
  type StaffMemberPage,
  type StaffMemberRow,
} from '#src/contract/staff.ts';
import { createForm } from '#src/stores/form.ts';

export type Stage =
  | { name: 'loading' }
  | { name: 'login' }
  | { name: 'second_factor'; recovery: boolean }
  | { name: 'enrol'; secret: string; qrSvg: string }
  | { name: 'recovery_codes'; codes: string[] }
  | { name: 'console' };

export const $stage = atom<Stage>({ name: 'loading' });
export const $me = atom<StaffMe | null>(null);

const toLogin = () => {
  $me.set(null);
  $stage.set({ name: 'login' });
};

const api = createApiClient({ onAuthenticationRequired: toLogin });

/** On load: the console when a staff session is live, else the login. */
export async function startStaff(): Promise<void> {
  try {
    const { staff } = await api.call(getStaffMe);
    $me.set(staff);
    $stage.set({ name: 'console' });
  } catch {
    toLogin();
  }
}

export const loginForm = createForm(
  async (email: string, password: string) => {
    const { next } = await api.call(postStaffLogin, { body: { email, password } });
    if (next === 'totp') {
      $stage.set({ name: 'second_factor', recovery: false });
      return;
    }
    const enrolment = await api.call(getStaffEnrolment);
    $stage.set({ name: 'enrol', secret: enrolment.secret, qrSvg: enrolment.qr_svg });
  },
  { repeatable: true },
);

/** Switches the second step between the app's code and a recovery code. */
export function chooseRecoveryCode(recovery: boolean): void {
  $stage.set({ name: 'second_factor', recovery });
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
    const { staff } = await api.call(postStaffSecondFactor, {
      body: recovery ? { recovery_code: value } : { code: value },
    });
    $me.set(staff);
    $stage.set({ name: 'console' });
  },
  { repeatable: true, handle: handleExpired },
);

export const enrolForm = createForm(
  async (code: string) => {
    const { staff, recovery_codes } = await api.call(postStaffEnrolment, { body: { code } });
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
    await api.call(postStaffLogout);
  } finally {
    toLogin();
    $results.set(null);
    $member.set(null);
  }
}

// ---------------------------------------------------------------- members

export const $results = atom<{ members: StaffMemberRow[]; next: number | null; q: string; site: string } | null>(null);
export const $member = atom<StaffMemberPage | null>(null);
/** A money action waits for a fresh second factor (staff_reauth_required). */
export const $reauthNeeded = atom(false);

export const searchForm = createForm(
  async (q: string, site: string) => {
    const page = await api.call(getStaffMembers, { query: { q: q || undefined, site: site || undefined } });
    $results.set({ ...page, q, site });
    $member.set(null);
  },
  { repeatable: true },
);

export const moreForm = createForm(
  async () => {
    const current = $results.get();
    if (!current?.next) return;
    const page = await api.call(getStaffMembers, {
      query: { q: current.q || undefined, site: current.site || undefined, after: String(current.next) },
    });
    $results.set({ ...current, members: [...current.members, ...page.members], next: page.next });
  },
  { repeatable: true },
);

async function reloadMember(id: number): Promise<void> {
  $member.set(await api.call(getStaffMember, { query: { id: String(id) } }));
}

export const openMemberForm = createForm((id: number) => reloadMember(id), { repeatable: true });

export function closeMember(): void {
  $member.set(null);
}

export type MemberAction = 'ban' | 'unban' | 'logout';

export const memberActionForm = createForm(
  async (action: MemberAction, id: number, reason: string) => {
    const body = { id, reason };
    if (action === 'logout') await api.call(postStaffMemberLogout, { body });
    else await api.call(action === 'ban' ? postStaffMemberBan : postStaffMemberUnban, { body });
    await reloadMember(id);
  },
  { repeatable: true },
);

export const creditsForm = createForm(
  async (id: number, delta: number, reason: string) => {
    await api.call(postStaffMemberCredits, { body: { id, delta, reason } });
    await reloadMember(id);
  },
  {
    repeatable: true,
    handle: (error) => {
      if (error instanceof ApiError && error.code === 'staff_reauth_required') {
        $reauthNeeded.set(true);
        return true;
      }
      return false;
    },
  },
);

export const reauthForm = createForm(
  async (code: string) => {
    const { staff } = await api.call(postStaffReauth, { body: { code } });
    $me.set(staff);
    $reauthNeeded.set(false);
  },
  { repeatable: true },
);
